import { and, eq, isNull, products, sql, type Db } from '@presently/db'
import { cachedCatalogRead } from '../catalog-cache.ts'

/**
 * The highest price of an enabled product in GBP, 0 for an empty catalog
 * (spec browsing-and-purchase §7 GET /api/products/max-price; the slider's upper bound).
 */
export function getMaxPrice(db: Db): Promise<{ maxPrice: number }> {
  return cachedCatalogRead(db, 'products.maxPrice', (reader) => readMaxPrice(reader))
}

async function readMaxPrice(db: Db): Promise<{ maxPrice: number }> {
  const [row] = await db
    .select({ maxPrice: sql<number>`coalesce(max(${products.price}), 0)`.mapWith(Number) })
    .from(products)
    .where(and(eq(products.disabled, false), isNull(products.withdrawnAt)))
  return { maxPrice: row?.maxPrice ?? 0 }
}
