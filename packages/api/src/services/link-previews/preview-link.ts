import { and, eq, gt, linkPreviews, sql, type Db } from '@presently/db'
import {
  fromPence,
  LINK_PREVIEW_LIMITS,
  LINK_PREVIEW_MESSAGES,
  linkImagePath,
  type LinkPreview,
} from '@presently/domain'
import { isOutsideFetchError, type OutsideFetcher, type OutsideFetchError } from '@presently/outside-fetch'
import { findCatalogProduct } from './catalog-match.ts'
import { awaitHostTurn, countUserPreview } from './limits.ts'
import { storePicture } from './picture.ts'

/** What is kept per URL in link_previews.facts: the reading, without the catalog match. */
type Facts = Omit<LinkPreview, 'url' | 'readAt' | 'catalogProduct'>

/** What the server lends link previews: the guarded fetcher and the limits (tests lower them). */
export interface LinkPreviewSettings {
  fetcher: OutsideFetcher
  /** Per-user limit a minute; default LINK_PREVIEW_LIMITS.perUserPerMinute. */
  perUserPerMinute?: number
  /** How long to wait for a turn at a busy shop's host; default 3 s. */
  hostWaitMs?: number
  /** Fetches a second per shop host; default LINK_PREVIEW_LIMITS.perHostPerSecond (the bench raises it). */
  perHostPerSecond?: number
}

export interface PreviewOptions extends LinkPreviewSettings {
  userId: number
}

/** A failed reading is kept 10 minutes (a shop's bad moment), a good one 24 hours. */
const FAILURE_CACHE_MS = 10 * 60_000

/**
 * Reads a product link into a preview (issue 38; docs/decisions/link-previews.md):
 * 1. counts the user's previews (30 a minute, all instances);
 * 2. offers the catalog's own product when the link is one (same URL or ASIN), fetching nothing;
 * 3. answers a reading of the same URL from the last 24 hours (PostgreSQL, shared);
 * 4. waits for a turn at the shop's host (2 fetches a second from the whole shop);
 * 5. fetches the page through the guarded fetcher and reads it (readProductPage), then its
 *    first usable picture (storePicture).
 * A page that cannot be read is an answer, not an error: status "unreadable" with a plain
 * message, so the form stays usable by hand.
 * @throws AppError TOO_MANY_REQUESTS past the per-user limit.
 */
export async function previewLink(db: Db, link: string, options: PreviewOptions): Promise<LinkPreview> {
  const url = new URL(link)
  url.hash = ''
  const key = url.href
  await countUserPreview(db, options.userId, options.perUserPerMinute ?? LINK_PREVIEW_LIMITS.perUserPerMinute)

  const catalogProduct = await findCatalogProduct(db, key)
  if (catalogProduct) {
    return {
      ...emptyFacts('catalog', null),
      title: catalogProduct.title,
      price: catalogProduct.price,
      image: catalogProduct.image,
      shopName: catalogProduct.merchantName,
      url: key,
      readAt: null,
      catalogProduct,
    }
  }

  const [cached] = await db
    .select({ facts: linkPreviews.facts, readAt: linkPreviews.readAt })
    .from(linkPreviews)
    .where(and(eq(linkPreviews.url, key), gt(linkPreviews.expiresAt, sql`now()`)))
  if (cached) return { ...(cached.facts as Facts), url: key, readAt: cached.readAt.toISOString(), catalogProduct: null }

  const perSecond = options.perHostPerSecond ?? LINK_PREVIEW_LIMITS.perHostPerSecond
  if (!(await awaitHostTurn(db, url.hostname, options.hostWaitMs ?? 3000, perSecond))) {
    return { ...emptyFacts('unreadable', LINK_PREVIEW_MESSAGES.shopBusy), url: key, readAt: null, catalogProduct: null }
  }
  const { facts, keep } = await readLink(db, options.fetcher, url)
  const readAt = new Date()
  if (keep) {
    const expiresAt = new Date(readAt.getTime() + (facts.status === 'unreadable' ? FAILURE_CACHE_MS : day()))
    await db
      .insert(linkPreviews)
      .values({ url: key, facts, readAt, expiresAt })
      .onConflictDoUpdate({ target: linkPreviews.url, set: { facts, readAt, expiresAt } })
  }
  return {
    ...facts,
    url: key,
    readAt: facts.status === 'unreadable' ? null : readAt.toISOString(),
    catalogProduct: null,
  }
}

function day(): number {
  return LINK_PREVIEW_LIMITS.cacheHours * 3_600_000
}

function emptyFacts(status: Facts['status'], message: string | null): Facts {
  return {
    status,
    message,
    title: null,
    image: null,
    imageId: null,
    price: null,
    otherPrice: null,
    availability: null,
    shopName: null,
  }
}

/** Fetches and reads one page; `keep` is false for answers not worth caching (refused addresses). */
async function readLink(db: Db, fetcher: OutsideFetcher, url: URL): Promise<{ facts: Facts; keep: boolean }> {
  const started = Date.now()
  let page
  try {
    page = await fetcher.fetch(url.href, { acceptTypes: ['text/html', 'application/xhtml+xml'] })
  } catch (error) {
    if (!isOutsideFetchError(error)) throw error
    const blocked = isOutsideFetchError(error, 'blocked-address', 'scheme', 'port', 'credentials', 'invalid-url')
    return { facts: emptyFacts('unreadable', messageFor(error)), keep: !blocked }
  }
  // Loaded on the first preview: cheerio brings undici, parse5 and htmlparser2 (~3 MB of heap) that
  // a server which never reads a link need not hold (issue 44, docs/decisions/memory.md).
  const { readProductPage } = await import('./read-product-page.ts')
  const facts = readProductPage(page.body, { url: page.url, charset: page.charset })
  const shopName = facts.shopName ?? page.url.hostname.replace(/^www\./, '')
  if (facts.botWall) return { facts: { ...emptyFacts('unreadable', LINK_PREVIEW_MESSAGES.botWall) }, keep: true }
  if (!facts.title) return { facts: { ...emptyFacts('unreadable', LINK_PREVIEW_MESSAGES.noProduct) }, keep: true }

  let imageId: string | null = null
  // Pictures share what is left of the 8 s, and at least 2 s; at most two candidates are tried.
  for (const candidate of facts.images.slice(0, 2)) {
    const left = Math.max(2000, 8000 - (Date.now() - started))
    const picture = await storePicture(db, fetcher, candidate, { timeoutMs: left })
    if ('id' in picture) {
      imageId = picture.id
      break
    }
  }
  const gbp = facts.price?.currency === 'GBP' ? facts.price : null
  const other = facts.price && facts.price.currency !== 'GBP' ? facts.price : null
  return {
    keep: true,
    facts: {
      status: gbp || other || imageId ? 'product' : 'page',
      message: null,
      title: facts.title,
      image: imageId ? linkImagePath(imageId) : null,
      imageId,
      price: gbp ? fromPence(gbp.minor) : null,
      otherPrice: other ? { amount: other.minor / 100, currency: other.currency } : null,
      availability: facts.availability,
      shopName,
    },
  }
}

/** The plain words for a fetch that failed (issue 38). */
function messageFor(error: OutsideFetchError): string {
  switch (error.reason) {
    case 'blocked-address':
    case 'port':
    case 'credentials':
      return LINK_PREVIEW_MESSAGES.blocked
    case 'scheme':
    case 'invalid-url':
      return LINK_PREVIEW_MESSAGES.notWeb
    case 'timeout':
      return LINK_PREVIEW_MESSAGES.timeout
    case 'unsupported-type':
      return LINK_PREVIEW_MESSAGES.notAPage
    case 'http-status':
      return error.status === 403 || error.status === 429 || error.status === 503
        ? LINK_PREVIEW_MESSAGES.botWall
        : LINK_PREVIEW_MESSAGES.unreadable
    default:
      return LINK_PREVIEW_MESSAGES.unreadable
  }
}
