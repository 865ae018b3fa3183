-- A catalog version that moves on every write to the tables listings read from, so caches of
-- catalog reads (packages/api catalog-cache) are invalidated by any writer: the server, the
-- import CLI in another process, or SQL typed by hand. Statement-level triggers: one bump per
-- statement, not per row.
CREATE TABLE "catalog_state" (
  "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "version" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "catalog_state" ("id", "version") VALUES (1, 1);
--> statement-breakpoint
CREATE FUNCTION "bump_catalog_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalog_state" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE TRIGGER "promos_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "promos"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE TRIGGER "promo_products_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "promo_products"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE TRIGGER "category_overrides_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "category_overrides"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE TRIGGER "variant_groups_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "variant_groups"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
