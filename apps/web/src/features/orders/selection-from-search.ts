/**
 * A person or occasion id from a URL search value (spec browsing-and-purchase §2 "Query
 * parameters": values that are not parseable as integers are ignored). TanStack Router hands
 * numbers for numeric values and strings otherwise.
 */
export function selectionIdFromSearch(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : ''
  if (!/^\d{1,10}$/.test(text)) return undefined
  const id = Number(text)
  return id >= 1 && id <= 2_147_483_647 ? id : undefined
}
