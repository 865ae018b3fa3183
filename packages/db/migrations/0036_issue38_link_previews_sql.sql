-- Issue 38: a pasted link is matched to the catalog's own product by its URL (affiliate_url, e.g.
-- https://www.amazon.co.uk/dp/<ASIN>) before any outside fetch. A hash index answers equality on
-- URLs of any length (a btree entry is limited to about 2.7 KB).
CREATE INDEX IF NOT EXISTS "products_affiliate_url_hash_idx" ON "products" USING hash ("affiliate_url");
