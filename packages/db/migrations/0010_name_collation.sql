-- Name sorts of listings (issue 14, docs/decisions/default-sort.md): case-insensitive en-GB order
-- (ICU), ignoring leading punctuation, so "The Gruffalo" and "THE PIRATE BAY" sort together and
-- '"Quoted" titles' and '**PLUS 2 PACKETS FREE**' sort by their first word. The collation exists
-- in every PostgreSQL built with ICU (Debian's, the embedded npm cluster, PGlite). The leading
-- punctuation is cut with a regular expression under the ICU root collation, whose character
-- classes are Unicode's whatever the database's own locale is.
CREATE COLLATION IF NOT EXISTS "presently_en_gb" (provider = icu, locale = 'en-GB');
--> statement-breakpoint
CREATE INDEX "products_listing_name_idx" ON "products" USING btree ((regexp_replace("title" COLLATE "und-x-icu", '^[^[:alnum:]]+', '') COLLATE "presently_en_gb"), "id")
  WHERE not "products"."disabled" and not "products"."category_hidden" and not "products"."variant_secondary";
