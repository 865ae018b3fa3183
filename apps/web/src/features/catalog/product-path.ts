/**
 * The id a product page URL carries: the affiliate-network id (awProductId, always 5+ digits, and
 * stable across catalog re-imports) when there is one, else the shop id. The product page reads
 * 5+ digit ids with type "aw" (spec browsing-and-purchase §5), so a shop id of 10000 or more would
 * be misread as an affiliate id; the affiliate id avoids that ambiguity.
 */
export function productUrlId(product: { id: number; awProductId: number | null }): string {
  const aw = product.awProductId
  return aw !== null && aw >= 10_000 ? String(aw) : String(product.id)
}
