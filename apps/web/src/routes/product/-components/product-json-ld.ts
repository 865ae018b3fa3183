import type { Product } from '@presently/domain'
import { PLACEHOLDER_IMAGE } from '../../../features/catalog/product-image'

/** Longest description put in the structured data; search engines show a snippet at most. */
const MAX_DESCRIPTION = 5000

/** A description as plain text: tags dropped, whitespace collapsed, cut at a word near 5,000 characters. */
export function plainText(text: string): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (plain.length <= MAX_DESCRIPTION) return plain
  const cut = plain.slice(0, MAX_DESCRIPTION)
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : MAX_DESCRIPTION)}…`
}

/**
 * schema.org Product data of a product page: name, image, plain-text description, sku (the
 * affiliate-network id), brand, and an in-stock GBP offer at the page's URL.
 */
export function productJsonLd(
  product: Pick<Product, 'title' | 'imageUrl' | 'longDescription' | 'awProductId' | 'brand' | 'price'>,
  pageUrl: string,
): Record<string, unknown> {
  const description = product.longDescription ? plainText(product.longDescription) : ''
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    image: new URL(product.imageUrl || PLACEHOLDER_IMAGE, pageUrl).href,
    ...(description ? { description } : {}),
    sku: String(product.awProductId),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    offers: {
      '@type': 'Offer',
      price: product.price.toFixed(2),
      priceCurrency: 'GBP',
      availability: 'https://schema.org/InStock',
      url: pageUrl,
    },
  }
}

/** JSON for a <script> element: "<" escaped so no text can close the element early. */
export function scriptJson(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c')
}
