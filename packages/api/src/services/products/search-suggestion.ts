import { sql, type Db } from '@presently/db'
import { applyCorrections, chooseCorrection, correctableWords, maxEdits, nearestWords } from '@presently/domain'
import { cachedCatalogRead } from '../catalog-cache.ts'

/**
 * "Did you mean ...?" (issue 26 item 6, docs/decisions/search-suggestions.md): `search` with each
 * word the catalog's titles never use replaced by its nearest catalog word (catalog_words,
 * refreshed by the importer), or null when every word is known or has no near spelling.
 *
 * Candidates come from PostgreSQL: trigram similarity (`%`, pg_trgm's index) and, for the
 * swapped letters trigrams miss ("lgeo" shares one trigram with "lego"), fuzzystrmatch's
 * levenshtein_less_equal over words of a near length. chooseCorrection then picks by optimal
 * string alignment distance (a swap is one edit); among the nearest, the catalog's own brands and
 * franchises first (issue 43 §3: "harry poter lego" -> "harry potter lego", not "harry power
 * lego"): a word the titles put beside a neighbouring word of the search, or a brand; then by how
 * many titles use the word.
 *
 * Memoised per catalog version and lower-cased text (cachedCatalogRead, issue 44): the answer
 * depends on nothing else. Type-ahead asks it for the same words on every keystroke of the word
 * after them ("harry poter l", "harry poter le": "harry poter"), and each ask is one vocabulary
 * query per unknown word (3-20 ms of PostgreSQL's execution) and, when several words are as near,
 * a brand and phrase query. Like every cached catalog read, a correction read between an
 * import's writes and its refresh of catalog_words keeps the old vocabulary until the catalog
 * version next moves or the entry's time is up.
 */
export function suggestSearch(db: Db, search: string): Promise<string | null> {
  return cachedCatalogRead(db, `search.correction:${search.toLowerCase()}`, (reader) => findCorrection(reader, search))
}

/** suggestSearch's answer, read from catalog_words and products (not memoised). */
async function findCorrection(db: Db, search: string): Promise<string | null> {
  const corrections = new Map<string, string>()
  const typedWords = search.toLowerCase().match(/[a-z0-9']+/g) ?? []
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
    const near = nearestWords(typed, rows)
    const preferred = near.length > 1 ? await inContext(db, near, neighbours(typedWords, typed)) : []
    const correction = chooseCorrection(
      typed,
      preferred.length > 0 ? rows.filter((row) => preferred.includes(row.word)) : rows,
    )
    if (correction) corrections.set(typed, correction)
  }
  return applyCorrections(search, corrections)
}

/** The words beside `typed` in the search (before and after it), that are not `typed` itself. */
function neighbours(words: readonly string[], typed: string): string[] {
  const at = words.indexOf(typed)
  return [words[at - 1], words[at + 1]].filter((w): w is string => !!w && w !== typed)
}

/**
 * Those of `candidates` the catalog uses most with the search's other words ("harry potter"):
 * the most visible products whose document holds "<neighbour> <candidate>" or "<candidate>
 * <neighbour>" as a phrase; when no phrase is held, those that are a product's brand ("lego").
 */
async function inContext(db: Db, candidates: readonly string[], beside: readonly string[]): Promise<string[]> {
  const phrases = candidates.flatMap((word) => beside.flatMap((n) => [`${n} ${word}`, `${word} ${n}`]))
  const { rows } = await db.execute<{ word: string; uses: number; brand: boolean }>(sql`
    select c.word,
           (select count(*) from unnest(${sql.param(phrases)}::text[]) ph(phrase)
              join products p on not p.disabled and p.search_vector @@ phraseto_tsquery('english', ph.phrase)
             where ph.phrase like c.word || ' %' or ph.phrase like '% ' || c.word)::int as uses,
           exists (select 1 from products p where not p.disabled and lower(p.brand) = c.word) as brand
      from unnest(${sql.param(candidates)}::text[]) c(word)`)
  const most = Math.max(0, ...rows.map((r) => r.uses))
  if (most > 0) return rows.filter((r) => r.uses === most).map((r) => r.word)
  return rows.filter((r) => r.brand).map((r) => r.word)
}
