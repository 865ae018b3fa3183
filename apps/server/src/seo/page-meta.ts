import { categoryIllustrationKey, formatPrice, slugToCategory } from '@presently/domain'

/**
 * What a page says of itself where it is shared and searched (issue 40): Open Graph and Twitter
 * card tags, the description, the canonical address, robots. Built by the server for the HTML it
 * sends (link-preview bots run no JavaScript).
 */
export interface PageMeta {
  title: string
  description: string
  /** Absolute URL of a picture, its size and its text. */
  image: { url: string; width?: number; height?: number; alt: string }
  /** og:type: "product" for product pages, else "website". */
  type: 'website' | 'product'
  /** Where a product's price is known: product:price:* and twitter's label/data. */
  price?: { amount: number; currency: 'GBP'; availability?: 'in stock' | 'out of stock' }
  /** The page's canonical absolute address (og:url too); absent for secret links. */
  canonical?: string
  /** "noindex": private pages that may still be shared (a wish list, an exchange invitation). */
  noindex?: boolean
  /** JSON-LD to put in the head (the product page's Product). */
  jsonLd?: Record<string, unknown>
}

export const SITE_NAME = 'Presently'
export const DEFAULT_DESCRIPTION =
  'Presently: thoughtful gift ideas for the people you love, with reminders for the dates that matter.'
/** The size of the shop's card images (the size Open Graph and Twitter's large card ask for). */
export const CARD_SIZE = { width: 1200, height: 630 } as const

/** Attribute text with &, <, > and " escaped. */
export function attr(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** Plain text of at most `max` characters, cut at a word, with an ellipsis when cut. */
export function shorten(text: string, max = 200): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (plain.length <= max) return plain
  const cut = plain.slice(0, max - 1)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 40)).trimEnd()}…`
}

/** The address of the card image of a top-level category (or the shop's own card: null). */
export function cardImageUrl(origin: string, categoryName: string | null): string {
  const key = categoryName ? categoryIllustrationKey(categoryName) : 'presently'
  return new URL(`/og/${encodeURIComponent(key)}.png`, origin).href
}

/**
 * The tags of a page's head, in one string: description, canonical, robots, Open Graph,
 * Twitter card and JSON-LD. Every value is escaped; JSON-LD has "<" escaped so it cannot close
 * its element.
 */
export function metaTags(meta: PageMeta): string {
  const tags: string[] = []
  const m = (name: string, content: string) => tags.push(`<meta name="${name}" content="${attr(content)}">`)
  const p = (property: string, content: string) => tags.push(`<meta property="${property}" content="${attr(content)}">`)
  m('description', meta.description)
  if (meta.canonical) tags.push(`<link rel="canonical" href="${attr(meta.canonical)}">`)
  if (meta.noindex) m('robots', 'noindex, nofollow')
  p('og:site_name', SITE_NAME)
  p('og:locale', 'en_GB')
  p('og:type', meta.type)
  p('og:title', meta.title)
  p('og:description', meta.description)
  if (meta.canonical) p('og:url', meta.canonical)
  p('og:image', meta.image.url)
  if (meta.image.width) p('og:image:width', String(meta.image.width))
  if (meta.image.height) p('og:image:height', String(meta.image.height))
  p('og:image:alt', meta.image.alt)
  if (meta.price) {
    p('product:price:amount', meta.price.amount.toFixed(2))
    p('product:price:currency', meta.price.currency)
    if (meta.price.availability) p('product:availability', meta.price.availability)
  }
  m('twitter:card', 'summary_large_image')
  m('twitter:title', meta.title)
  m('twitter:description', meta.description)
  m('twitter:image', meta.image.url)
  m('twitter:image:alt', meta.image.alt)
  if (meta.price) {
    m('twitter:label1', 'Price')
    m('twitter:data1', formatPrice(meta.price.amount))
  }
  if (meta.jsonLd)
    tags.push(
      `<script type="application/ld+json" data-page-meta>${JSON.stringify(meta.jsonLd).replace(/</g, '\\u003c')}</script>`,
    )
  return tags.join('')
}

/**
 * Puts a page's tags into an HTML document's head: the template's own description is replaced
 * (one per page), the rest goes before </head>.
 */
export function withMeta(html: string, meta: PageMeta | null): string {
  if (!meta) return html
  return html.replace(/<meta\s+name="description"[^>]*>/i, '').replace('</head>', () => `${metaTags(meta)}</head>`)
}

/**
 * A secret link's preview (issue 40: shared wish lists, gift exchange invitations): names the
 * list or exchange and its owner's first name, never the link's token (no og:url, no canonical),
 * and noindex. For any page reached by a secret link (gift exchanges' invitations reuse it).
 */
export function secretLinkMeta(
  origin: string,
  input: { kind: 'wish list' | 'gift exchange'; name: string; ownerName: string | null },
): PageMeta {
  const first = input.ownerName ? firstName(input.ownerName) : null
  const title = first ? `${input.name} – ${first}’s ${input.kind} on ${SITE_NAME}` : `${input.name} on ${SITE_NAME}`
  const description =
    input.kind === 'wish list'
      ? `${first ?? 'Someone'} shared a wish list with you on ${SITE_NAME}. Open it to see the ideas and claim one.`
      : `${first ?? 'Someone'} invited you to a gift exchange on ${SITE_NAME}. Open the invitation to join.`
  return {
    title,
    description,
    image: { url: cardImageUrl(origin, null), ...CARD_SIZE, alt: `${SITE_NAME}: gift ideas` },
    type: 'website',
    noindex: true,
  }
}

/** The first name of a display name ("Alex Giver" -> "Alex"; "alex.giver" -> "Alex"). */
export function firstName(name: string): string {
  const first = name.trim().split(/[\s._-]+/)[0] ?? name
  return first ? first.charAt(0).toUpperCase() + first.slice(1) : name
}

/** The levels of a /category/... path, as names (slugToCategory of each decoded segment). */
export function categoryLevelsOf(pathname: string): string[] {
  return pathname
    .split('/')
    .slice(2)
    .filter(Boolean)
    .map((segment) => {
      try {
        return slugToCategory(decodeURIComponent(segment))
      } catch {
        return ''
      }
    })
    .filter(Boolean)
}
