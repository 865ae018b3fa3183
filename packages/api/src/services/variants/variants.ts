import { and, asc, eq, isNull, products, variantGroups, type Db } from '@presently/db'
import { AppError, formatPrice } from '@presently/domain'

/** Variant status of a product (spec browsing-and-purchase §3 "Variant status"). */
export interface VariantStatus {
  isVariant: boolean
  isPrimary: boolean
  groupId: number | null
  variantType: string | null
  variantValue: string | null
}

/** One variant of a group: id = shop product id, variantId = its affiliate-network id. */
export interface Variant {
  id: number
  variantId: number
  displayName: string
  productTitle: string
  price: number
}

/** Variant group (spec browsing-and-purchase §3 "Variant group"). */
export interface VariantGroup {
  id: number
  baseProductName: string
  descriptionHash: string | null
  primaryVariantId: number | null
  matchMethod: string
  brandName: string | null
  merchantId: string | null
  similarityScore: number
  manuallyReviewed: boolean
  createdAt: string
  updatedAt: string
  variants: Variant[]
  primaryVariant: Variant | null
}

export interface ProductKey {
  id: number
  /** true: `id` is the affiliate-network id (awProductId=true in the URL). */
  byAwProductId?: boolean
}

async function findProduct(db: Db, key: ProductKey) {
  const [row] = await db
    .select({
      id: products.id,
      variantGroupId: products.variantGroupId,
      variantType: products.variantType,
      variantValue: products.variantValue,
    })
    .from(products)
    .where(and(eq(key.byAwProductId ? products.awProductId : products.id, key.id), eq(products.disabled, false)))
  if (!row) throw new AppError('NOT_FOUND', 'Product not found')
  return row
}

/**
 * Whether a product belongs to a variant group and is its primary
 * (spec browsing-and-purchase §7 GET /api/variants/product/{id}/status[?awProductId=true]).
 * @throws AppError NOT_FOUND "Product not found".
 */
export async function getVariantStatus(db: Db, key: ProductKey): Promise<VariantStatus> {
  const product = await findProduct(db, key)
  if (!product.variantGroupId) {
    return { isVariant: false, isPrimary: false, groupId: null, variantType: null, variantValue: null }
  }
  const [group] = await db
    .select({ primaryVariantId: variantGroups.primaryVariantId })
    .from(variantGroups)
    .where(eq(variantGroups.id, product.variantGroupId))
  return {
    isVariant: true,
    isPrimary: group?.primaryVariantId === product.id,
    groupId: product.variantGroupId,
    variantType: product.variantType,
    variantValue: product.variantValue,
  }
}

/**
 * The variant group of a product with its enabled variants, cheapest first
 * (spec browsing-and-purchase §7 GET /api/variants/product/{id}/group[?awProductId=true]).
 * displayName is the variant's value (e.g. "Red", "45 cm") and its price, or its title and
 * price when the feed's titles were identical.
 * @throws AppError NOT_FOUND "Product not found" or "This product has no variants".
 */
export async function getVariantGroup(db: Db, key: ProductKey): Promise<VariantGroup> {
  const product = await findProduct(db, key)
  if (!product.variantGroupId) throw new AppError('NOT_FOUND', 'This product has no variants')
  const [group] = await db.select().from(variantGroups).where(eq(variantGroups.id, product.variantGroupId))
  if (!group) throw new AppError('NOT_FOUND', 'This product has no variants')
  const members = await db
    .select({
      id: products.id,
      variantId: products.awProductId,
      title: products.title,
      value: products.variantValue,
      price: products.price,
    })
    .from(products)
    .where(and(eq(products.variantGroupId, group.id), eq(products.disabled, false), isNull(products.withdrawnAt)))
    .orderBy(asc(products.price), asc(products.id))
  const variants: Variant[] = members.map((m) => ({
    id: m.id,
    variantId: m.variantId,
    displayName: `${m.value ?? m.title} – ${formatPrice(m.price)}`,
    productTitle: m.title,
    price: m.price,
  }))
  return {
    id: group.id,
    baseProductName: group.baseProductName,
    descriptionHash: group.descriptionHash,
    primaryVariantId: group.primaryVariantId,
    matchMethod: group.matchMethod,
    brandName: group.brandName,
    merchantId: group.merchantId,
    similarityScore: group.similarityScore,
    manuallyReviewed: group.manuallyReviewed,
    createdAt: group.createdAt.toISOString(),
    updatedAt: group.updatedAt.toISOString(),
    variants,
    primaryVariant: variants.find((v) => v.id === group.primaryVariantId) ?? null,
  }
}
