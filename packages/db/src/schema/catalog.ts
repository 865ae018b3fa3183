import {
  bigint,
  boolean,
  doublePrecision,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { users } from './auth.ts'

/**
 * The comparable form of a category name: lower-cased, "&" as "and", runs of hyphens and spaces
 * as one space. A name read back from its URL slug ("die-cast-and-toy-vehicles" ->
 * "DIE CAST & TOY VEHICLES", spec browsing-and-purchase §4) has the same key as the stored name
 * ("Die-Cast & Toy Vehicles"). Immutable, so it can be indexed.
 */
export function categoryKey(value: SQLWrapper | string): SQL {
  return sql`regexp_replace(replace(lower(${value}), '&', 'and'), '[-[:space:]]+', ' ', 'g')`
}

/** products.popularity: see its column comment. Immutable, so it can be a stored generated column. */
const POPULARITY_SQL = `((coalesce(average_rating, 0) * (case when average_rating is null then 0 else coalesce(review_count, 0) end) + 4.0 * 5) / ((case when average_rating is null then 0 else coalesce(review_count, 0) end) + 5)) * log(10.0 + (case when average_rating is null then 0 else coalesce(review_count, 0) end)) + (case when best_seller_rank > 0 then greatest(0, 5 - log(best_seller_rank)) * 0.3 else 0 end)`

/**
 * The rows the gift picks may offer (issue 20; VISIBLE in packages/api's load-pick-inputs.ts):
 * enabled, in a shown category, a primary variant, with a category, not out of stock.
 */
const PICKABLE = (t: {
  disabled: AnyPgColumn
  categoryHidden: AnyPgColumn
  variantSecondary: AnyPgColumn
  categoryName: AnyPgColumn
  inStock: AnyPgColumn
}) =>
  sql`not ${t.disabled} and not ${t.categoryHidden} and not ${t.variantSecondary} and ${t.categoryName} is not null and ${t.inStock} is not false`

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/**
 * Groups of variants of one base product (spec browsing-and-purchase §3 "Variant group").
 * primaryVariantId is the product shown in listings that collapse variants.
 */
export const variantGroups = pgTable(
  'variant_groups',
  {
    id: serial().primaryKey(),
    baseProductName: text().notNull(),
    descriptionHash: text(),
    primaryVariantId: integer().references((): AnyPgColumn => products.id, { onDelete: 'set null' }),
    /** How members were matched, e.g. "brand_base_name". */
    matchMethod: text().notNull(),
    brandName: text(),
    merchantId: text(),
    /** 0..1: how alike the members' titles are after size/colour words are removed. */
    similarityScore: real().notNull().default(1),
    manuallyReviewed: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('variant_groups_brand_base_key').on(t.brandName, t.baseProductName).nullsNotDistinct()],
)

/**
 * Catalog products (spec browsing-and-purchase §3 "Product"). Prices are GBP with two decimals.
 * awProductId is the affiliate-network id (5+ digits); feeds without one get a stable id from
 * the importer. (source, sourceProductId) identifies a feed row across re-imports.
 */
export const products = pgTable(
  'products',
  {
    id: serial().primaryKey(),
    awProductId: bigint({ mode: 'number' }).notNull(),
    source: text().notNull(),
    sourceProductId: text().notNull(),
    title: text().notNull(),
    imageUrl: text(),
    /** The shop's price in GBP: the feed's price, converted at the import's rate when not GBP. */
    price: numeric({ precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** ISO 4217 code of the feed's price (kept as the feed gave it; price is always GBP). */
    currency: text().notNull().default('GBP'),
    /** The price in `currency` as the feed gave it; null for rows imported before it was kept. */
    feedPrice: numeric({ precision: 12, scale: 2, mode: 'number' }),
    categoryName: text(),
    categoryLevel1: text(),
    categoryLevel2: text(),
    categoryLevel3: text(),
    /**
     * The feed's category levels joined by "::", as imported. categoryName..categoryLevel3 are
     * the shop's tree position: this path after category overrides (applyCategoryOverrides).
     */
    feedCategoryPath: text(),
    /** True when a "hide" override covers the feed path: kept out of listings and the tree. */
    categoryHidden: boolean().notNull().default(false),
    brand: text(),
    merchantName: text(),
    merchantId: text(),
    merchantCategory: text(),
    longDescription: text(),
    affiliateUrl: text(),
    /** Variant attributes a feed may carry (Awin: Fashion:size, colour). */
    size: text(),
    colour: text(),
    /** The feed's item-group id (Google/Awin item_group_id): variants of one product share it. */
    itemGroupId: text(),
    averageRating: real(),
    reviewCount: integer(),
    /** The feed's sales rank (Amazon "Best Sellers Rank N in Toys & Games"); lower sells more. */
    bestSellerRank: integer(),
    /** What the feed says of stock (issue 20): true, false (none left), null (it says nothing). */
    inStock: boolean(),
    /**
     * A recommended or "was" price in GBP when the feed gives one above its price (Awin's
     * rrp_price or product_price_old; issue 39), converted like `price`; null otherwise.
     */
    recommendedPrice: numeric({ precision: 12, scale: 2, mode: 'number' }),
    /**
     * A 52-bit hash of the feed values last written for this row (feedHash in the importer,
     * issue 39): a refresh of the feed writes a row only when its hash differs.
     */
    feedHash: bigint({ mode: 'number' }),
    /**
     * A 52-bit hash of the feed record's raw cells (with the feed's header, mapping and rates)
     * that last wrote this row (feedRawHash in the importer, issue 39): a refresh whose record
     * hashes the same skips mapping and feedHash. Null for rows written before it was kept.
     */
    feedRawHash: bigint({ mode: 'number' }),
    /**
     * When the product left its feed ("no longer sold", issue 39): a refresh of its source did not
     * carry it. Out of listings, search and picks; still shown where likes, lists, orders and
     * gift history hold it. Null while its feed sells it.
     */
    withdrawnAt: timestamp({ withTimezone: true }),
    /**
     * The "Recommended" order's score (docs/decisions/default-sort.md): the rating shrunk towards
     * 4.0 by 5 phantom reviews (a Bayesian average, so one 5-star review does not beat 1,000
     * 4.5-star ones), times log10(10 + reviews), plus up to 1.5 for a sales rank in the top 100,000 (0.3 per factor of ten above it).
     */
    popularity: doublePrecision().generatedAlwaysAs(sql.raw(POPULARITY_SQL)),
    /** Hidden from every catalog read by staff (spec account-area §2 "Product buttons"); likes and orders keep it. */
    disabled: boolean().notNull().default(false),
    /** When and by whom the product was last disabled; both null while it is enabled. */
    disabledAt: timestamp({ withTimezone: true }),
    disabledByUserId: integer().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    variantGroupId: integer().references(() => variantGroups.id, { onDelete: 'set null' }),
    variantType: text(),
    variantValue: text(),
    /** True for a variant that is not its group's primary: listings without variants skip it. */
    variantSecondary: boolean().notNull().default(false),
    /** Full-text document: title (A) above brand (B), category (C) and description (D). */
    searchVector: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(brand, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(category_name, '') || ' ' || coalesce(category_level1, '') || ' ' || coalesce(category_level2, '') || ' ' || coalesce(category_level3, '')), 'C') || setweight(to_tsvector('english'::regconfig, left(coalesce(long_description, ''), 4000)), 'D')`,
    ),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_aw_product_id_key').on(t.awProductId),
    uniqueIndex('products_source_key').on(t.source, t.sourceProductId),
    // Category filters compare category keys (see categoryKey): slugs read back upper-cased with
    // hyphens as spaces and "-and-" as " & " (spec §4), so "Die-Cast" must match "DIE CAST".
    index('products_category_idx')
      .on(
        categoryKey(t.categoryName),
        categoryKey(t.categoryLevel1),
        categoryKey(t.categoryLevel2),
        categoryKey(t.categoryLevel3),
      )
      .where(sql`not ${t.disabled} and not ${t.categoryHidden}`),
    index('products_price_idx').on(t.price),
    // Listing orders over the rows shoppers see (not disabled, visible, primary variants).
    // The name order's index (ICU collation, leading punctuation cut) is created by the custom
    // migration 0007_name_collation.sql: drizzle-kit cannot declare a collated expression.
    index('products_listing_popularity_idx')
      .on(t.popularity.desc(), t.id)
      .where(sql`not ${t.disabled} and not ${t.categoryHidden} and not ${t.variantSecondary}`),
    index('products_listing_price_idx')
      .on(t.price, t.id)
      .where(sql`not ${t.disabled} and not ${t.categoryHidden} and not ${t.variantSecondary}`),
    index('products_variant_group_idx').on(t.variantGroupId),
    // The gift picks' per-category read (issue 20, load-pick-inputs.ts): the most popular visible
    // products of one category path, its whole subtree, within a budget. One index per depth of
    // the path (its levels, then popularity), so each path is an index-only range scan of a few
    // dozen entries; price is last so the budget is checked in the index.
    index('products_picks_depth0_idx').on(t.categoryName, t.popularity.desc(), t.id, t.price).where(PICKABLE(t)),
    index('products_picks_depth1_idx')
      .on(t.categoryName, t.categoryLevel1, t.popularity.desc(), t.id, t.price)
      .where(PICKABLE(t)),
    index('products_picks_depth2_idx')
      .on(t.categoryName, t.categoryLevel1, t.categoryLevel2, t.popularity.desc(), t.id, t.price)
      .where(PICKABLE(t)),
    index('products_picks_depth3_idx')
      .on(t.categoryName, t.categoryLevel1, t.categoryLevel2, t.categoryLevel3, t.popularity.desc(), t.id, t.price)
      .where(PICKABLE(t)),
    // Deleting a user sets disabled_by_user_id null; few rows carry one, so a partial index is tiny.
    index('products_disabled_by_idx')
      .on(t.disabledByUserId)
      .where(sql`${t.disabledByUserId} is not null`),
    index('products_search_idx').using('gin', t.searchVector),
    index('products_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
)

export const categoryOverrideAction = ['rename', 'merge', 'hide'] as const

/**
 * Rules that shape imported category paths into the shop's tree. sourcePath and targetPath are
 * category levels joined by "::" (spec browsing-and-purchase §3 "Category tree node").
 */
export const categoryOverrides = pgTable('category_overrides', {
  id: serial().primaryKey(),
  sourcePath: text().notNull().unique(),
  action: text({ enum: categoryOverrideAction }).notNull(),
  targetPath: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** Stored rule that picks a promo's products: any category prefix or keyword, within a price band. */
export interface PromoRules {
  categories?: string[]
  keywords?: string[]
  minPrice?: number
  maxPrice?: number
}

/** Promotions (spec browsing-and-purchase §3 "Promo"); name is the URL slug of /promo/{name}. */
export const promos = pgTable('promos', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  title: text().notNull(),
  description: text().notNull().default(''),
  rules: jsonb().$type<PromoRules>().notNull().default({}),
  active: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** Products of a promo (spec browsing-and-purchase §3 "Promo product"). */
export const promoProducts = pgTable(
  'promo_products',
  {
    id: serial().primaryKey(),
    promoId: integer()
      .notNull()
      .references(() => promos.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
  },
  (t) => [
    unique('promo_products_promo_product_key').on(t.promoId, t.productId),
    index('promo_products_product_idx').on(t.productId),
  ],
)

/**
 * One run of the catalog importer (issue 14): what was read, with which mapping and exchange
 * rates, and how it ended. `rates` maps a currency code to GBP per unit ({"USD": 0.79}).
 */
export const catalogImports = pgTable('catalog_imports', {
  id: serial().primaryKey(),
  file: text().notNull(),
  /** "promptcloud", "awin" or "mapping" (a mapping file or --map). */
  format: text().notNull(),
  source: text().notNull(),
  merchantName: text(),
  /** The column mapping used: shop field -> feed column. */
  mapping: jsonb().$type<Record<string, string>>().notNull().default({}),
  rates: jsonb().$type<Record<string, number>>().notNull().default({}),
  encoding: text().notNull(),
  /** "running", "completed", "failed". */
  status: text().notNull().default('running'),
  read: integer().notNull().default(0),
  imported: integer().notNull().default(0),
  updated: integer().notNull().default(0),
  skipped: integer().notNull().default(0),
  /** A refresh of a source that had products (issue 39): unchanged rows are not written. */
  refresh: boolean().notNull().default(false),
  /** A refresh's rows identical to the stored product (not written). */
  unchanged: integer().notNull().default(0),
  /** Products of the source the refresh's feed no longer carried, marked "no longer sold". */
  withdrawn: integer().notNull().default(0),
  /** Skip reasons: reason -> {count, lines (the first few)}. */
  skipReasons: jsonb().$type<Record<string, { count: number; lines: string[] }>>().notNull().default({}),
  error: text(),
  startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp({ withTimezone: true }),
})
