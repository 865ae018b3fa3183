export { applyCategoryOverrides, CATEGORY_PATH_SEPARATOR } from './category-overrides.ts'
export { refreshPromoProducts, titleKeywordQuery } from './promos.ts'
export { groupVariants } from './variants.ts'
export { splitVariantName, trigramSimilarity, type VariantNameParts } from './variant-names.ts'
