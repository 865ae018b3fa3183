import { useQueries } from '@tanstack/react-query'
import { useTRPC } from '../../lib/trpc'
import { categoryFilter } from './category-names'
import { TILE_MIN_PRODUCTS, type CategoryTile } from './featured-categories'
import { productListQueryOptions } from './query-options'

/** A tile's listing size: all it holds, and how many of those fit its promise. */
export interface TileCount {
  total: number
  fitting: number
}

/** The smallest page of a category's listing: its total is what the tile's link opens. */
const countInput = (levels: readonly string[]) => ({
  page: 1,
  limit: 1,
  includeVariants: false,
  ...categoryFilter(levels),
})

/**
 * The listing sizes of `tiles` (issue 26 item 9), read with the same products.list call the
 * category page makes (cached with it): the total, less the products of the tile's unfitting
 * subcategories. `counts` is undefined while any is loading, null if one failed (then every
 * tile shows, without a count, rather than none).
 */
export function useTileCounts(tiles: readonly CategoryTile[]): Map<string, TileCount> | null | undefined {
  const trpc = useTRPC()
  const lists = tiles.map((tile) => [tile.levels, ...(tile.unfitting ?? []).map((sub) => [...tile.levels, sub])])
  const results = useQueries({
    // Below the first screen: the server's first view leaves them to the browser (entry-server.tsx).
    queries: lists
      .flat()
      .map((levels) => ({ ...productListQueryOptions(trpc, countInput(levels)), meta: { firstView: false } })),
  })
  if (results.some((r) => r.isError)) return null
  if (results.some((r) => r.data === undefined)) return undefined
  const counts = new Map<string, TileCount>()
  let at = 0
  tiles.forEach((tile, i) => {
    const [own, ...unfit] = results.slice(at, at + lists[i]!.length).map((r) => r.data?.total ?? 0)
    at += lists[i]!.length
    const total = own ?? 0
    counts.set(tile.title, { total, fitting: total - unfit.reduce((s, n) => s + n, 0) })
  })
  return counts
}

/** The tiles worth showing: those whose listing holds at least TILE_MIN_PRODUCTS fitting products. */
export function tilesWorthShowing(
  tiles: readonly CategoryTile[],
  counts: ReadonlyMap<string, TileCount> | null,
): CategoryTile[] {
  if (!counts) return [...tiles]
  return tiles.filter((tile) => (counts.get(tile.title)?.fitting ?? 0) >= TILE_MIN_PRODUCTS)
}
