import { loadBuffer, type CheerioAPI } from 'cheerio'
import { parseShopPrice, WISH_LIST_LIMITS } from '@presently/domain'

/** What a product page says of itself (issue 38). */
export interface PageFacts {
  title: string | null
  /** Absolute http(s) URLs of pictures, best first. */
  images: string[]
  /** Minor units (pence, cents) and ISO 4217 currency. */
  price: { minor: number; currency: string } | null
  availability: 'in_stock' | 'out_of_stock' | null
  /** og:site_name, else the JSON-LD WebSite or seller's name; null when the page names none. */
  shopName: string | null
  /** True when the page is a robot check (a captcha) rather than the product. */
  botWall: boolean
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

/**
 * Reads a product page (issue 38; docs/decisions/link-previews.md). Bytes are decoded by their
 * charset (the Content-Type's, else a BOM or <meta charset>, as browsers do: cheerio's
 * loadBuffer with encoding-sniffer). Each field is taken from the first source that has it:
 * JSON-LD Product (in @graph or not; offers as object or array, Offer or AggregateOffer,
 * priceSpecification), then Open Graph and Twitter tags (og:title, og:image,
 * product:price:amount), then microdata (itemprop=name, image, price, priceCurrency), then
 * <title>. Of several offers the lowest in-stock price is taken (else the lowest).
 * @param html the page's bytes; `url` resolves relative picture links; `charset` from Content-Type.
 */
export function readProductPage(html: Buffer, options: { url: URL; charset?: string | null }): PageFacts {
  const $ = loadBuffer(html, { encoding: { transportLayerEncodingLabel: options.charset ?? undefined } })
  const base = options.url
  const jsonLd = readJsonLd($)
  const product = jsonLd.find((node) => hasType(node, 'Product', 'ProductGroup', 'IndividualProduct', 'Book'))
  const meta = (...names: string[]) => {
    for (const name of names) {
      const value = $(`meta[property="${name}"], meta[name="${name}"]`).first().attr('content')?.trim()
      if (value) return value
    }
    return null
  }
  const micro = $('[itemscope][itemtype*="schema.org/Product" i]').first()
  const microProp = (prop: string) => {
    const element = micro.find(`[itemprop="${prop}"]`).first()
    if (!element.length) return null
    const value =
      element.attr('content') ?? element.attr('src') ?? element.attr('href') ?? element.text().replace(/\s+/g, ' ')
    return value.trim() || null
  }

  const shopName =
    meta('og:site_name', 'application-name') ??
    text(jsonLd.find((node) => hasType(node, 'WebSite', 'Organization', 'Store'))?.name) ??
    null
  const title = cleanTitle(
    text(product?.name) ??
      meta('og:title', 'twitter:title') ??
      (micro.length ? microProp('name') : null) ??
      ($('title').first().text() || null),
    shopName,
  )

  const images = [
    ...jsonLdImages(product?.image),
    meta('og:image:secure_url', 'og:image', 'og:image:url'),
    meta('twitter:image', 'twitter:image:src'),
    micro.length ? microProp('image') : null,
  ]
    .map((src) => absoluteHttp(src, base))
    .filter((src): src is string => src !== null)

  const offers = product ? jsonLdOffers(product) : []
  const price =
    bestOfferPrice(offers) ??
    parseShopPrice(
      meta('product:price:amount', 'og:price:amount', 'twitter:data1'),
      meta('product:price:currency', 'og:price:currency'),
    ) ??
    (micro.length ? parseShopPrice(microProp('price'), microProp('priceCurrency')) : null)

  const availability =
    availabilityOf(offers.map((o) => text(o.availability)).find(Boolean) ?? null) ??
    availabilityOf(meta('product:availability', 'og:availability')) ??
    (micro.length ? availabilityOf(microProp('availability')) : null)

  const botWall =
    !product &&
    price === null &&
    ($('form[action*="captcha" i]').length > 0 ||
      /not a robot|enter the characters you see|captcha|are you a human/i.test($('body').text().slice(0, 5000)))

  return { title, images: [...new Set(images)], price, availability, shopName, botWall }
}

/** Every JSON-LD node of the page: top-level objects, array members and @graph members, nested. */
function readJsonLd($: CheerioAPI): JsonObject[] {
  const nodes: JsonObject[] = []
  const visit = (value: Json | undefined, depth: number) => {
    if (depth > 6 || value === null || value === undefined || typeof value !== 'object') return
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1)
      return
    }
    nodes.push(value)
    visit(value['@graph'], depth + 1)
    visit(value.mainEntity, depth + 1)
  }
  $('script[type="application/ld+json" i]').each((_, element) => {
    const source = $(element).text().trim()
    if (!source) return
    try {
      visit(JSON.parse(source) as Json, 0)
    } catch {
      // A broken block (a shop's template bug) is skipped; the other sources may still answer.
    }
  })
  return nodes
}

function hasType(node: JsonObject, ...types: string[]): boolean {
  const type = node['@type']
  const list = Array.isArray(type) ? type : [type]
  return list.some((t) => typeof t === 'string' && types.includes(t.replace(/^https?:\/\/schema\.org\//, '')))
}

function text(value: Json | undefined): string | null {
  if (typeof value === 'string') return value.trim() || null
  if (typeof value === 'number') return String(value)
  if (Array.isArray(value)) return text(value[0])
  if (value && typeof value === 'object') return text(value['@value'] ?? value.name ?? value['@id'])
  return null
}

function jsonLdImages(image: Json | undefined): string[] {
  if (typeof image === 'string') return [image]
  if (Array.isArray(image)) return image.flatMap(jsonLdImages)
  if (image && typeof image === 'object') return [text(image.url) ?? text(image.contentUrl)].filter((s) => s !== null)
  return []
}

/** The product's offers, its variants' too (ProductGroup.hasVariant), flattened. */
function jsonLdOffers(product: JsonObject): JsonObject[] {
  const offers: JsonObject[] = []
  const add = (value: Json | undefined) => {
    if (Array.isArray(value)) value.forEach(add)
    else if (value && typeof value === 'object') {
      offers.push(value)
      if (value.offers) add(value.offers)
    }
  }
  add(product.offers)
  const variants = product.hasVariant
  for (const variant of Array.isArray(variants) ? variants : variants ? [variants] : []) {
    if (variant && typeof variant === 'object' && !Array.isArray(variant)) add(variant.offers)
  }
  return offers
}

/** The lowest in-stock offer's price, else the lowest; each price read with its own currency. */
function bestOfferPrice(offers: JsonObject[]): { minor: number; currency: string } | null {
  const priced = offers.flatMap((offer) => {
    const spec = Array.isArray(offer.priceSpecification) ? offer.priceSpecification[0] : offer.priceSpecification
    const specObject = spec && typeof spec === 'object' && !Array.isArray(spec) ? spec : null
    const raw = offer.price ?? offer.lowPrice ?? specObject?.price ?? null
    const currency = text(offer.priceCurrency) ?? text(specObject?.priceCurrency ?? null)
    const price = parseShopPrice(typeof raw === 'number' ? raw : text(raw), currency)
    return price ? [{ price, inStock: availabilityOf(text(offer.availability)) !== 'out_of_stock' }] : []
  })
  const pool = priced.some((p) => p.inStock) ? priced.filter((p) => p.inStock) : priced
  // Lowest within the most common currency (a page listing £ and € prices keeps its £ ones).
  const currency = pool.find((p) => p.price.currency === 'GBP')?.price.currency ?? pool[0]?.price.currency
  const same = pool.filter((p) => p.price.currency === currency)
  return same.reduce<{ minor: number; currency: string } | null>(
    (best, p) => (best === null || p.price.minor < best.minor ? p.price : best),
    null,
  )
}

function availabilityOf(value: string | null): 'in_stock' | 'out_of_stock' | null {
  if (!value) return null
  const name = value.replace(/^https?:\/\/schema\.org\//i, '').toLowerCase()
  if (/^(instock|in stock|instoreonly|onlineonly|limitedavailability|presale|preorder)$/.test(name)) return 'in_stock'
  if (/^(outofstock|out of stock|soldout|discontinued)$/.test(name)) return 'out_of_stock'
  return null
}

/** An http(s) URL resolved against the page, or null (data:, javascript:, garbage). */
function absoluteHttp(src: string | null, base: URL): string | null {
  if (!src) return null
  try {
    const url = new URL(src, base)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

/** Whitespace collapsed, " | Shop" or " - Shop" cut when it names the shop, at most 200 characters. */
function cleanTitle(title: string | null, shopName: string | null): string | null {
  if (!title) return null
  let clean = title.replace(/\s+/g, ' ').trim()
  if (shopName) {
    const suffix = new RegExp(`\\s*[|\\-\u2013\u2014:]\\s*${shopName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'i')
    clean = clean.replace(suffix, '').trim() || clean
  }
  return clean.slice(0, WISH_LIST_LIMITS.titleMax) || null
}
