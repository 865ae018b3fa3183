import { and, inArray, not, products, type Db } from '@presently/db'
import { amazonAsin, type CatalogMatch } from '@presently/domain'

/**
 * The catalog's own product for a pasted link (issue 38), looked up before anything is fetched:
 * an Amazon link by its ASIN (the catalog keeps https://www.amazon.co.uk/dp/{ASIN}), any other
 * link by its URL as given, without its query, and without a trailing slash. Disabled products
 * are never offered.
 * @returns the product, or null.
 */
export async function findCatalogProduct(db: Db, link: string): Promise<CatalogMatch | null> {
  const candidates = new Set<string>()
  const asin = amazonAsin(link)
  if (asin) candidates.add(`https://www.amazon.co.uk/dp/${asin}`)
  try {
    const url = new URL(link)
    url.hash = ''
    candidates.add(url.href)
    url.search = ''
    candidates.add(url.href)
    candidates.add(url.href.replace(/\/$/, ''))
  } catch {
    return null
  }
  const [row] = await db
    .select({
      productId: products.id,
      awProductId: products.awProductId,
      title: products.title,
      price: products.price,
      image: products.imageUrl,
      merchantName: products.merchantName,
    })
    .from(products)
    .where(and(inArray(products.affiliateUrl, [...candidates]), not(products.disabled)))
    .limit(1)
  return row ?? null
}
