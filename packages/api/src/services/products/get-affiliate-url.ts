import { and, eq, products, type Db } from '@presently/db'
import { AppError } from '@presently/domain'

/**
 * The stored affiliate URL of an enabled product, by shop id or (type "aw") affiliate id
 * (spec browsing-and-purchase §7 GET /api/redirect/{id}). Only a stored URL is ever returned,
 * so the call cannot be used as an open redirect.
 * @throws AppError NOT_FOUND "Product not found" or "No affiliate URL found".
 */
export async function getAffiliateUrl(db: Db, input: { id: number; type?: 'aw' }): Promise<{ affiliateUrl: string }> {
  const key = input.type === 'aw' ? products.awProductId : products.id
  const [row] = await db
    .select({ affiliateUrl: products.affiliateUrl })
    .from(products)
    .where(and(eq(key, input.id), eq(products.disabled, false)))
  if (!row) throw new AppError('NOT_FOUND', 'Product not found')
  if (!row.affiliateUrl) throw new AppError('NOT_FOUND', 'No affiliate URL found')
  return { affiliateUrl: row.affiliateUrl }
}
