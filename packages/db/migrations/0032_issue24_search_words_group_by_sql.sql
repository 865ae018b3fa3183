-- catalog_words (migration 0018) counted the titles' words with ts_stat, which puts every word of
-- every title, model numbers and sizes included, into one unbalanced binary tree before the filter
-- drops all but the words of 3+ letters: at 1,000,000 products (titles numbered in order) the
-- refresh after an import took 4.6 s on a quiet machine and 33-55 s on a loaded one. The same
-- words and counts (ndoc: titles holding the word; a tsvector holds each word once) from a hash
-- aggregate of the words that pass the filter: 5-6 s under the same load (issue 24,
-- docs/decisions/catalog-import.md). Identical rows on the shipped catalog (9,441 words).
DROP MATERIALIZED VIEW IF EXISTS "catalog_words";
--> statement-breakpoint
CREATE MATERIALIZED VIEW "catalog_words" AS
  SELECT w.word, count(*)::integer AS ndoc
    FROM public.products p
    CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('simple', p.title))) AS w(word)
   WHERE NOT p.disabled AND NOT p.category_hidden
     AND length(w.word) >= 3 AND w.word ~ '^[a-z]+$'
   GROUP BY w.word;
--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_words_word_idx" ON "catalog_words" ("word");
--> statement-breakpoint
CREATE INDEX "catalog_words_trgm_idx" ON "catalog_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "catalog_words_length_idx" ON "catalog_words" (length("word"), "ndoc");
