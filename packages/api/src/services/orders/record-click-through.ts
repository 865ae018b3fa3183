import { clickThroughs, eq, occasions, products, type Db } from '@presently/db'
import { AppError, ORDER_MESSAGES, PEOPLE_MESSAGES } from '@presently/domain'
import { assertOwnPerson } from '../likes/ownership.ts'

/**
 * POST /api/clickthrough {productId, personId, occasionId} (spec browsing-and-purchase §4 "Buy
 * flow", §7): records that the signed-in user is going to the merchant for this product, for
 * this person and occasion. The record is the user's order (account-area §3 "Order"), with the
 * affiliate URL of the moment kept.
 *
 * `userId` is the session's: a userId in the request body is never read (the REST adapter
 * drops it), so nobody records orders for someone else.
 * @throws AppError NOT_FOUND "Product not found" (absent), "This product is no longer available"
 *   (disabled by staff), "No affiliate URL found" (nothing to go to), "Person not found"
 *   (missing or another user's person); BAD_REQUEST "Please select an occasion" (unknown occasion).
 * @returns the order's id and the product bought (id, awProductId, title, price in GBP).
 */
export async function recordClickThrough(
  db: Db,
  userId: number,
  input: { productId: number; personId: number; occasionId: number },
): Promise<{ id: number; product: { id: number; awProductId: number; title: string; price: number } }> {
  const [product] = await db
    .select({
      id: products.id,
      awProductId: products.awProductId,
      title: products.title,
      price: products.price,
      disabled: products.disabled,
      affiliateUrl: products.affiliateUrl,
    })
    .from(products)
    .where(eq(products.id, input.productId))
  if (!product) throw new AppError('NOT_FOUND', ORDER_MESSAGES.productNotFound)
  if (product.disabled) throw new AppError('NOT_FOUND', ORDER_MESSAGES.productUnavailable)
  const affiliateUrl = product.affiliateUrl
  if (!affiliateUrl) throw new AppError('NOT_FOUND', ORDER_MESSAGES.noAffiliateUrl)
  await assertOwnPerson(db, userId, input.personId)
  const [occasion] = await db.select({ id: occasions.id }).from(occasions).where(eq(occasions.id, input.occasionId))
  if (!occasion) throw new AppError('BAD_REQUEST', PEOPLE_MESSAGES.unknownOccasion)
  const [row] = await db.transaction(async (tx) => {
    // The person locked until the order commits: a deletion in another tab answers 404, not 500.
    await assertOwnPerson(tx, userId, input.personId, true)
    return tx
      .insert(clickThroughs)
      .values({
        userId,
        productId: product.id,
        personId: input.personId,
        occasionId: input.occasionId,
        affiliateUrl,
        // The price at click time (issue 22): the default of "price paid" when marked bought.
        pricePence: Math.round(product.price * 100),
      })
      .returning({ id: clickThroughs.id })
  })
  const { id, awProductId, title, price } = product
  return { id: row!.id, product: { id, awProductId, title, price } }
}
