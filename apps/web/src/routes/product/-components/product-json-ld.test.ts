import { describe, expect, it } from 'vitest'
import { plainText, productJsonLd, scriptJson } from './product-json-ld'

const product = {
  title: 'Monchhichi 45 cm Classic Boy',
  imageUrl: null,
  longDescription: '<p>A soft <b>classic</b>\n\n monkey.</p>',
  awProductId: 2957216948,
  brand: 'Monchhichi',
  price: 59.99,
}

describe('productJsonLd', () => {
  it('describes the product as a schema.org Product with a GBP offer', () => {
    const data = productJsonLd(product, 'https://shop.example/product/2957216948')
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Monchhichi 45 cm Classic Boy',
      image: 'https://shop.example/img/placeholder.png',
      description: 'A soft classic monkey.',
      sku: '2957216948',
      brand: { '@type': 'Brand', name: 'Monchhichi' },
      offers: {
        '@type': 'Offer',
        price: '59.99',
        priceCurrency: 'GBP',
        availability: 'https://schema.org/InStock',
        url: 'https://shop.example/product/2957216948',
      },
    })
  })

  it('leaves out a missing brand and description', () => {
    const data = productJsonLd({ ...product, brand: null, longDescription: null }, 'https://shop.example/product/1')
    expect(data).not.toHaveProperty('brand')
    expect(data).not.toHaveProperty('description')
  })
})

describe('plainText and scriptJson', () => {
  it('cuts long descriptions at a word', () => {
    const text = plainText('word '.repeat(2000))
    expect(text.length).toBeLessThanOrEqual(5001)
    expect(text.endsWith('word…')).toBe(true)
  })

  it('escapes "<" so the script element cannot be closed early', () => {
    const json = scriptJson({ name: '</script><script>alert(1)</script>' })
    expect(json).not.toContain('<')
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>' })
  })
})
