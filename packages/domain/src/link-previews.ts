import { z } from 'zod'
import { webAddressField } from './wish-lists.ts'
import { parsePrice } from './parse-price.ts'

/**
 * Link previews: a product link from any shop read into a wish-list item (issue 38;
 * docs/decisions/link-previews.md). Prices in GBP travel in pounds like every other price of
 * the API; a price in another currency travels as `otherPrice` with its currency and is never
 * converted.
 */

/** Limits of issue 38. */
export const LINK_PREVIEW_LIMITS = {
  /** Previews one user may ask for per minute (all instances together). */
  perUserPerMinute: 30,
  /** Fetches of one shop's host per second from the whole shop (politeness). */
  perHostPerSecond: 2,
  /** How long a page's reading is kept and reused for the same URL. */
  cacheHours: 24,
  /** A picture's largest size before re-encoding. */
  imageMaxBytes: 5 * 1024 * 1024,
  /** The width pictures are re-encoded to (WebP). */
  imageWidth: 480,
} as const

/** What the preview field tells the user (issue 38: plain words, the form stays usable by hand). */
export const LINK_PREVIEW_MESSAGES = {
  blocked:
    'This link points to a private or local address, so we will not open it. You can still fill in the item by hand.',
  notWeb: 'Only links to web pages (http:// or https://) can be read.',
  botWall: 'This shop did not let us read the page. You can still fill in the item by hand.',
  unreadable: 'We could not read this page. You can still fill in the item by hand.',
  timeout: 'The shop took too long to answer. You can still fill in the item by hand.',
  notAPage: 'This link is not a web page we can read. You can still fill in the item by hand.',
  noProduct: 'We could not find a product on this page. You can still fill in the item by hand.',
  tooMany: 'You have read a lot of links in the last minute. Please wait a moment, or fill in the item by hand.',
  shopBusy: 'We are reading a lot from this shop right now. Please try again in a few seconds.',
  imageNotFound: 'Picture not found',
} as const

/** POST /api/link-previews {url}: a web address, http or https, at most 2,000 characters. */
export const linkPreviewInput = z.object({
  url: webAddressField('url'),
})
export type LinkPreviewInput = z.input<typeof linkPreviewInput>

/** ISO 4217 code: three capital letters. */
export const currencyCodeField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'currency must be a three-letter code such as USD')

/** A price in a currency other than pounds (never converted). */
export const otherPriceSchema = z.object({
  amount: z.number().positive().max(100_000_000),
  currency: currencyCodeField,
})
export type OtherPrice = z.infer<typeof otherPriceSchema>

/** The catalog's own product when the link is one the catalog has (same URL or ASIN). */
export const catalogMatchOutput = z.object({
  productId: z.number().int(),
  awProductId: z.number().int(),
  title: z.string(),
  /** Pounds. */
  price: z.number(),
  image: z.string().nullable(),
  merchantName: z.string().nullable(),
})
export type CatalogMatch = z.infer<typeof catalogMatchOutput>

/**
 * POST /api/link-previews: what the page says. `status`: "product" (a title and a price or
 * picture were read), "page" (only a title), "unreadable" (nothing: `message` says why, the
 * form stays usable by hand) or "catalog" (the catalog has this product: `catalogProduct`).
 */
export const linkPreviewOutput = z.object({
  url: z.string(),
  status: z.enum(['product', 'page', 'unreadable', 'catalog']),
  message: z.string().nullable(),
  title: z.string().nullable(),
  /** The picture as the shop serves it (/api/link-previews/images/{id}), or null. */
  image: z.string().nullable(),
  /** The picture's id, handed back when the item is saved. */
  imageId: z.string().nullable(),
  /** Pounds, when the page's price is in GBP. */
  price: z.number().nullable(),
  /** A price in another currency, as the page gave it. */
  otherPrice: otherPriceSchema.nullable(),
  availability: z.enum(['in_stock', 'out_of_stock']).nullable(),
  /** The shop's own name (og:site_name, else the host without "www."). */
  shopName: z.string().nullable(),
  /** When the page was read (ISO 8601, UTC): cached readings are up to 24 hours old. */
  readAt: z.string().nullable(),
  catalogProduct: catalogMatchOutput.nullable(),
})
export type LinkPreview = z.infer<typeof linkPreviewOutput>

/** A picture id: 32 hex characters (the first half of the WebP's SHA-256). */
export const LINK_IMAGE_ID_PATTERN = /^[0-9a-f]{32}$/
export const linkImageIdField = z.string().regex(LINK_IMAGE_ID_PATTERN, 'imageId must be a picture id from a preview')

/** The URL the shop serves a preview's picture from. */
export function linkImagePath(id: string): string {
  return `/api/link-previews/images/${id}`
}

const SYMBOLS: ReadonlyArray<readonly [RegExp, string]> = [
  [/£/, 'GBP'],
  [/€/, 'EUR'],
  [/US\$/i, 'USD'],
  [/A\$/i, 'AUD'],
  [/C\$/i, 'CAD'],
  [/\$/, 'USD'],
  [/¥/, 'JPY'],
  [/\b(GBP|EUR|USD|AUD|CAD|NZD|JPY|CHF|SEK|NOK|DKK|PLN|CZK|HUF|CNY|INR|HKD|SGD|ZAR)\b/i, ''],
]

/**
 * A price as shops write it, in minor units and its currency (issue 38): "£1,299.99" ->
 * {minor: 129999, currency: "GBP"}, "1299.99" with hint "GBP" -> 129999, "GBP 12" -> 1200,
 * 89 with hint "USD" -> {minor: 8900, currency: "USD"}. The number is read by parsePrice (the
 * catalog import's rule: commas before three digits group thousands, a range gives its lower
 * bound). The currency is the text's symbol or code, else `hint`, else GBP (a UK shop that
 * names none).
 * @returns null when there is no positive price (empty, "Free", "POA", zero, malformed).
 */
export function parseShopPrice(raw: unknown, hint?: string | null): { minor: number; currency: string } | null {
  const amount = parsePrice(raw)
  if (amount === null) return null
  let currency: string | null = null
  if (typeof raw === 'string') {
    for (const [pattern, code] of SYMBOLS) {
      const match = pattern.exec(raw)
      if (match) {
        currency = code || (match[1]?.toUpperCase() ?? null)
        break
      }
    }
  }
  const hinted = hint?.trim().toUpperCase()
  currency ??= hinted && /^[A-Z]{3}$/.test(hinted) ? hinted : 'GBP'
  return { minor: Math.round(amount * 100), currency }
}

/** "US$89.00": an amount in another currency as the page showed it, never converted (issue 38). */
export function formatOtherPrice(price: OtherPrice): string {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency: price.currency }).format(price.amount)
  } catch {
    return `${price.currency} ${price.amount.toFixed(2)}`
  }
}

/**
 * The ASIN of an Amazon product link (amazon.co.uk, .com, ...): /dp/{ASIN}, /gp/product/{ASIN},
 * /gp/aw/d/{ASIN}, /exec/obidos/ASIN/{ASIN}; null for anything else.
 */
export function amazonAsin(link: string): string | null {
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return null
  }
  if (!/(^|\.)amazon\.[a-z.]{2,6}$/i.test(url.hostname)) return null
  const match = /\/(?:dp|gp\/product|gp\/aw\/d|exec\/obidos\/ASIN|o\/ASIN)\/([A-Z0-9]{10})(?=[/?]|$)/i.exec(
    url.pathname,
  )
  return match?.[1]?.toUpperCase() ?? null
}
