export { applyCategoryOverrides, CATEGORY_PATH_SEPARATOR } from './category-overrides.ts'
export { refreshPromoProducts, titleKeywordQuery } from './promos.ts'
