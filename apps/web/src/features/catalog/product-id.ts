/** A product page id: a positive whole number (shop id, or 5+ digits for an affiliate id). */
export function parseProductId(raw: string): number | null {
  if (!/^\d{1,16}$/.test(raw)) return null
  const id = Number(raw)
  return Number.isSafeInteger(id) && id > 0 ? id : null
}
