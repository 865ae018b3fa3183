import type { Db } from '@presently/db'
import { categoryUrl } from '@presently/recommender'
import { poolOf } from '../picks/load-pick-inputs.ts'

/** What the sitemap lists of the catalog: category listings and product pages (issue 40). */
export interface CatalogPages {
  /** The catalog version these were read at (catalog_state). */
  version: string
  /** Category listing paths (/category/...), every level that holds visible products. */
  categories: string[]
  /** Product pages: path (/product/{id}) and the day the product last changed (YYYY-MM-DD). */
  products: { path: string; lastmod: string }[]
}

const VISIBLE = `not p.disabled and not p.category_hidden and not p.variant_secondary and p.category_name is not null and p.in_stock is not false`

/**
 * The catalog's public pages for the sitemap (issue 40): each category level that holds a
 * visible product (enabled, not hidden, primary variant, in stock where the feed says), and each
 * such product's page under the id its address carries (the affiliate id from 10,000 up, else
 * the shop's id, as the web app's productUrlId). One read of the products, in id order.
 */
export async function catalogPages(db: Db): Promise<CatalogPages> {
  const pool = poolOf(db)
  const [{ rows: state }, { rows }] = await Promise.all([
    pool.query<{ version: string }>(`select version::text as version from catalog_state where id = 1`),
    pool.query<{
      id: number
      aw: string | null
      l0: string
      l1: string | null
      l2: string | null
      l3: string | null
      day: string
    }>(
      `select p.id, p.aw_product_id::text as aw, p.category_name as l0, p.category_level1 as l1,
              p.category_level2 as l2, p.category_level3 as l3,
              to_char(p.updated_at at time zone 'Europe/London', 'YYYY-MM-DD') as day
         from products p where ${VISIBLE} order by p.id`,
    ),
  ])
  const categories = new Set<string>()
  const products: CatalogPages['products'] = []
  for (const row of rows) {
    const levels = [row.l0, row.l1, row.l2, row.l3].filter((l): l is string => !!l)
    for (let depth = 1; depth <= levels.length; depth++) categories.add(categoryUrl(levels.slice(0, depth)))
    const aw = row.aw === null ? null : Number(row.aw)
    products.push({ path: `/product/${aw !== null && aw >= 10_000 ? aw : row.id}`, lastmod: row.day })
  }
  return { version: state[0]?.version ?? '0', categories: [...categories].sort(), products }
}
