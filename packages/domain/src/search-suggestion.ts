/**
 * The pure half of "Did you mean ...?" (issue 26 item 6, docs/decisions/search-suggestions.md):
 * the edit distance that counts a swap of two neighbouring letters as one slip, and the choice
 * among the catalog words the database offers as near spellings.
 */

/**
 * Optimal string alignment distance (Damerau-Levenshtein without repeated edits of one
 * substring): insertions, deletions, substitutions and swaps of adjacent letters each cost 1,
 * so "lgeo" -> "lego" is 1 where Levenshtein says 2. Stops early and answers `max + 1` once
 * every alignment costs more than `max`.
 */
export function osaDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)]
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1)
      row.push(d)
      best = Math.min(best, d)
    }
    if (best > max) return max + 1
    rows.push(row)
  }
  return rows[a.length]![b.length]!
}

/** A word of the catalog's vocabulary and how many product titles hold it. */
export interface VocabularyWord {
  word: string
  ndoc: number
}

/** The most edits a typed word of `length` letters may be from its correction: 1 up to 5 letters, else 2. */
export function maxEdits(length: number): number {
  return length <= 5 ? 1 : 2
}

/**
 * The correction of `typed` (lower case) among `candidates`: the nearest by osaDistance within
 * maxEdits, then the word in more titles, then alphabetical; null when none is near enough or
 * `typed` is itself a candidate.
 */
export function chooseCorrection(typed: string, candidates: readonly VocabularyWord[]): string | null {
  const limit = maxEdits(typed.length)
  let best: { word: string; distance: number; ndoc: number } | null = null
  for (const { word, ndoc } of candidates) {
    if (word === typed) return null
    const distance = osaDistance(typed, word, limit)
    if (distance > limit) continue
    if (
      !best ||
      distance < best.distance ||
      (distance === best.distance && (ndoc > best.ndoc || (ndoc === best.ndoc && word < best.word)))
    )
      best = { word, distance, ndoc }
  }
  return best?.word ?? null
}

/**
 * The candidates nearest to `typed` (the fewest edits, within maxEdits), in the given order;
 * empty when `typed` is itself a word or none is near enough. chooseCorrection picks among them
 * by how many titles use each.
 */
export function nearestWords(typed: string, candidates: readonly VocabularyWord[]): string[] {
  const limit = maxEdits(typed.length)
  let best = Infinity
  let words: string[] = []
  for (const { word } of candidates) {
    if (word === typed) return []
    const distance = osaDistance(typed, word, limit)
    if (distance > limit || distance > best) continue
    if (distance < best) words = []
    best = distance
    words.push(word)
  }
  return words
}

/** The words of a search a correction is looked for: lower case, letters only, 3 or more. */
export function correctableWords(search: string): string[] {
  return [...new Set(search.toLowerCase().match(/[a-z]{3,}/g) ?? [])]
}

/**
 * `search` with each word of `corrections` replaced (whole words, any case), lower-cased;
 * null when nothing was replaced.
 */
export function applyCorrections(search: string, corrections: ReadonlyMap<string, string>): string | null {
  if (corrections.size === 0) return null
  const corrected = search
    .toLowerCase()
    .replace(/[a-z]+/g, (word) => corrections.get(word) ?? word)
    .replace(/\s+/g, ' ')
    .trim()
  return corrected === search.toLowerCase().replace(/\s+/g, ' ').trim() ? null : corrected
}
