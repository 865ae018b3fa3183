import { CATEGORY_PATH_SEPARATOR, products, sql, type Db, type SQL } from '@presently/db'
import { cachedCatalogRead } from '../catalog-cache.ts'

/** A node of the category tree (spec browsing-and-purchase §3): id is the levels joined by "::". */
export interface CategoryNode {
  id: string
  name: string
  children: CategoryNode[]
}

export interface CategoryTreeWithCounts {
  tree: CategoryNode[]
  /** Products per node id, descendants included. */
  counts: Record<string, number>
}

/**
 * The shop's category tree of enabled, visible products (after category overrides), optionally
 * limited to products matching `where`, with the number of products under each node.
 * Children are sorted by name (en-GB collation order of the database). Memoised per catalog
 * version under `cacheKey`, which must identify `where` (e.g. "search:<q>"). A `where` given as a
 * function is only resolved on a cache miss (it may need queries of its own).
 */
export function categoryTreeWithCounts(
  db: Db,
  where?: SQL | ((db: Db) => Promise<SQL>),
  cacheKey = 'all',
): Promise<CategoryTreeWithCounts> {
  return cachedCatalogRead(db, `categories:${cacheKey}`, async (reader) =>
    readTree(reader, typeof where === 'function' ? await where(reader) : where),
  )
}

async function readTree(db: Db, where?: SQL): Promise<CategoryTreeWithCounts> {
  const rows = await db
    .select({
      l0: products.categoryName,
      l1: products.categoryLevel1,
      l2: products.categoryLevel2,
      l3: products.categoryLevel3,
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(products)
    .where(
      sql`not ${products.disabled} and not ${products.categoryHidden} and not ${products.variantSecondary} and ${products.withdrawnAt} is null and ${products.categoryName} is not null${where ? sql` and ${where}` : sql``}`,
    )
    .groupBy(products.categoryName, products.categoryLevel1, products.categoryLevel2, products.categoryLevel3)

  const roots: CategoryNode[] = []
  const byId = new Map<string, CategoryNode>()
  const counts: Record<string, number> = {}
  for (const row of rows) {
    const levels = [row.l0, row.l1, row.l2, row.l3]
    let siblings = roots
    const path: string[] = []
    for (const level of levels) {
      if (!level) break
      path.push(level)
      const id = path.join(CATEGORY_PATH_SEPARATOR)
      let node = byId.get(id)
      if (!node) {
        node = { id, name: level, children: [] }
        byId.set(id, node)
        siblings.push(node)
      }
      counts[id] = (counts[id] ?? 0) + row.count
      siblings = node.children
    }
  }
  sortTree(roots)
  return { tree: roots, counts }
}

function sortTree(nodes: CategoryNode[]): void {
  nodes.sort((a, b) => a.name.localeCompare(b.name, 'en-GB'))
  for (const node of nodes) sortTree(node.children)
}
