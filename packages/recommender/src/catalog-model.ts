import { FACTORS } from './weights.ts'
import { categoryNameKey, categoryUrl, PATH_SEPARATOR, urlReadsBack } from './paths.ts'
import { phraseCounts, scorePhrases } from './tags.ts'
import type { CatalogModel, CategoryStats, PriceBucketStats } from './types.ts'

/**
 * Upper edges of the price buckets in GBP: bucket 0 is under £5, 1 is £5 to under £10, ... and
 * bucket 6 is £100 and over (PostgreSQL width_bucket(price, array[5,10,20,35,50,100])). The
 * budget bands of the profile (under £20, £20-50, £50-100, over £100) fall on these edges.
 */
export const PRICE_BUCKET_EDGES = [5, 10, 20, 35, 50, 100] as const
export const PRICE_BUCKET_COUNT = PRICE_BUCKET_EDGES.length + 1

/** [min, max) of a bucket in GBP. */
export function bucketRange(bucket: number): { min: number; max: number } {
  return {
    min: bucket === 0 ? 0 : (PRICE_BUCKET_EDGES[bucket - 1] ?? 0),
    max: PRICE_BUCKET_EDGES[bucket] ?? Number.POSITIVE_INFINITY,
  }
}

/**
 * True when every product of a price bucket lies in a budget band [min, max): the bucket's own
 * range fits, or its dearest product is below the band's top (a spend limit of £15 keeps a
 * £10-£20 bucket whose products all cost under £15; issue 22).
 */
export function bucketInBand(
  bucket: { bucket: number; maxPrice: number },
  band: { min: number; max: number },
): boolean {
  const range = bucketRange(bucket.bucket)
  return range.min >= band.min && (range.max <= band.max || bucket.maxPrice < band.max)
}

/**
 * Products of one category path (its levels, name first, as stored) within one price bucket:
 * what one grouped query over the visible catalog answers (enabled, not hidden, primary
 * variants only, as the listings count them).
 */
export interface CatalogBucketRow {
  levels: (string | null)[]
  bucket: number
  count: number
  minPrice: number
  maxPrice: number
  /** Sum of review counts. */
  reviews: number
  /** Sum of rating × review count over rated products. */
  ratingWeighted: number
  /** Sum of review counts over rated products. */
  ratedReviews: number
  /** Brands with counts (the top few). */
  brands: { name: string; count: number }[]
  /** Titles of the best-reviewed products (a sample for tags). */
  titles: string[]
}

/** Products of a category path in a promo (by promo name). */
export interface CatalogPromoRow {
  levels: (string | null)[]
  promo: string
  count: number
}

/** Names that say little alone; such a node is shown as "Parent > Name". */
const VAGUE_NAMES = new Set(['toys', 'adults', 'kids & toddlers', 'accessories', 'costumes', 'bags', 'games'])

/** Bayesian prior of ratings: the weight (in reviews) of the catalog's mean rating. */
const RATING_PRIOR_REVIEWS = 20

/**
 * Builds the catalog statistics the engine reads, from grouped rows of the visible catalog: every
 * node of the category tree (all four levels) with its product count, price buckets (count,
 * min/max price, brands and title phrases for tags), reviews, a Bayesian rating, a popularity
 * prior (0..1) and its promo counts. A node is a candidate when it holds at least
 * FACTORS.minProducts products, its /category/... listing reads back as the same levels, and it
 * is not a single-child copy of its parent (same products: the parent stands for both).
 * Pure and deterministic; built once per catalog version by the server.
 */
export function buildCatalogModel(
  version: string,
  rows: readonly CatalogBucketRow[],
  promoRows: readonly CatalogPromoRow[] = [],
): CatalogModel {
  interface Acc {
    levels: string[]
    count: number
    reviews: number
    ratingWeighted: number
    ratedReviews: number
    buckets: Map<number, { count: number; min: number; max: number; brands: Map<string, number>; titles: string[] }>
    promoCounts: Record<string, number>
    children: Set<string>
  }
  const acc = new Map<string, Acc>()
  const nodeOf = (levels: string[]): Acc => {
    const id = levels.join(PATH_SEPARATOR)
    let node = acc.get(id)
    if (!node) {
      node = {
        levels,
        count: 0,
        reviews: 0,
        ratingWeighted: 0,
        ratedReviews: 0,
        buckets: new Map(),
        promoCounts: {},
        children: new Set(),
      }
      acc.set(id, node)
    }
    return node
  }
  /** The node path of each prefix of stored levels (stops at the first empty level). */
  const prefixes = (levels: (string | null)[]): string[][] => {
    const out: string[][] = []
    const path: string[] = []
    for (const level of levels) {
      if (!level) break
      path.push(level)
      out.push([...path])
    }
    return out
  }

  const allTitles: string[] = []
  for (const row of rows) {
    const paths = prefixes(row.levels)
    paths.forEach((levels, i) => {
      const node = nodeOf(levels)
      const child = paths[i + 1]
      if (child) node.children.add(child.join(PATH_SEPARATOR))
      node.count += row.count
      node.reviews += row.reviews
      node.ratingWeighted += row.ratingWeighted
      node.ratedReviews += row.ratedReviews
      let bucket = node.buckets.get(row.bucket)
      if (!bucket) {
        bucket = { count: 0, min: row.minPrice, max: row.maxPrice, brands: new Map(), titles: [] }
        node.buckets.set(row.bucket, bucket)
      }
      bucket.count += row.count
      bucket.min = Math.min(bucket.min, row.minPrice)
      bucket.max = Math.max(bucket.max, row.maxPrice)
      for (const brand of row.brands) bucket.brands.set(brand.name, (bucket.brands.get(brand.name) ?? 0) + brand.count)
      if (bucket.titles.length < 60) bucket.titles.push(...row.titles.slice(0, 60 - bucket.titles.length))
    })
    allTitles.push(...row.titles)
  }
  for (const row of promoRows) {
    for (const levels of prefixes(row.levels)) {
      const node = acc.get(levels.join(PATH_SEPARATOR))
      if (node) node.promoCounts[row.promo] = (node.promoCounts[row.promo] ?? 0) + row.count
    }
  }

  // Rarity of title phrases across the catalog sample (idf), for tags.
  const documentFrequency = phraseCounts(allTitles, new Set())
  const titleTotal = Math.max(1, allTitles.length)
  const idf = (phrase: string) => Math.log((titleTotal + 1) / ((documentFrequency.get(phrase) ?? 0) + 1)) + 0.1

  const totalReviews = [...acc.values()].filter((n) => n.levels.length === 1).reduce((s, n) => s + n.ratedReviews, 0)
  const totalRating = [...acc.values()].filter((n) => n.levels.length === 1).reduce((s, n) => s + n.ratingWeighted, 0)
  const meanRating = totalReviews > 0 ? totalRating / totalReviews : 4
  const maxReviewsPerProduct = Math.max(1, ...[...acc.values()].map((n) => n.reviews / Math.max(1, n.count)))
  const maxCount = Math.max(1, ...[...acc.values()].map((n) => n.count))

  // Names used by more than one node ("Accessories", "Robots") are shown with their parent.
  const nameUses = new Map<string, number>()
  for (const node of acc.values()) {
    const name = node.levels[node.levels.length - 1] ?? ''
    nameUses.set(categoryNameKey(name), (nameUses.get(categoryNameKey(name)) ?? 0) + 1)
  }

  const nodes = new Map<string, CategoryStats>()
  for (const [id, node] of acc) {
    const name = node.levels[node.levels.length - 1] ?? id
    const parent = node.levels[node.levels.length - 2]
    const vague = VAGUE_NAMES.has(name.toLowerCase()) || (nameUses.get(categoryNameKey(name)) ?? 0) > 1
    const rating =
      node.ratedReviews > 0
        ? (meanRating * RATING_PRIOR_REVIEWS + node.ratingWeighted) / (RATING_PRIOR_REVIEWS + node.ratedReviews)
        : null
    const reviewsScore = Math.log1p(node.reviews / Math.max(1, node.count)) / Math.log1p(maxReviewsPerProduct)
    const ratingScore = rating === null ? 0.5 : Math.min(1, Math.max(0, (rating - 3.5) / 1.5))
    const sizeScore = Math.log1p(node.count) / Math.log1p(maxCount)
    const buckets: PriceBucketStats[] = [...node.buckets]
      .sort(([a], [b]) => a - b)
      .map(([bucket, b]) => {
        const brandNames = new Set([...b.brands.keys()].flatMap((brand) => brand.toLowerCase().split(/[^\p{L}]+/u)))
        const exclude = new Set([...node.levels.flatMap((l) => l.toLowerCase().split(/[^\p{L}]+/u)), ...brandNames])
        return {
          bucket,
          count: b.count,
          minPrice: b.min,
          maxPrice: b.max,
          brands: [...b.brands]
            .map(([brandName, count]) => ({ name: brandName, count }))
            .sort((x, y) => y.count - x.count || x.name.localeCompare(y.name))
            .slice(0, 6),
          phrases: scorePhrases(phraseCounts(b.titles, exclude), b.titles.length, idf, 12),
        }
      })
    nodes.set(id, {
      id,
      levels: node.levels,
      displayName: vague && parent ? `${parent} > ${name}` : name,
      count: node.count,
      reviews: node.reviews,
      rating,
      popularity: 0.45 * reviewsScore + 0.35 * ratingScore + 0.2 * sizeScore,
      buckets,
      promoCounts: node.promoCounts,
      url: categoryUrl(node.levels),
      candidate: false,
    })
  }

  for (const [id, stats] of nodes) {
    const node = acc.get(id)
    const parentId = stats.levels.length > 1 ? stats.levels.slice(0, -1).join(PATH_SEPARATOR) : null
    const parent = parentId ? acc.get(parentId) : undefined
    const copyOfParent = !!parent && parent.children.size === 1 && parent.count === node?.count
    stats.candidate = stats.count >= FACTORS.minProducts && urlReadsBack(stats.levels) && !copyOfParent
  }
  const candidates = [...nodes.values()].filter((n) => n.candidate).sort((a, b) => a.id.localeCompare(b.id))
  return { version, nodes, candidates }
}
