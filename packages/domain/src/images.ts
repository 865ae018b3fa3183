/**
 * A product image URL asking the image host for a `size` x `size` px rendition, where the host
 * has a documented resizing API; other URLs come back unchanged (the browser scales them) and
 * null stays null (the caller shows the placeholder). Spec account-area §9: "liked-list images
 * from an image-serving provider are resized to 64x64".
 *
 * Hosts understood:
 * - Awin's image proxy (images*.productserve.com): `w` and `h` query parameters;
 * - Adobe Scene7 / Dynamic Media (paths under `/is/image/`): `wid`, `hei` and `fit=constrain`;
 * - Amazon media (m.media-amazon.com, images-*.ssl-images-amazon.com, images-amazon.com):
 *   the `._SL{size}_` size token before the extension;
 * - Shopify CDN (cdn.shopify.com): `width` and `height`.
 */
export function resizedImageUrl(url: string | null | undefined, size: number): string | null {
  if (!url) return null
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return url
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return url
  const host = parsed.hostname.toLowerCase()
  const px = String(Math.round(size))
  if (/(^|\.)productserve\.com$/.test(host)) {
    parsed.searchParams.set('w', px)
    parsed.searchParams.set('h', px)
    return parsed.toString()
  }
  if (parsed.pathname.startsWith('/is/image/')) {
    parsed.searchParams.set('wid', px)
    parsed.searchParams.set('hei', px)
    parsed.searchParams.set('fit', 'constrain')
    return parsed.toString()
  }
  if (/(^|\.)(media-amazon\.com|ssl-images-amazon\.com|images-amazon\.com)$/.test(host)) {
    // ".../I/71abc._AC_SL1500_.jpg" or ".../I/71abc.jpg" -> ".../I/71abc._SL64_.jpg"
    const match = /^(.*\/[^/.]+)(?:\.[^/]*?_)?(\.[a-z0-9]+)$/i.exec(parsed.pathname)
    if (!match) return url
    parsed.pathname = `${match[1]}._SL${px}_${match[2]}`
    return parsed.toString()
  }
  if (host === 'cdn.shopify.com') {
    parsed.searchParams.set('width', px)
    parsed.searchParams.set('height', px)
    return parsed.toString()
  }
  return url
}
