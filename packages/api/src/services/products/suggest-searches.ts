import { products, sql, type Db } from '@presently/db'
import type { SearchSuggestions } from '@presently/domain'
import { cachedCatalogRead } from '../catalog-cache.ts'
import { suggestSearch } from './search-suggestion.ts'
import { primaryVariantCondition, visibleCondition } from './product-filters.ts'

/** How many of each kind a suggestion list holds (a short list people read as they type). */
const LIMITS = { queries: 4, products: 5, categories: 3, interests: 3 }

/**
 * Suggestions for a search as it is typed (issue 43 §3; docs/decisions/search-as-you-type.md),
 * for `q` of at least two characters (searchSuggestionsInput):
 * - queries: catalog words (catalog_words, most titles first) that complete the last word,
 *   with the words before it ("harry potter le" -> "harry potter lego");
 * - products: visible products (one per variant group) whose document holds every word, the last
 *   as a prefix, titles holding them first, then the most popular;
 * - categories: catalog categories (top level and the level below) with a word starting with the
 *   text, most products first;
 * - interests: gift interests whose name (or a word of it) or an alias starts with it;
 * - correction: the search with misspelt words replaced from the catalog's words, its brands and
 *   franchises first (suggestSearch), when a word other than the one being typed is unknown.
 * Memoised per catalog version and text (cachedCatalogRead). The text is matched as words only:
 * anything but letters, digits and apostrophes separates words.
 */
export function suggestSearches(db: Db, q: string): Promise<SearchSuggestions> {
  const query = q.toLowerCase().replace(/\s+/g, ' ').trim()
  return cachedCatalogRead(db, `search.suggest:${query}`, () => readSuggestions(db, query, /\s$/.test(q)))
}

async function readSuggestions(db: Db, query: string, lastWordComplete: boolean): Promise<SearchSuggestions> {
  const words = query.match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? []
  const empty: SearchSuggestions = { query, correction: null, queries: [], products: [], categories: [], interests: [] }
  if (words.length === 0) return empty
  const head = words.slice(0, -1)
  const last = words[words.length - 1]!
  // "harry & potter & le:*": every word, the last one as a prefix while it is being typed.
  const tsQuery = [...head.map((w) => w.replace(/'/g, '')), `${last.replace(/'/g, '')}${lastWordComplete ? '' : ':*'}`]
    .filter(Boolean)
    .join(' & ')
  const text = query.replace(/[\\%_]/g, (c) => `\\${c}`)

  const [completions, productRows, categoryRows, interestRows] = await Promise.all([
    lastWordComplete
      ? Promise.resolve({ rows: [] as { word: string }[] })
      : db.execute<{ word: string }>(sql`
          select word from catalog_words where word like ${`${last.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}
           order by ndoc desc, word limit ${LIMITS.queries}`),
    db.execute<{ id: number; aw_product_id: number | null; title: string; price: number }>(sql`
      select ${products.id} as id, ${products.awProductId} as aw_product_id, ${products.title} as title, ${products.price} as price
        from ${products}, to_tsquery('english', ${tsQuery}) q
       where ${visibleCondition()} and ${primaryVariantCondition()} and ${products.searchVector} @@ q
       order by (ts_filter(${products.searchVector}, '{a}') @@ q) desc, ${products.popularity} desc nulls last, ${products.id}
       limit ${LIMITS.products}`),
    db.execute<{ category_name: string; category_level1: string | null; products: number }>(sql`
      select category_name, category_level1, count(*)::int as products
        from (select ${products.categoryName} as category_name, ${products.categoryLevel1} as category_level1
                from ${products}
               where ${visibleCondition()} and ${products.categoryName} is not null
                 and (' ' || lower(${products.categoryName}) like ${`% ${text}%`}
                      or ' ' || lower(${products.categoryLevel1}) like ${`% ${text}%`})) c
       group by category_name, category_level1
       order by count(*) desc, category_name, category_level1
       limit ${LIMITS.categories * 3}`),
    db.execute<{ name: string }>(sql`
      select name from interests
       where lower(name) like ${`${text}%`} or lower(name) like ${`% ${text}%`}
          or exists (select 1 from unnest(aliases) a where a like ${`${text}%`})
       order by lower(name) like ${`${text}%`} desc, length(name), name
       limit ${LIMITS.interests}`),
  ])

  // A category named like the text is suggested at its own level: "Jigsaws & Puzzles" under Games
  // as that sub-category, "Games" on its own.
  const categories: SearchSuggestions['categories'] = []
  const seen = new Set<string>()
  for (const row of categoryRows.rows) {
    const topMatches = ` ${row.category_name.toLowerCase()}`.includes(` ${query}`)
    const entry = topMatches
      ? { label: row.category_name, categoryName: row.category_name, categoryLevel1: null }
      : {
          label: `${row.category_level1} in ${row.category_name}`,
          categoryName: row.category_name,
          categoryLevel1: row.category_level1,
        }
    const key = `${entry.categoryName}::${entry.categoryLevel1 ?? ''}`
    if (seen.has(key) || categories.length >= LIMITS.categories) continue
    seen.add(key)
    categories.push(entry)
  }

  // A correction is looked for only when the words find nothing, and not for a last word still
  // being typed that some catalog word completes.
  const lastIsPrefix = !lastWordComplete && completions.rows.length > 0
  const toCorrect = lastIsPrefix ? head.join(' ') : query
  const fixed = productRows.rows.length === 0 && toCorrect ? await suggestSearch(db, toCorrect) : null
  const correction = fixed ? (lastIsPrefix ? `${fixed} ${last}` : fixed) : null

  return {
    query,
    correction,
    // With a correction on offer, completions of the misspelt words would only repeat the slip.
    queries: correction ? [] : completions.rows.map((row) => [...head, row.word].join(' ')).filter((q) => q !== query),
    products: productRows.rows.map((row) => ({
      id: row.id,
      awProductId: row.aw_product_id === null ? null : Number(row.aw_product_id),
      title: row.title,
      price: Number(row.price),
    })),
    categories,
    interests: [...new Set(interestRows.rows.map((row) => row.name))].map((name) => ({ name })),
  }
}
