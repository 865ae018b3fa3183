import { sql, type Db } from '@presently/db'
import { applyCorrections, chooseCorrection, correctableWords, maxEdits } from '@presently/domain'

/**
 * "Did you mean ...?" (issue 26 item 6, docs/decisions/search-suggestions.md): `search` with each
 * word the catalog's titles never use replaced by its nearest catalog word (catalog_words,
 * refreshed by the importer), or null when every word is known or has no near spelling.
 *
 * Candidates come from PostgreSQL: trigram similarity (`%`, pg_trgm's index) and, for the
 * swapped letters trigrams miss ("lgeo" shares one trigram with "lego"), fuzzystrmatch's
 * levenshtein_less_equal over words of a near length. chooseCorrection then picks by optimal
 * string alignment distance (a swap is one edit), then by how many titles use the word.
 */
export async function suggestSearch(db: Db, search: string): Promise<string | null> {
  const corrections = new Map<string, string>()
  for (const typed of correctableWords(search).slice(0, 6)) {
    const limit = maxEdits(typed.length)
    const { rows } = await db.execute<{ word: string; ndoc: number }>(sql`
      select word, ndoc from catalog_words where word = ${typed}
      union
      (select word, ndoc from catalog_words where word % ${typed} order by similarity(word, ${typed}) desc limit 20)
      union
      (select word, ndoc from catalog_words
        where length(word) between ${typed.length - limit} and ${typed.length + limit}
          and levenshtein_less_equal(word, ${typed}, ${limit + 1}) <= ${limit + 1}
        order by ndoc desc limit 20)`)
    const correction = chooseCorrection(typed, rows)
    if (correction) corrections.set(typed, correction)
  }
  return applyCorrections(search, corrections)
}
