import { selectionIdFromSearch } from '../orders/selection-from-search'

/**
 * The person and occasion query parameters (spec browsing-and-purchase §2 "Query parameters",
 * §3 "Selection"): whole ids, either optional.
 */
export interface SelectionSearch {
  person?: number
  occasion?: number
}

/** The URL keys of the selection, kept on every navigation (root route's retainSearchParams). */
export const SELECTION_KEYS = ['person', 'occasion'] as const

/**
 * The root route's search validation: `person` and `occasion` as whole positive ids; anything
 * else ("abc", "1.5", -3) is ignored, i.e. read as undefined (spec §2: "Values that are not
 * parseable as integers are ignored"). Both keys are always present in the result, so a value
 * that was ignored is dropped from the next URL the router builds.
 */
export function parseSelectionSearch(search: Record<string, unknown>): SelectionSearch {
  return { person: selectionIdFromSearch(search.person), occasion: selectionIdFromSearch(search.occasion) }
}

/**
 * The id to select from a URL value, given the ids of the loaded list: the id when it is in the
 * list, else undefined (spec §2: "A URL parameter preselects a person or occasion only if that id
 * exists in the loaded list"). While the list has not loaded (`ids` undefined) nothing is
 * selected yet.
 */
export function resolveSelectedId(value: unknown, ids: ReadonlySet<number> | undefined): number | undefined {
  const id = selectionIdFromSearch(value)
  return id !== undefined && ids?.has(id) ? id : undefined
}

/**
 * Whether the URL holds a value for the key that is not the resolved selection and should be
 * removed from the address bar once the list has loaded (a foreign, deleted or unparseable id):
 * the address bar mirrors the selection (spec §2).
 */
export function isStaleParam(raw: unknown, resolved: number | undefined): boolean {
  return raw !== undefined && raw !== null && raw !== '' && resolved === undefined
}

/** One group of picker options: a heading (null for none) and its items in order. */
export interface OptionGroup<T> {
  group: string | null
  items: T[]
}

/**
 * Occasions grouped by their category for the Because: picker (spec §2 "Pickers": "options
 * grouped by category"). Groups keep the order in which their first occasion arrives (the
 * server lists occasions in the reference order), items their own order; an empty category
 * counts as "Main" (spec §3: category defaults to "Main").
 */
export function groupByCategory<T extends { category: string }>(items: readonly T[]): OptionGroup<T>[] {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const key = item.category.trim() || 'Main'
    const list = groups.get(key)
    if (list) list.push(item)
    else groups.set(key, [item])
  }
  return [...groups].map(([group, list]) => ({ group, items: list }))
}

/**
 * Filters picker options by the search text: case-insensitive, every word of the query must
 * appear in the label (so "day mo" finds "Mother's Day"); a blank query keeps everything.
 */
export function matchesQuery(label: string, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  const text = label.toLowerCase()
  return words.every((word) => text.includes(word))
}
