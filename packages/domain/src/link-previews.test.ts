import { describe, expect, test } from 'vitest'
import { amazonAsin, formatOtherPrice, parseShopPrice } from './link-previews.ts'

describe('parseShopPrice (issue 38)', () => {
  test.each([
    ['£1,299.99', undefined, { minor: 129999, currency: 'GBP' }],
    ['1299.99', undefined, { minor: 129999, currency: 'GBP' }],
    ['1299.99', 'GBP', { minor: 129999, currency: 'GBP' }],
    ['GBP 12', undefined, { minor: 1200, currency: 'GBP' }],
    [12, 'gbp', { minor: 1200, currency: 'GBP' }],
    ['89.00', 'USD', { minor: 8900, currency: 'USD' }],
    ['$89', undefined, { minor: 8900, currency: 'USD' }],
    ['€12,50', undefined, { minor: 1250, currency: 'EUR' }],
    ['12.99 EUR', 'GBP', { minor: 1299, currency: 'EUR' }],
    ['£2.99 - £12.99', undefined, { minor: 299, currency: 'GBP' }],
  ] as const)('%s (hint %s)', (raw, hint, expected) => {
    expect(parseShopPrice(raw, hint)).toEqual(expected)
  })

  test.each(['', 'Free', 'POA', '0', '0.00', '-5', '1.2.3', null, undefined, {}])('no price: %s', (raw) => {
    expect(parseShopPrice(raw)).toBeNull()
  })
})

test('formatOtherPrice shows the currency as it is', () => {
  expect(formatOtherPrice({ amount: 89, currency: 'USD' })).toBe('US$89.00')
  expect(formatOtherPrice({ amount: 12.5, currency: 'EUR' })).toBe('€12.50')
})

test('amazonAsin', () => {
  expect(amazonAsin('https://www.amazon.co.uk/dp/B00OG9OXF4')).toBe('B00OG9OXF4')
  expect(amazonAsin('https://www.amazon.co.uk/Hornby-Catalogue/dp/b00og9oxf4/ref=sr_1_1?x=1')).toBe('B00OG9OXF4')
  expect(amazonAsin('https://amazon.co.uk/gp/product/B00OG9OXF4')).toBe('B00OG9OXF4')
  expect(amazonAsin('https://www.amazon.com/gp/aw/d/B00OG9OXF4')).toBe('B00OG9OXF4')
  expect(amazonAsin('https://notamazon.co.uk/dp/B00OG9OXF4')).toBeNull()
  expect(amazonAsin('https://www.amazon.co.uk/s?k=lego')).toBeNull()
})
