import type { Db } from '@presently/db'
import { categoryNameKey } from '@presently/recommender'
import { poolOf } from '../picks/load-pick-inputs.ts'

/** What a product page's preview and JSON-LD say (issue 40). */
export interface ProductPageData {
  id: number
  awProductId: number
  title: string
  description: string | null
  /** GBP. */
  price: number
  imageUrl: string | null
  brand: string | null
  categoryName: string | null
  /** What the feed says of stock: false out of stock; null says nothing (counted as in stock). */
  inStock: boolean | null
  /** When the feed last changed the row (the price's date), ISO. */
  updatedAt: string
}

/**
 * The product a page address names (/product/{id}: the affiliate id from 10,000 up, else the
 * shop's id, as the product route reads it), enabled and visible, or null.
 */
export async function productPageData(db: Db, urlId: number): Promise<ProductPageData | null> {
  if (!Number.isSafeInteger(urlId) || urlId <= 0) return null
  const { rows } = await poolOf(db).query<{
    id: number
    aw: string
    title: string
    description: string | null
    price: string
    image_url: string | null
    brand: string | null
    category_name: string | null
    in_stock: boolean | null
    updated_at: Date
  }>({
    name: 'presently_product_page_meta_v1',
    text: `select id, aw_product_id::text as aw, title, left(long_description, 600) as description, price, image_url,
                  brand, category_name, in_stock, updated_at
             from products
            where (case when $1::bigint >= 10000 then aw_product_id = $1::bigint else id = $1::int end)
              and not disabled and not category_hidden
            order by variant_secondary, id limit 1`,
    values: [urlId],
  })
  const row = rows[0]
  if (!row) return null
  return {
    id: row.id,
    awProductId: Number(row.aw),
    title: row.title,
    description: row.description,
    price: Number(row.price),
    imageUrl: row.image_url,
    brand: row.brand,
    categoryName: row.category_name,
    inStock: row.in_stock,
    updatedAt: row.updated_at.toISOString(),
  }
}

/**
 * A category listing's names as the catalog spells them and how many visible products it holds
 * (levels compared by categoryNameKey, as the listing route compares them), or null when none.
 */
export async function categoryPageData(
  db: Db,
  levels: readonly string[],
): Promise<{ levels: string[]; count: number } | null> {
  if (levels.length === 0 || levels.length > 4) return null
  const keys = levels.map(categoryNameKey)
  const columns = ['category_name', 'category_level1', 'category_level2', 'category_level3'].slice(0, keys.length)
  const where = columns
    .map((c, i) => `regexp_replace(replace(lower(${c}), '&', 'and'), '[-[:space:]]+', ' ', 'g') = $${i + 1}`)
    .join(' and ')
  const { rows } = await poolOf(db).query<Record<string, string | number>>(
    `select ${columns.map((c, i) => `min(${c}) as l${i}`).join(', ')}, count(*)::int as n
       from products
      where ${where} and not disabled and not category_hidden and not variant_secondary`,
    keys,
  )
  const row = rows[0]
  if (!row || !Number(row.n)) return null
  return { levels: columns.map((_, i) => String(row[`l${i}`])), count: Number(row.n) }
}
