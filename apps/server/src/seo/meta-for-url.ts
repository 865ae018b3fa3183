import {
  categoryPageData,
  findGifts,
  getSharedList,
  giftCollection,
  productPageData,
  type ProductPageData,
} from '@presently/api'
import type { Db } from '@presently/db'
import { FINDER_COUNT, formatPrice, giftFinderInput, giftFinderSearch, type GiftFinderOutput } from '@presently/domain'
import {
  CARD_SIZE,
  DEFAULT_DESCRIPTION,
  SITE_NAME,
  cardImageUrl,
  categoryLevelsOf,
  secretLinkMeta,
  shorten,
  type PageMeta,
} from './page-meta.ts'

/** Page paths that carry a preview (issue 40); every other page keeps the plain shell's head. */
export const META_ROUTES = [
  '/',
  '/home',
  '/search',
  '/category/*',
  '/product/*',
  '/promo/*',
  '/gift-finder',
  '/collections/*',
  '/lists/shared/*',
] as const

/** How long a shop's price is said to hold after the feed last set it (schema.org priceValidUntil). */
export const PRICE_VALID_DAYS = 7

const site = (origin: string, title: string, description: string, canonical: string): PageMeta => ({
  title,
  description,
  image: { url: cardImageUrl(origin, null), ...CARD_SIZE, alt: `${SITE_NAME}: gift ideas` },
  type: 'website',
  canonical,
})

/**
 * The preview of the page at `url` (path and query), read from the catalog, the gift finder and
 * the shared lists (issue 40), or null for pages without one (a product that does not exist
 * keeps the shell's head). Never throws for a bad address: a lookup that fails gives null.
 */
export async function metaForUrl(db: Db, origin: string, url: string): Promise<PageMeta | null> {
  const parsed = new URL(url, origin)
  const path = parsed.pathname.replace(/\/+$/, '') || '/'
  const abs = (p: string) => new URL(p, origin).href
  try {
    if (path === '/' || path === '/home')
      return site(
        origin,
        `${SITE_NAME} – gift ideas for the people you love`,
        'Find a present for anyone in four quick steps, or browse thousands of gift ideas by category, each with the reason it fits.',
        abs('/'),
      )
    if (path === '/gift-finder') return await finderMeta(db, origin, parsed.searchParams)
    if (path.startsWith('/collections/')) {
      const collection = await giftCollection(db, decodeURIComponent(path.slice('/collections/'.length)))
      return withPicture(origin, {
        title: `${collection.title} – ${SITE_NAME}`,
        description: collection.description,
        canonical: abs(`/collections/${collection.slug}`),
        picks: collection.picks,
      })
    }
    if (path.startsWith('/product/')) {
      const id = Number(path.slice('/product/'.length))
      const product = await productPageData(db, id)
      return product ? productMeta(origin, product, abs(`/product/${path.slice('/product/'.length)}`)) : null
    }
    if (path.startsWith('/category/')) {
      const found = await categoryPageData(db, categoryLevelsOf(path))
      if (!found) return null
      const name = found.levels.at(-1)!
      const page = Number(parsed.searchParams.get('page'))
      // Sort, page size and price filters show the same products: the canonical listing is the
      // category itself (its page number kept past the first).
      const canonical = abs(`${path}${Number.isInteger(page) && page > 1 ? `?page=${page}` : ''}`)
      return {
        title: `${name} – gift ideas at ${SITE_NAME}`,
        description: `${found.count.toLocaleString('en-GB')} gift ideas in ${found.levels.join(' › ')}, with prices, ratings and reviews.`,
        image: { url: cardImageUrl(origin, found.levels[0]!), ...CARD_SIZE, alt: `${found.levels[0]} at ${SITE_NAME}` },
        type: 'website',
        canonical,
      }
    }
    if (path === '/search') {
      const q = (parsed.searchParams.get('q') ?? '').trim().slice(0, 100)
      return {
        ...site(
          origin,
          q ? `“${q}” – search ${SITE_NAME}` : `Search ${SITE_NAME}`,
          q ? `Gift ideas for “${q}” at ${SITE_NAME}.` : DEFAULT_DESCRIPTION,
          abs(q ? `/search?q=${encodeURIComponent(q)}` : '/search'),
        ),
        // Search results are many thin pages of the same products: followed, not indexed.
        noindex: true,
      }
    }
    if (path.startsWith('/promo/')) {
      const name = decodeURIComponent(path.slice('/promo/'.length)).replace(/[-_]+/g, ' ').trim()
      if (!name) return null
      const title = name.charAt(0).toUpperCase() + name.slice(1)
      return site(origin, `${title} gift ideas – ${SITE_NAME}`, `${title} gift ideas at ${SITE_NAME}.`, abs(path))
    }
    if (path.startsWith('/lists/shared/')) {
      const token = decodeURIComponent(path.slice('/lists/shared/'.length))
      const list = await getSharedList(db, null, token).catch(() => null)
      return secretLinkMeta(origin, {
        kind: 'wish list',
        name: list?.list.name ?? 'A wish list',
        ownerName: list?.list.ownerName ?? null,
      })
    }
  } catch {
    return null
  }
  return null
}

/** A product page's preview and its JSON-LD Product with the offer's availability and price validity. */
export function productMeta(origin: string, product: ProductPageData, canonical: string): PageMeta {
  const image = product.imageUrl
    ? { url: new URL(product.imageUrl, origin).href, alt: product.title }
    : { url: cardImageUrl(origin, product.categoryName), ...CARD_SIZE, alt: product.title }
  const description = shorten(
    product.description ||
      [formatPrice(product.price), product.brand, product.categoryName].filter(Boolean).join(' · '),
  )
  const inStock = product.inStock !== false
  const validUntil = new Date(Date.parse(product.updatedAt) + PRICE_VALID_DAYS * 86_400_000).toISOString().slice(0, 10)
  return {
    title: `${product.title} – ${SITE_NAME}`,
    description,
    image,
    type: 'product',
    price: { amount: product.price, currency: 'GBP', availability: inStock ? 'in stock' : 'out of stock' },
    canonical,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.title,
      image: image.url,
      ...(product.description ? { description: shorten(product.description, 500) } : {}),
      sku: String(product.awProductId),
      ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
      offers: {
        '@type': 'Offer',
        price: product.price.toFixed(2),
        priceCurrency: 'GBP',
        availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        priceValidUntil: validUntil,
        url: canonical,
      },
    },
  }
}

/** A finder or collection preview: its first product's picture when it has one, else its category's card. */
function withPicture(
  origin: string,
  page: { title: string; description: string; canonical: string; picks: GiftFinderOutput['picks'] },
): PageMeta {
  const first = page.picks[0]?.product
  const pictured = page.picks.find((p) => p.product.imageUrl)?.product
  return {
    title: page.title,
    description: page.description,
    image: pictured?.imageUrl
      ? { url: new URL(pictured.imageUrl, origin).href, alt: pictured.title }
      : { url: cardImageUrl(origin, first?.categoryName ?? null), ...CARD_SIZE, alt: page.title },
    type: 'website',
    canonical: page.canonical,
  }
}

async function finderMeta(db: Db, origin: string, params: URLSearchParams): Promise<PageMeta> {
  const parsed = giftFinderInput.safeParse({
    who: params.get('who') ?? undefined,
    age: params.get('age') ?? undefined,
    occasion: params.get('event') ?? undefined,
    budget: params.get('budget') ?? undefined,
    interests: params.get('interests') ?? undefined,
    count: params.get('count') ?? undefined,
  })
  const plain = site(
    origin,
    `Gift finder – ${SITE_NAME}`,
    'Who is it for, how old, what occasion, what budget, what do they love? Four quick steps to presents that fit, each with the reason. No account needed.',
    new URL('/gift-finder', origin).href,
  )
  if (!parsed.success) return plain
  const answer = await findGifts(db, parsed.data)
  const prices = answer.picks.map((p) => p.product.price)
  const range = prices.length ? ` from ${formatPrice(Math.min(...prices))} to ${formatPrice(Math.max(...prices))}` : ''
  return withPicture(origin, {
    title: `${answer.title} – ${SITE_NAME}`,
    description: answer.picks.length
      ? `${answer.picks.length} gift ideas${range}, each with the reason it fits.`
      : (answer.note ?? plain.description),
    canonical: new URL(
      `/gift-finder${giftFinderSearch({ ...parsed.data, count: parsed.data.count === FINDER_COUNT.default ? undefined : parsed.data.count })}`,
      origin,
    ).href,
    picks: answer.picks,
  })
}
