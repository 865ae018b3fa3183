import { describe, expect, it } from 'vitest'
import { readFixture } from '../../../test/fixtures.ts'
import { mapAwinRecord } from './awin.ts'
import { detectFormat } from './index.ts'
import type { ProductInput } from '../types.ts'

const AWIN = 'awin_datafeed_sample_lululemon_us.csv'

async function mapAll() {
  const { rows } = await readFixture(AWIN)
  return rows.map(({ record, line }) => mapAwinRecord(record, line))
}

describe('Awin format', () => {
  it('is detected from the header of a real Awin datafeed', async () => {
    const { header } = await readFixture(AWIN)
    expect(header).toHaveLength(36)
    expect(detectFormat(header)).toBe('awin')
  })

  it('maps all 10 rows of the real sample, keeping their 11-digit aw_product_id', async () => {
    const results = await mapAll()
    expect(results).toHaveLength(10)
    const products = results.map((r) => {
      if (!r.ok) throw new Error(r.rejection.reason)
      return r.product
    })
    expect(products.map((p) => p.awProductId)).toEqual([
      40026645008, 33201718633, 33201717137, 33201717139, 33201717141, 33201717145, 33201717151, 33201702351,
      33201702353, 39329154040,
    ])
    for (const p of products) expect(p.sourceProductId).toBe(String(p.awProductId))
  })

  it('maps the first row field by field', async () => {
    const [first] = await mapAll()
    expect(first).toEqual({
      ok: true,
      product: {
        awProductId: 40026645008,
        source: 'awin',
        sourceProductId: '40026645008',
        title: 'Wunder Under High-Rise Leggings 25"',
        imageUrl: 'https://images.lululemon.com/is/image/lululemon/LW5BJVS_0001_1',
        price: 98,
        currency: 'USD',
        feedPrice: 98,
        categoryName: 'Apparel & Accessories',
        categoryLevel1: 'Clothing',
        categoryLevel2: 'Pants',
        categoryLevel3: null,
        brand: 'lululemon',
        merchantName: 'lululemon (US)',
        merchantId: '30347',
        merchantCategory: 'Apparel & Accessories > Clothing > Pants',
        longDescription: expect.stringMatching(/^The One That Started It All\. Train, Flow, And Restore/) as string,
        affiliateUrl: 'https://www.awin1.com/pclick.php?p=40026645008&a=1299065&m=30347',
        averageRating: null,
        reviewCount: null,
        size: '18',
        colour: 'Black',
        itemGroupId: null,
        bestSellerRank: null,
        inStock: true,
        recommendedPrice: null,
      } satisfies ProductInput,
    })
  })

  it('splits a 4-level merchant_category', async () => {
    const results = await mapAll()
    expect(results[7]).toMatchObject({
      ok: true,
      product: {
        title: 'Always In Motion Long Boxers 7" 3 Pack',
        price: 74,
        categoryName: 'Apparel & Accessories',
        categoryLevel1: 'Clothing',
        categoryLevel2: 'Underwear & Socks',
        categoryLevel3: 'Underwear',
      },
    })
  })

  it('falls back to category_name and merchant_image_url', async () => {
    const { rows } = await readFixture(AWIN)
    const row = rows[0]
    if (!row) throw new Error('empty fixture')
    const result = mapAwinRecord({ ...row.record, merchant_category: '', image_url: '' }, row.line)
    expect(result).toMatchObject({
      ok: true,
      product: {
        categoryName: "Men's Clothing",
        categoryLevel1: null,
        merchantCategory: null,
        imageUrl: 'https://images.lululemon.com/is/image/lululemon/LW5BJVS_0001_1',
      },
    })
  })

  it('rejects rows without a usable price or affiliate id', async () => {
    const { rows } = await readFixture(AWIN)
    const row = rows[2]
    if (!row) throw new Error('empty fixture')
    expect(mapAwinRecord({ ...row.record, search_price: '' }, 4)).toEqual({
      ok: false,
      rejection: { line: 4, reason: 'no usable price', value: '' },
    })
    expect(mapAwinRecord({ ...row.record, aw_product_id: '1234' }, 4)).toEqual({
      ok: false,
      rejection: { line: 4, reason: 'invalid aw_product_id', value: '1234' },
    })
    expect(mapAwinRecord({ ...row.record, aw_product_id: '' }, 4)).toEqual({
      ok: false,
      rejection: { line: 4, reason: 'no aw_product_id' },
    })
    expect(mapAwinRecord({ ...row.record, product_name: ' ' }, 4)).toEqual({
      ok: false,
      rejection: { line: 4, reason: 'no title' },
    })
  })
})
