import { and, asc, eq, isNull, products, promoProducts, promos, sql, type Db } from '@presently/db'
import { AppError } from '@presently/domain'

/** A promotion as the API returns it (spec browsing-and-purchase §3 "Promo"). */
export interface Promo {
  id: number
  name: string
  title: string
  description: string
}

/** A product of a promo (spec browsing-and-purchase §3 "Promo product"). */
export interface PromoProduct {
  promoProductId: number
  productId: number
  awProductId: number
  productTitle: string
  productImageUrl: string | null
  productLongDescription: string | null
  productAffiliateUrl: string | null
  productPrice: number
  productMerchantCategory: string | null
  disabled: boolean
}

const promoColumns = { id: promos.id, name: promos.name, title: promos.title, description: promos.description }

/**
 * An active promo by its URL name, case-insensitive (spec browsing-and-purchase §7 GET /api/promos/name/{name}).
 * @throws AppError NOT_FOUND "Promo not found".
 */
export async function getPromoByName(db: Db, name: string): Promise<Promo> {
  const [promo] = await db
    .select(promoColumns)
    .from(promos)
    .where(and(sql`lower(${promos.name}) = lower(${name.trim()})`, eq(promos.active, true)))
  if (!promo) throw new AppError('NOT_FOUND', 'Promo not found')
  return promo
}

/** @throws AppError NOT_FOUND "Promo not found" unless an active promo has this id. */
export async function getPromo(db: Db, id: number): Promise<Promo> {
  const [promo] = await db
    .select(promoColumns)
    .from(promos)
    .where(and(eq(promos.id, id), eq(promos.active, true)))
  if (!promo) throw new AppError('NOT_FOUND', 'Promo not found')
  return promo
}

/**
 * A page of a promo's enabled, visible products in the promo's order
 * (spec browsing-and-purchase §7 GET /api/promos/{id}/products[/paginated]).
 * `limit` undefined returns them all.
 * @throws AppError NOT_FOUND "Promo not found".
 */
export async function listPromoProducts(
  db: Db,
  input: { promoId: number; page?: number; limit?: number },
): Promise<{ products: PromoProduct[]; total: number; totalPages: number }> {
  await getPromo(db, input.promoId)
  const where = and(
    eq(promoProducts.promoId, input.promoId),
    eq(products.disabled, false),
    eq(products.categoryHidden, false),
    isNull(products.withdrawnAt),
  )
  const [counted] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(promoProducts)
    .innerJoin(products, eq(products.id, promoProducts.productId))
    .where(where)
  const total = counted?.count ?? 0
  const page = input.page ?? 1
  const query = db
    .select({
      promoProductId: promoProducts.id,
      productId: products.id,
      awProductId: products.awProductId,
      productTitle: products.title,
      productImageUrl: products.imageUrl,
      productLongDescription: products.longDescription,
      productAffiliateUrl: products.affiliateUrl,
      productPrice: products.price,
      productMerchantCategory: products.merchantCategory,
      disabled: products.disabled,
    })
    .from(promoProducts)
    .innerJoin(products, eq(products.id, promoProducts.productId))
    .where(where)
    .orderBy(asc(promoProducts.position), asc(products.id))
  const rows = input.limit ? await query.limit(input.limit).offset((page - 1) * input.limit) : await query
  return { products: rows, total, totalPages: input.limit ? Math.ceil(total / input.limit) : total ? 1 : 0 }
}
