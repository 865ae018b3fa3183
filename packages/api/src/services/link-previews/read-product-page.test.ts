import { describe, expect, test } from 'vitest'
import { shopPages } from '@presently/outside-fetch/testing'
import { readProductPage } from './read-product-page.ts'

const origin = 'https://shop.example'
const pages = shopPages(origin)

function read(path: string, charset: string | null = 'utf-8') {
  const page = pages[path]!
  return readProductPage(Buffer.isBuffer(page.html) ? page.html : Buffer.from(page.html), {
    url: new URL(path, origin),
    charset,
  })
}

describe('readProductPage on the shapes UK shops serve', () => {
  test('JSON-LD in @graph with offers as an array: the lowest in-stock price, JSON-LD over Open Graph', () => {
    expect(read('/products/hemsby-oak-bookcase')).toEqual({
      title: 'Hemsby Oak Bookcase',
      images: [`${origin}/images/bookcase.jpg`, `${origin}/images/other.jpg`],
      price: { minor: 129999, currency: 'GBP' },
      availability: 'in_stock',
      shopName: 'Hartley & Co',
      botWall: false,
    })
  })

  test('Open Graph only, a relative og:image resolved against the page', () => {
    expect(read('/products/space-shuttle')).toMatchObject({
      title: 'Space Shuttle Building Set',
      images: [`${origin}/images/shuttle.png`],
      price: { minor: 4999, currency: 'GBP' },
      shopName: 'Bricks & Blocks',
    })
  })

  test('microdata only', () => {
    expect(read('/products/stoneware-teapot')).toMatchObject({
      title: 'Stoneware Teapot, Sage',
      images: [`${origin}/images/teapot.webp`],
      price: { minor: 2450, currency: 'GBP' },
      availability: 'in_stock',
      shopName: null,
    })
  })

  test('no price', () => {
    expect(read('/products/mystery-box')).toMatchObject({ title: 'Mystery Gift Box', price: null })
  })

  test('a Windows-1252 page named only in its meta tag is decoded by it', () => {
    const facts = read('/products/cafe-creme-scarf', null)
    expect(facts.title).toBe('Café Crème Wool Scarf')
    expect(facts.price).toEqual({ minor: 3500, currency: 'GBP' })
    expect(facts.shopName).toBe('Maison Laine')
  })

  test('a Content-Type charset is used for a page that names none itself', () => {
    const bytes = Buffer.from('<title>Cr\u00e8me br\u00fbl\u00e9e set</title>', 'latin1')
    expect(readProductPage(bytes, { url: new URL(origin), charset: 'iso-8859-1' }).title).toBe('Crème brûlée set')
  })

  test('an Amazon-style robot check is a bot wall, not a product called "Amazon.co.uk"', () => {
    expect(read('/gp/product/B0BOTWALL2')).toMatchObject({ botWall: true, price: null })
    expect(read('/dp/B0BOTWALL1').botWall).toBe(true)
  })

  test('another currency is kept as it is', () => {
    expect(read('/products/trail-runner')).toMatchObject({
      title: 'Trail Runner Sneakers',
      price: { minor: 8900, currency: 'USD' },
      images: [`${origin}/images/shuttle.png`],
      availability: 'in_stock',
    })
  })

  test('only a <title>', () => {
    expect(read('/products/mug')).toEqual({
      title: 'Hand-thrown Mug',
      images: [],
      price: null,
      availability: null,
      shopName: null,
      botWall: false,
    })
  })

  test('"GBP 12" in an AggregateOffer', () => {
    expect(read('/products/felt-bunting')).toMatchObject({
      title: 'Felt Bunting',
      price: { minor: 1200, currency: 'GBP' },
    })
  })

  test('broken JSON-LD is skipped and javascript: pictures are dropped', () => {
    const html = `<script type="application/ld+json">{"@type": "Product", name: oops}</script>
      <meta property="og:title" content="Kite"><meta property="og:image" content="javascript:alert(1)">
      <meta property="product:price:amount" content="1,299.99">`
    expect(readProductPage(Buffer.from(html), { url: new URL(origin) })).toMatchObject({
      title: 'Kite',
      images: [],
      price: { minor: 129999, currency: 'GBP' },
    })
  })

  test('the shop name is cut from the end of a <title>', () => {
    const html = `<meta property="og:site_name" content="Toyland"><title>Wooden Train Set | Toyland</title>`
    expect(readProductPage(Buffer.from(html), { url: new URL(origin) }).title).toBe('Wooden Train Set')
  })
})
