/**
 * Tags of a price band: brands and phrases that recur in the titles of the band's real products
 * ("Hornby", "Steam Locomotive"), weighted by how rare they are across the catalog (tf-idf).
 */

const STOPWORDS = new Set(
  `a an and the of for with in on to by from at or as is it its this that your our you new
  x pcs pc pack packs piece pieces kids kid children childrens child boys boy girls girl toy toys
  large small medium mini big giant size sizes assorted colour colours color colors random design
  designs style styles one two three four five six multi various includes including edition version
  genuine official brand uk quality premium great fun per box item items years year age ages plus
  inch inches cm mm approx approximately free perfect ideal best super deluxe set sets
  black white red blue green pink yellow orange purple silver gold grey gray brown`
    .split(/\s+/)
    .filter(Boolean),
)

/** Words of a title that can make a tag: lower-case letters only, 3+ characters, no stopwords. */
export function titleWords(title: string, exclude: ReadonlySet<string>): (string | null)[] {
  // null marks a break (a dropped word), so a phrase never spans a gap.
  return title
    .toLowerCase()
    .split(/[^\p{L}']+/u)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter((w) => w.length > 0)
    .map((w) => (w.length < 3 || STOPWORDS.has(w) || exclude.has(w) || /\d/.test(w) ? null : w))
}

/** Unigrams and bigrams of one title, each once. */
export function titlePhrases(title: string, exclude: ReadonlySet<string>): Set<string> {
  const words = titleWords(title, exclude)
  const phrases = new Set<string>()
  words.forEach((word, i) => {
    if (!word) return
    phrases.add(word)
    const next = words[i + 1]
    if (next && next !== word) phrases.add(`${word} ${next}`)
  })
  return phrases
}

/** "steam locomotive" -> "Steam Locomotive". */
export function titleCasePhrase(phrase: string): string {
  return phrase.replace(/(^|\s)(\p{L})/gu, (_, space: string, ch: string) => space + ch.toUpperCase())
}

/** Document frequency of each phrase over `titles`. */
export function phraseCounts(titles: readonly string[], exclude: ReadonlySet<string>): Map<string, number> {
  const counts = new Map<string, number>()
  for (const title of titles) {
    for (const phrase of titlePhrases(title, exclude)) counts.set(phrase, (counts.get(phrase) ?? 0) + 1)
  }
  return counts
}

/**
 * Scores the phrases of a bucket: recurring ones (in at least two titles, or one when there are
 * at most three titles) by count × idf, bigrams a little above single words; the best `keep`.
 * @param idf inverse document frequency of a phrase over the catalog's titles.
 */
export function scorePhrases(
  counts: ReadonlyMap<string, number>,
  titleCount: number,
  idf: (phrase: string) => number,
  keep: number,
): { text: string; score: number }[] {
  const minCount = titleCount <= 3 ? 1 : 2
  return [...counts]
    .filter(([, n]) => n >= minCount)
    .map(([text, n]) => ({ text, score: n * idf(text) * (text.includes(' ') ? 1.3 : 1) }))
    .sort((a, b) => b.score - a.score || a.text.localeCompare(b.text))
    .slice(0, keep)
}

/** The best `limit` phrases of scored ones, skipping any that shares a word with one chosen. */
export function pickPhrases(scored: readonly { text: string; score: number }[], limit: number): string[] {
  const sorted = [...scored].sort((a, b) => b.score - a.score || a.text.localeCompare(b.text))
  const chosen: string[] = []
  for (const { text } of sorted) {
    if (chosen.length >= limit) break
    const words = text.split(' ')
    if (!chosen.some((c) => c.split(' ').some((w) => words.includes(w)))) chosen.push(text)
  }
  return chosen
}
