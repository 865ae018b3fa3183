-- issue 22: orders made before the price was recorded take their product's current price (pence).
UPDATE "click_throughs" AS ct
   SET "price_pence" = round(p."price" * 100)::integer
  FROM "products" AS p
 WHERE p."id" = ct."product_id" AND ct."price_pence" IS NULL;
