-- The gift picks read the most popular products matching a person's interest terms (issue 20,
-- load-pick-inputs.ts). PostgreSQL chooses between walking the popularity index until 240 match
-- and reading every match from the full-text index by its estimate of how many rows match; with
-- the default statistics (100 most common words) a rare word ("wine", "cosmetics") was estimated
-- at ten times its real frequency at 1,000,000 products and the walk read the whole catalog (1.2 s).
-- Keeping 1,000 words makes the estimate close (docs/decisions/gift-picks.md). Takes effect at the
-- next ANALYZE (autovacuum's, or the one the import runs).
ALTER TABLE "products" ALTER COLUMN "search_vector" SET STATISTICS 1000;
