import { describe, expect, it } from 'vitest'
import { resizedImageUrl } from './images.ts'

describe('resizedImageUrl (spec account-area §9: 64x64 where the host allows)', () => {
  it('keeps null and unknown hosts as they are', () => {
    expect(resizedImageUrl(null, 64)).toBeNull()
    expect(resizedImageUrl('', 64)).toBeNull()
    expect(resizedImageUrl('https://example.com/a.jpg', 64)).toBe('https://example.com/a.jpg')
    expect(resizedImageUrl('/img/placeholder.png', 64)).toBe('/img/placeholder.png')
    expect(resizedImageUrl('data:image/png;base64,AAAA', 64)).toBe('data:image/png;base64,AAAA')
  })

  it("asks Awin's image proxy for w and h", () => {
    expect(resizedImageUrl('https://images2.productserve.com/?w=200&h=200&url=x', 64)).toBe(
      'https://images2.productserve.com/?w=64&h=64&url=x',
    )
  })

  it('asks Scene7 for wid, hei and fit', () => {
    expect(resizedImageUrl('https://images.lululemon.com/is/image/lululemon/LW5BJVS_0001_1', 64)).toBe(
      'https://images.lululemon.com/is/image/lululemon/LW5BJVS_0001_1?wid=64&hei=64&fit=constrain',
    )
  })

  it("sets Amazon's size token, replacing one already there", () => {
    expect(resizedImageUrl('https://m.media-amazon.com/images/I/71abcDEF.jpg', 64)).toBe(
      'https://m.media-amazon.com/images/I/71abcDEF._SL64_.jpg',
    )
    expect(resizedImageUrl('https://m.media-amazon.com/images/I/71abcDEF._AC_SL1500_.jpg', 64)).toBe(
      'https://m.media-amazon.com/images/I/71abcDEF._SL64_.jpg',
    )
    expect(resizedImageUrl('https://images-eu.ssl-images-amazon.com/images/I/51x.png', 64)).toBe(
      'https://images-eu.ssl-images-amazon.com/images/I/51x._SL64_.png',
    )
  })

  it('asks the Shopify CDN for width and height', () => {
    expect(resizedImageUrl('https://cdn.shopify.com/s/files/1/a.jpg?v=1', 64)).toBe(
      'https://cdn.shopify.com/s/files/1/a.jpg?v=1&width=64&height=64',
    )
  })

  it('does not match look-alike hosts', () => {
    expect(resizedImageUrl('https://evil-productserve.com/a.jpg', 64)).toBe('https://evil-productserve.com/a.jpg')
    expect(resizedImageUrl('https://media-amazon.com.evil.test/I/a.jpg', 64)).toBe(
      'https://media-amazon.com.evil.test/I/a.jpg',
    )
  })
})
