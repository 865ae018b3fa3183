import { formatPrice } from '@presently/domain'
import { bucketInBand } from './catalog-model.ts'
import { pickPhrases, titleCasePhrase } from './tags.ts'
import type { CatalogModel, CategoryStats, PriceBucketStats, SpecificProducts } from './types.ts'

/** Brand values of feeds that name no brand. */
const NO_BRAND = new Set(['unbranded', 'generic', 'unknown', 'n/a', 'na', 'none', 'other', 'various'])

/** "£2.49 to £9.99", or one price when the band holds one. */
export function priceRangeText(min: number, max: number): string {
  return min === max ? formatPrice(min) : `${formatPrice(min)} to ${formatPrice(max)}`
}

/**
 * Splits buckets (in price order) into at most `bands` contiguous groups of similar size: each
 * cut falls where the running count passes the next equal share.
 */
export function groupBuckets(buckets: readonly PriceBucketStats[], bands: number): PriceBucketStats[][] {
  if (buckets.length <= bands) return buckets.map((b) => [b])
  const total = buckets.reduce((s, b) => s + b.count, 0)
  const groups: PriceBucketStats[][] = []
  let current: PriceBucketStats[] = []
  let seen = 0
  buckets.forEach((bucket, i) => {
    current.push(bucket)
    seen += bucket.count
    const remainingBuckets = buckets.length - i - 1
    const remainingGroups = bands - groups.length - 1
    const share = (total * (groups.length + 1)) / bands
    if (remainingGroups > 0 && (seen >= share || remainingBuckets === remainingGroups)) {
      groups.push(current)
      current = []
    }
  })
  if (current.length) groups.push(current)
  return groups
}

/**
 * Up to `bands` price bands of a category's real products (spec account-area §3
 * "specificProducts[{priceRange, tags}]"): the price buckets within the budget (all of them when
 * no budget is set or none fits), grouped into bands of similar size, each with its actual
 * lowest and highest price and up to four tags: its most common brands (two) and its most
 * telling title phrases.
 * @param budget chosen budget bands in GBP ([min, max)); empty for none.
 */
export function specificProducts(
  stats: CategoryStats,
  budget: readonly { min: number; max: number }[],
  bands = 3,
): SpecificProducts[] {
  const fits = (b: PriceBucketStats) => budget.some((band) => bucketInBand(b, band))
  const inBudget = budget.length ? stats.buckets.filter(fits) : []
  const chosen = inBudget.length ? inBudget : stats.buckets
  return groupBuckets(
    chosen.filter((b) => b.count > 0),
    bands,
  ).map((group) => {
    const count = group.reduce((s, b) => s + b.count, 0)
    const brands = new Map<string, number>()
    const phrases = new Map<string, number>()
    for (const bucket of group) {
      for (const brand of bucket.brands) brands.set(brand.name, (brands.get(brand.name) ?? 0) + brand.count)
      for (const phrase of bucket.phrases) phrases.set(phrase.text, (phrases.get(phrase.text) ?? 0) + phrase.score)
    }
    const topBrands = [...brands]
      .filter(([name, n]) => !NO_BRAND.has(name.trim().toLowerCase()) && (n >= 2 || count <= 3))
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 2)
      .map(([name]) => name.trim())
    const brandWords = new Set(topBrands.flatMap((b) => b.toLowerCase().split(/\s+/)))
    const words = pickPhrases(
      [...phrases]
        .map(([text, score]) => ({ text, score }))
        .filter((p) => !p.text.split(' ').some((w) => brandWords.has(w))),
      4 - topBrands.length,
    ).map(titleCasePhrase)
    return {
      priceRange: priceRangeText(Math.min(...group.map((b) => b.minPrice)), Math.max(...group.map((b) => b.maxPrice))),
      tags: [...topBrands, ...words],
    }
  })
}

const cache = new WeakMap<CatalogModel, Map<string, SpecificProducts[]>>()

/** specificProducts(), memoised per catalog model, category and budget (they change with neither). */
export function cachedSpecificProducts(
  model: CatalogModel,
  stats: CategoryStats,
  budget: readonly { min: number; max: number }[],
): SpecificProducts[] {
  let byKey = cache.get(model)
  if (!byKey) {
    byKey = new Map()
    cache.set(model, byKey)
  }
  const key = `${stats.id}|${budget.map((b) => `${b.min}-${b.max}`).join(',')}`
  let bands = byKey.get(key)
  if (!bands) {
    bands = specificProducts(stats, budget)
    byKey.set(key, bands)
  }
  return bands
}
