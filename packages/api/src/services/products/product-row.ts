import { products } from '@presently/db'
import type { Product } from '@presently/domain'

/** Columns selected for the API's product shape (spec browsing-and-purchase §3 "Product"). */
export const productColumns = {
  id: products.id,
  title: products.title,
  imageUrl: products.imageUrl,
  price: products.price,
  awProductId: products.awProductId,
  brand: products.brand,
  categoryName: products.categoryName,
  category_level1: products.categoryLevel1,
  category_level2: products.categoryLevel2,
  category_level3: products.categoryLevel3,
  longDescription: products.longDescription,
  affiliateUrl: products.affiliateUrl,
  merchantCategory: products.merchantCategory,
  disabled: products.disabled,
  averageRating: products.averageRating,
  reviewCount: products.reviewCount,
  merchantName: products.merchantName,
} as const

export type ProductRow = Product
