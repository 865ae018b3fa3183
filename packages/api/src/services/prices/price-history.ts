import { and, asc, eq, gte, lt, desc, priceHistory, products, type Db } from '@presently/db'
import {
  AppError,
  PRICE_CHART_DAYS,
  isLowestInDays,
  lowestInDays,
  type PriceHistory,
  type PricePoint,
} from '@presently/domain'

const DAY_MS = 86_400_000

/**
 * A product's price history for its page (issue 39): the current price and stock, whether its
 * feed still sells it, the feed's "was" price, the changes of the last PRICE_CHART_DAYS days led by
 * the price in effect when the window opened, the lowest price of the last 30 days and whether the
 * current price is a real low (isLowestInDays). Disabled products answer 404 like the product
 * page's own read; a product no longer sold still answers (likes and lists link to it).
 *
 * @throws AppError NOT_FOUND "Product not found".
 */
export async function getPriceHistory(db: Db, input: { id: number }, now = new Date()): Promise<PriceHistory> {
  const [product] = await db
    .select({
      price: products.price,
      inStock: products.inStock,
      recommendedPrice: products.recommendedPrice,
      withdrawnAt: products.withdrawnAt,
      disabled: products.disabled,
    })
    .from(products)
    .where(eq(products.id, input.id))
  if (!product || product.disabled) throw new AppError('NOT_FOUND', 'Product not found')
  const since = new Date(now.getTime() - PRICE_CHART_DAYS * DAY_MS)
  const columns = { observedAt: priceHistory.observedAt, pence: priceHistory.pricePence, inStock: priceHistory.inStock }
  // The change in effect when the window opened (or, with none before it, the window's own).
  const [before] = await db
    .select(columns)
    .from(priceHistory)
    .where(and(eq(priceHistory.productId, input.id), lt(priceHistory.observedAt, since)))
    .orderBy(desc(priceHistory.observedAt), desc(priceHistory.id))
    .limit(1)
  const inWindow = await db
    .select(columns)
    .from(priceHistory)
    .where(and(eq(priceHistory.productId, input.id), gte(priceHistory.observedAt, since)))
    .orderBy(asc(priceHistory.observedAt), asc(priceHistory.id))
  const points: PricePoint[] = [...(before ? [before] : []), ...inWindow].map((p) => ({
    observedAt: p.observedAt.toISOString(),
    pence: p.pence,
    inStock: p.inStock,
  }))
  const pence = Math.round(product.price * 100)
  return {
    productId: input.id,
    pence,
    inStock: product.inStock,
    noLongerSold: product.withdrawnAt !== null,
    recommendedPence:
      product.recommendedPrice !== null && product.recommendedPrice > product.price
        ? Math.round(product.recommendedPrice * 100)
        : null,
    points,
    since: since.toISOString(),
    lowest30Pence: lowestInDays(points, pence, now).lowestPence,
    lowestIn30Days: isLowestInDays(points, pence, now),
  }
}
