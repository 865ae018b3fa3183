export { appRouter, createCaller, type AppRouter } from './root.ts'
export type { Context, SessionUser } from './trpc.ts'
export { listProducts } from './services/products/list-products.ts'
export { getProduct } from './services/products/get-product.ts'
export { getMaxPrice } from './services/products/get-max-price.ts'
export { getFormattedDescription } from './services/products/get-formatted-description.ts'
export { formatDescription } from './services/products/format-description.ts'
export { getAffiliateUrl } from './services/products/get-affiliate-url.ts'
export { categoryTreeWithCounts, type CategoryNode } from './services/categories/category-tree.ts'
export { searchCategoriesWithCounts, promoCategoriesWithCounts } from './services/categories/search-categories.ts'
export { getPromoByName, getPromo, listPromoProducts, type Promo, type PromoProduct } from './services/promos/promos.ts'
export {
  getVariantStatus,
  getVariantGroup,
  type VariantGroup,
  type VariantStatus,
} from './services/variants/variants.ts'
