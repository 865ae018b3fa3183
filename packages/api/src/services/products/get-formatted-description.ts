import { and, eq, products, type Db } from '@presently/db'
import { AppError } from '@presently/domain'
import { formatDescription } from './format-description.ts'

/**
 * The product's description as sanitised HTML, looked up by affiliate-network id
 * (spec browsing-and-purchase §7 GET /api/products/{awProductId}/descriptions/formatted).
 * @returns {description: html} or {description: null} when the product has none.
 * @throws AppError NOT_FOUND "Product not found".
 */
export async function getFormattedDescription(db: Db, awProductId: number): Promise<{ description: string | null }> {
  const [row] = await db
    .select({ longDescription: products.longDescription })
    .from(products)
    .where(and(eq(products.awProductId, awProductId), eq(products.disabled, false)))
  if (!row) throw new AppError('NOT_FOUND', 'Product not found')
  return { description: formatDescription(row.longDescription) }
}
