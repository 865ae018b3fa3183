import type { products } from '../schema/index.ts'
import type { CategoryColumns } from './category-path.ts'

/**
 * The product fields a catalog feed provides: what the importer inserts into, or updates in,
 * the products table. Prices are in `currency` units with 2 decimals; ids and the shop-managed
 * columns (disabled, variant group, timestamps) are not part of a feed row.
 */
export interface ProductInput extends CategoryColumns {
  /** Affiliate-network id (5+ digits): the feed's own, or a stable derived 10-digit id. */
  awProductId: number
  /** Feed name: "amazon_uk" (PromptCloud Amazon UK), "awin", or what a mapping names. */
  source: string
  /** The feed's own key of the row (any text, e.g. a SKU); (source, sourceProductId) is unique. */
  sourceProductId: string
  title: string
  imageUrl: string | null
  /** GBP, 2 decimals: the feed price, converted by the importer when `currency` is not GBP. */
  price: number
  /** ISO 4217 code of the feed's price, e.g. "GBP", "USD" (kept as the feed gave it). */
  currency: string
  /** The price in `currency` as the feed gave it. */
  feedPrice: number
  brand: string | null
  merchantName: string | null
  merchantId: string | null
  /** The feed's full original category path (kept even when the category columns cap it). */
  merchantCategory: string | null
  longDescription: string | null
  affiliateUrl: string | null
  /** 0..5 stars. */
  averageRating: number | null
  reviewCount: number | null
  /** Variant attributes when the feed has them (Awin: Fashion:size, colour). */
  size: string | null
  colour: string | null
  /** The feed's item-group id: rows sharing it are variants of one product. */
  itemGroupId: string | null
  /** The feed's sales rank (lower sells more), e.g. Amazon's Best Sellers Rank. */
  bestSellerRank: number | null
  /** What the feed says of stock: true, false (none), or null (it says nothing). */
  inStock: boolean | null
  /**
   * A recommended or "was" price (issue 39): in `currency` units from mapRecord; the importer
   * converts it to GBP and keeps it only above `price` (else null).
   */
  recommendedPrice?: number | null
  /** feedHash of the row as written (set by the importer; issue 39). */
  feedHash?: number
  /** feedRawHash of the record the row was mapped from (set by the importer; issue 39). */
  feedRawHash?: number
}

/** A feed row the importer did not import. `line` is the 1-based line where it starts (header = 1). */
export interface Rejection {
  line: number
  /** The last physical line of the record when it spans several (quoted newlines, a broken quote). */
  endLine?: number
  /** Stable, short reason, e.g. "no usable price"; group by it. */
  reason: string
  /** The offending value or detail, e.g. the raw price string, when there is one. */
  value?: string
  /**
   * A row without a price in a feed whose mapping treats that as "not for sale" (the PromptCloud
   * preset): left out, but not counted as skipped (issue 25).
   */
  notForSale?: true
}

/** What a format mapper makes of one CSV record. */
export type MapResult = { ok: true; product: ProductInput } | { ok: false; rejection: Rejection }

/** One CSV record keyed by the header's column names; missing cells are "". */
export type CsvRecord = Readonly<Record<string, string>>

// Compile-time guard: every ProductInput is insertable into products.
type Insertable = typeof products.$inferInsert
const _productInputIsInsertable = (p: ProductInput): Insertable => p
void _productInputIsInsertable
