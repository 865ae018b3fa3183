-- The catalog's own vocabulary for "Did you mean ...?" (issue 26 item 6,
-- docs/decisions/search-suggestions.md): every word of the titles of visible products, lower
-- case, letters only, 3 letters or more, with how many titles hold it (ndoc). The importer
-- refreshes it after each import (refreshSearchWords); a trigram index finds near spellings and
-- fuzzystrmatch's levenshtein_less_equal the transpositions trigrams miss ("lgeo" -> "lego").
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
--> statement-breakpoint
CREATE MATERIALIZED VIEW "catalog_words" AS
  SELECT word, ndoc
    FROM ts_stat($$select to_tsvector('simple', title) from public.products where not disabled and not category_hidden$$)
   WHERE length(word) >= 3 AND word ~ '^[a-z]+$';
--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_words_word_idx" ON "catalog_words" ("word");
--> statement-breakpoint
CREATE INDEX "catalog_words_trgm_idx" ON "catalog_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "catalog_words_length_idx" ON "catalog_words" (length("word"), "ndoc");
