/**
 * The writing side of a feed refresh (issue 39; docs/decisions/feed-refresh.md): what changed,
 * the withdrawal of products the feed no longer carries, and the catalog's derived data
 * (categories, variants, promos, search words) recomputed only where the refresh touched it.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '../client.ts'
import { deferCatalogVersionBump } from '../catalog/catalog-version.ts'
import { applyCategoryOverrides } from '../catalog/category-overrides.ts'
import { refreshPromoProductsOf } from '../catalog/promos.ts'
import { refreshSearchWords } from '../catalog/search-words.ts'
import { groupVariants, mayFormVariantGroups } from '../catalog/variants.ts'
import type { SqlExecutor } from './bulk-load.ts'
import { feedCategoryPath } from './product-columns.ts'
import type { ProductInput } from './types.ts'

/** Above this many candidates a refresh regroups every variant without looking for partners first. */
const VARIANT_CANDIDATES_MAX = 20_000

/** Products withdrawn per statement (each its own short transaction). */
const WITHDRAW_BATCH = 5_000

/** What a refresh's writes touched, for the steps after the rows (applyRefreshChanges). */
export interface RefreshChanges {
  /** Ids of the products written (inserted or updated). */
  writtenIds: number[]
  /** Ids of the products this refresh withdrew. */
  withdrawnIds: number[]
  /** A feed category path changed (or a product is new): overrides must place it. */
  categories: boolean
  /** A grouped product changed or was withdrawn (its group's primary or members may move): regroup. */
  variants: boolean
  /**
   * Products not in a variant group that are new, sold again, or whose grouping key or category
   * changed: they may now form a group (mayFormVariantGroups decides whether to regroup).
   */
  variantCandidates: number[]
  /** A title changed: the search words may change. */
  titles: boolean
}

export function emptyRefreshChanges(): RefreshChanges {
  return {
    writtenIds: [],
    withdrawnIds: [],
    categories: false,
    variants: false,
    variantCandidates: [],
    titles: false,
  }
}

/**
 * Defers the catalog version's bump to the end of the refresh for the rest of the transaction
 * `tx` (migration issue39_feed_refresh_sql: bump_catalog_version skips while
 * presently.catalog_version_deferred is on). Readers keep the cached catalog meanwhile.
 */
export async function deferCatalogVersion(tx: SqlExecutor): Promise<void> {
  await deferCatalogVersionBump(tx)
}

/** Moves the catalog version on once (after a refresh's deferred writes). @returns the new version. */
export async function bumpCatalogVersion(db: SqlExecutor): Promise<number> {
  const result = await db.execute<{ version: string }>(sql`select bump_catalog_version_now() as version`)
  return Number(result.rows[0]?.version)
}

/**
 * The product `productId` was inserted by the refresh: categories and search words must take it
 * in, and it may form a variant group. Called for rows actually inserted (a row refused as an
 * affiliate id collision changes nothing).
 */
export function noteInserted(changes: RefreshChanges, productId: number): void {
  changes.categories = true
  changes.titles = true
  if (!changes.variants) changes.variantCandidates.push(productId)
}

/**
 * Compares the known products about to be rewritten (rows with a productId) with what products
 * holds (one read by id, in the writing transaction) and records in `changes` what the steps
 * after the rows must redo. New rows are noted once inserted (noteInserted).
 */
export async function noteChanges(
  tx: SqlExecutor,
  rows: readonly { product: ProductInput; productId?: number }[],
  changes: RefreshChanges,
): Promise<void> {
  const ids = rows.flatMap((r) => (r.productId === undefined ? [] : [r.productId]))
  if (ids.length === 0 || (changes.categories && changes.variants && changes.titles)) return
  const stored = await tx.execute<{
    id: number
    title: string
    brand: string | null
    item_group_id: string | null
    merchant_id: string | null
    size: string | null
    colour: string | null
    feed_category_path: string | null
    grouped: boolean
    withdrawn: boolean
  }>(sql`select id, title, brand, item_group_id, merchant_id, size, colour, feed_category_path,
                variant_group_id is not null as grouped, withdrawn_at is not null as withdrawn
         from products where id = any(${sql.param(ids)}::int[])`)
  const byId = new Map(stored.rows.map((r) => [Number(r.id), r]))
  for (const { product, productId } of rows) {
    if (productId === undefined) continue
    const old = byId.get(productId)
    if (!old) continue
    if (old.title !== product.title) changes.titles = true
    const pathChanged = old.feed_category_path !== feedCategoryPath(product)
    if (pathChanged) changes.categories = true
    // A member's price or description can move its group's primary: regroup.
    if (old.grouped) changes.variants = true
    else if (
      old.withdrawn ||
      pathChanged ||
      old.title !== product.title ||
      old.brand !== product.brand ||
      old.item_group_id !== product.itemGroupId ||
      old.merchant_id !== product.merchantId ||
      old.size !== product.size ||
      old.colour !== product.colour
    )
      changes.variantCandidates.push(productId)
  }
}

/**
 * Marks the products `ids` "no longer sold" (issue 39): withdrawn_at now, in_stock false (so
 * the gift picks, which leave out what is out of stock, leave them out, and the price history
 * records it), in batches of WITHDRAW_BATCH, each a short transaction with the catalog version
 * deferred. Products already withdrawn are left as they are.
 *
 * @returns how many products this call withdrew.
 */
export async function withdrawMissing(db: Db, ids: Iterable<number>, changes: RefreshChanges): Promise<number> {
  let withdrawn = 0
  let batch: number[] = []
  const flush = async () => {
    if (batch.length === 0) return
    const list = batch
    batch = []
    const result = await db.transaction(async (tx) => {
      await deferCatalogVersion(tx)
      return tx.execute<{ id: number; grouped: boolean }>(sql`
        update products set withdrawn_at = now(), in_stock = false
        where id = any(${sql.param(list)}::int[]) and withdrawn_at is null
        returning id, variant_group_id is not null as grouped`)
    })
    withdrawn += result.rows.length
    for (const row of result.rows) changes.withdrawnIds.push(Number(row.id))
    if (result.rows.length > 0) changes.titles = true
    // A withdrawn primary variant would take its group out of listings: regroup.
    if (result.rows.some((r) => r.grouped)) changes.variants = true
  }
  for (const id of ids) {
    batch.push(id)
    if (batch.length >= WITHDRAW_BATCH) await flush()
  }
  await flush()
  return withdrawn
}

/**
 * The steps after a refresh's rows, each only when the refresh touched what it derives from:
 * category overrides for the written products (their feed path changed, or they are new),
 * variant groups, promo listings of the written and withdrawn products only
 * (refreshPromoProductsOf), search words (titles); no ANALYZE (a refresh changes a small share of
 * the rows; autovacuum's analyze follows). None of them bumps the catalog version: it moves once,
 * at the end, whether or not anything changed before (readers see the refresh, and their cached
 * answers go cold once, not after every step).
 *
 * @param phase told each step's name as it ends (bench:refresh's breakdown).
 */
export async function applyRefreshChanges(
  db: Db,
  changes: RefreshChanges,
  counts: { inserted: number; withdrawn: number },
  phase: (name: string) => void = () => undefined,
): Promise<void> {
  if (changes.categories && changes.writtenIds.length > 0) {
    await applyCategoryOverrides(db, changes.writtenIds, { deferCatalogVersion: true })
    phase('overrides')
  }
  if (
    changes.variants ||
    changes.variantCandidates.length > VARIANT_CANDIDATES_MAX ||
    (await mayFormVariantGroups(db, changes.variantCandidates))
  ) {
    await groupVariants(db, { deferCatalogVersion: true })
    phase('variants')
  } else if (changes.variantCandidates.length > 0) phase('variantCheck')
  if (changes.writtenIds.length > 0 || changes.withdrawnIds.length > 0) {
    await refreshPromoProductsOf(db, [...changes.writtenIds, ...changes.withdrawnIds])
    phase('promos')
  }
  if (changes.titles || counts.inserted > 0 || counts.withdrawn > 0) {
    await refreshSearchWords(db)
    phase('searchWords')
  }
  await bumpCatalogVersion(db)
}
