-- Issue 39: a feed refresh writes its changed rows in many short transactions (no long lock on
-- products) and announces the new catalog once, at its end: a transaction that sets
-- presently.catalog_version_deferred = 'on' (SET LOCAL) does not bump the version, and
-- bump_catalog_version_now() bumps it once. Readers keep their cached answers during the refresh
-- (at 1,000,000 products a listing costs 100-350 ms cold) and see the refresh when it ends.
CREATE OR REPLACE FUNCTION "bump_catalog_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_version bigint;
BEGIN
  IF current_setting('presently.catalog_version_deferred', true) = 'on' THEN
    RETURN NULL;
  END IF;
  UPDATE "catalog_state" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO next_version;
  PERFORM pg_notify('presently_catalog_version', next_version::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_catalog_version_now"() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  next_version bigint;
BEGIN
  UPDATE "catalog_state" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO next_version;
  PERFORM pg_notify('presently_catalog_version', next_version::text);
  RETURN next_version;
END;
$$;
--> statement-breakpoint
-- Price history (issue 39): one row per change of price or stock, whoever updates products. The
-- first change of a product also records the price it had, observed at its previous updated_at
-- (the latest moment that price is known to have held). INSERTs write nothing: a product without
-- history has kept its price since it was created.
CREATE OR REPLACE FUNCTION "record_price_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "price_history" WHERE "product_id" = NEW."id") THEN
    INSERT INTO "price_history" ("product_id", "price_pence", "in_stock", "observed_at")
    VALUES (OLD."id", round(OLD."price" * 100)::integer, OLD."in_stock", least(OLD."updated_at", now() - interval '1 microsecond'));
  END IF;
  INSERT INTO "price_history" ("product_id", "price_pence", "in_stock", "observed_at")
  VALUES (NEW."id", round(NEW."price" * 100)::integer, NEW."in_stock", now());
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_price_history" AFTER UPDATE OF "price", "in_stock" ON "products"
  FOR EACH ROW WHEN (OLD."price" IS DISTINCT FROM NEW."price" OR OLD."in_stock" IS DISTINCT FROM NEW."in_stock")
  EXECUTE FUNCTION "record_price_change"();
--> statement-breakpoint
-- Search words leave out products no longer sold (issue 39), as listings and search do.
DROP MATERIALIZED VIEW IF EXISTS "catalog_words";
--> statement-breakpoint
CREATE MATERIALIZED VIEW "catalog_words" AS
  SELECT w.word, count(*)::integer AS ndoc
    FROM public.products p
    CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('simple', p.title))) AS w(word)
   WHERE NOT p.disabled AND NOT p.category_hidden AND p.withdrawn_at IS NULL
     AND length(w.word) >= 3 AND w.word ~ '^[a-z]+$'
   GROUP BY w.word;
--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_words_word_idx" ON "catalog_words" ("word");
--> statement-breakpoint
CREATE INDEX "catalog_words_trgm_idx" ON "catalog_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "catalog_words_length_idx" ON "catalog_words" (length("word"), "ndoc");
