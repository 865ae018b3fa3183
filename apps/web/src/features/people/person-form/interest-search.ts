import type { InterestListItem } from '@presently/domain'

/** The most matches the interest search lists at once. */
export const INTEREST_SEARCH_LIMIT = 8

const fold = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim()

/**
 * Interests matching what was typed (issue 26 item 5), across every category: a name or alias
 * starting with the text first ("bak" -> Baking), then one with a word starting with it, then
 * one containing it; ties by name. Case and extra spaces are ignored; fewer than 2 letters find
 * nothing. At most `limit`.
 */
export function searchInterests(
  interests: readonly InterestListItem[],
  typed: string,
  limit = INTEREST_SEARCH_LIMIT,
): InterestListItem[] {
  const query = fold(typed)
  if (query.length < 2) return []
  const scored: { interest: InterestListItem; score: number }[] = []
  for (const interest of interests) {
    let score = 0
    for (const text of [interest.name, ...interest.aliases].map(fold)) {
      if (text.startsWith(query)) score = Math.max(score, text === query ? 4 : 3)
      else if (text.split(/[\s/&(),-]+/).some((word) => word.startsWith(query))) score = Math.max(score, 2)
      else if (text.includes(query)) score = Math.max(score, 1)
    }
    if (score > 0) scored.push({ interest, score })
  }
  return scored
    .sort((a, b) => b.score - a.score || a.interest.name.localeCompare(b.interest.name, 'en-GB'))
    .slice(0, limit)
    .map((s) => s.interest)
}
