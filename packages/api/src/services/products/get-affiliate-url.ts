import { eq, products, type Db } from '@presently/db'
import { AppError, ORDER_MESSAGES } from '@presently/domain'

/**
 * The stored affiliate URL of an enabled product, by shop id or (type "aw") affiliate id
 * (spec browsing-and-purchase §7 GET /api/redirect/{id}). Only a stored URL is ever returned,
 * so the call cannot be used as an open redirect.
 * @throws AppError NOT_FOUND "Product not found", "This product is no longer available" (disabled
 *   by staff: it cannot be bought) or "No affiliate URL found".
 */
export async function getAffiliateUrl(db: Db, input: { id: number; type?: 'aw' }): Promise<{ affiliateUrl: string }> {
  const key = input.type === 'aw' ? products.awProductId : products.id
  const [row] = await db
    .select({ affiliateUrl: products.affiliateUrl, disabled: products.disabled })
    .from(products)
    .where(eq(key, input.id))
  if (!row) throw new AppError('NOT_FOUND', ORDER_MESSAGES.productNotFound)
  if (row.disabled) throw new AppError('NOT_FOUND', ORDER_MESSAGES.productUnavailable)
  if (!row.affiliateUrl) throw new AppError('NOT_FOUND', ORDER_MESSAGES.noAffiliateUrl)
  return { affiliateUrl: row.affiliateUrl }
}
