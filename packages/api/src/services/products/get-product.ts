import { and, eq, products, type Db } from '@presently/db'
import { AppError, type Product } from '@presently/domain'
import { productColumns } from './product-row.ts'

/**
 * One product by shop id, or by affiliate-network id when `type` is "aw"
 * (spec browsing-and-purchase §7 GET /api/products/{id}[?type=aw]). Disabled products are
 * hidden unless `includeDisabled` (staff, who can enable them again from the product page).
 * @throws AppError NOT_FOUND "Product not found" when absent, or disabled and not included.
 */
export async function getProduct(
  db: Db,
  input: { id: number; type?: 'aw' },
  options: { includeDisabled?: boolean } = {},
): Promise<Product> {
  const key = input.type === 'aw' ? products.awProductId : products.id
  const [row] = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(key, input.id), options.includeDisabled ? undefined : eq(products.disabled, false)))
  if (!row) throw new AppError('NOT_FOUND', 'Product not found')
  return row
}
