import { sql } from 'drizzle-orm'
import type { SqlExecutor } from './bulk-load.ts'
import { LineByString } from './seen-keys.ts'

/** Rows read per query when loading a source's index. */
const PAGE = 20_000

/**
 * What a feed refresh knows of a source's products before it reads the feed (issue 39): for each
 * feed id, the product's id, the feedHash last written and whether it is withdrawn, and the feed
 * line where the refresh met it (0 until then), and the feedRawHash and currency of the record
 * that wrote it (a record hashing the same is skipped unmapped). Typed arrays beside a LineByString (the feed id's
 * UTF-8 bytes and the entry's index), about 50 bytes plus the id's bytes a product, so a
 * 1,000,000-product source fits in the importer's 300 MB with room for the rest of the import.
 */
export class FeedIndex {
  private readonly entries = new LineByString()
  private productIds = new Int32Array(1024)
  /** feedHash, NaN for none (a row written before hashes were kept: always "changed"). */
  private hashes = new Float64Array(1024)
  /** feedRawHash of the record that wrote it, NaN for none (then mapped and hashed as before). */
  private rawHashes = new Float64Array(1024)
  /** The stored feed currency, an index into `currencyCodes`. */
  private currencies = new Uint8Array(1024)
  private readonly currencyCodes: string[] = []
  private lines = new Int32Array(1024)
  private withdrawn = new Uint8Array(1024)

  get size(): number {
    return this.entries.size
  }

  /** Adds a product; a feed id already present keeps its first entry. */
  add(
    sourceProductId: string,
    productId: number,
    hash: number | null,
    withdrawn: boolean,
    rawHash: number | null = null,
    currency = 'GBP',
  ): void {
    const entry = this.entries.size
    this.entries.set(sourceProductId, entry)
    if (this.entries.size === entry) return
    if (entry >= this.productIds.length) this.grow()
    this.productIds[entry] = productId
    this.hashes[entry] = hash ?? Number.NaN
    this.withdrawn[entry] = withdrawn ? 1 : 0
    this.rawHashes[entry] = rawHash ?? Number.NaN
    let code = this.currencyCodes.indexOf(currency)
    if (code < 0) {
      // ISO 4217 has fewer than 256 codes; past that, the rows are mapped as before.
      if (this.currencyCodes.length === 255) this.rawHashes[entry] = Number.NaN
      else code = this.currencyCodes.push(currency) - 1
    }
    this.currencies[entry] = Math.max(code, 0)
  }

  /** The entry of a feed id, or -1. */
  find(sourceProductId: string): number {
    return this.entries.get(sourceProductId) ?? -1
  }

  productId(entry: number): number {
    return this.productIds[entry] as number
  }

  /** Whether the product as stored was written from exactly this row (same hash, not withdrawn). */
  unchanged(entry: number, hash: number): boolean {
    return this.hashes[entry] === hash && this.withdrawn[entry] === 0
  }

  /**
   * Whether the product as stored was written from a record with exactly this feedRawHash and is
   * not withdrawn: its mapping and feedHash would be the stored ones (issue 39).
   */
  rawUnchanged(entry: number, rawHash: number): boolean {
    return this.rawHashes[entry] === rawHash && this.withdrawn[entry] === 0
  }

  /** The stored feed currency of the product (its row's currency, for the summary). */
  currency(entry: number): string {
    return this.currencyCodes[this.currencies[entry] as number] ?? 'GBP'
  }

  /** The feed line where the refresh met this product, 0 when not (yet). */
  line(entry: number): number {
    return this.lines[entry] as number
  }

  setLine(entry: number, line: number): void {
    this.lines[entry] = line
  }

  /** Product ids the feed did not carry and that are not withdrawn yet, in entry order. */
  *missing(): Generator<number> {
    for (let entry = 0; entry < this.entries.size; entry++) {
      if (this.lines[entry] === 0 && this.withdrawn[entry] === 0) yield this.productIds[entry] as number
    }
  }

  private grow(): void {
    const size = this.productIds.length * 2
    const productIds = new Int32Array(size)
    productIds.set(this.productIds)
    this.productIds = productIds
    const hashes = new Float64Array(size)
    hashes.set(this.hashes)
    this.hashes = hashes
    const rawHashes = new Float64Array(size)
    rawHashes.set(this.rawHashes)
    this.rawHashes = rawHashes
    const currencies = new Uint8Array(size)
    currencies.set(this.currencies)
    this.currencies = currencies
    const lines = new Int32Array(size)
    lines.set(this.lines)
    this.lines = lines
    const withdrawn = new Uint8Array(size)
    withdrawn.set(this.withdrawn)
    this.withdrawn = withdrawn
  }
}

/** Whether `source` has any product (a re-import of it is then a refresh). */
export async function sourceHasProducts(db: SqlExecutor, source: string): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(
    sql`select exists (select 1 from products where source = ${source}) as found`,
  )
  return result.rows[0]?.found === true
}

/**
 * Reads every product of `source` into a FeedIndex (issue 39), in pages of PAGE by id.
 *
 * @returns the index; empty when the source has no product.
 */
export async function loadFeedIndex(db: SqlExecutor, source: string): Promise<FeedIndex> {
  const index = new FeedIndex()
  let lastId = 0
  for (;;) {
    const page = await db.execute<{
      id: number
      source_product_id: string
      feed_hash: string | null
      feed_raw_hash: string | null
      currency: string
      withdrawn: boolean
    }>(
      sql`select id, source_product_id, feed_hash, feed_raw_hash, currency, withdrawn_at is not null as withdrawn
          from products where source = ${source} and id > ${lastId} order by id limit ${PAGE}`,
    )
    for (const row of page.rows) {
      index.add(
        row.source_product_id,
        Number(row.id),
        row.feed_hash === null ? null : Number(row.feed_hash),
        row.withdrawn,
        row.feed_raw_hash === null ? null : Number(row.feed_raw_hash),
        row.currency,
      )
    }
    if (page.rows.length < PAGE) break
    lastId = Number(page.rows[page.rows.length - 1]?.id)
  }
  return index
}
