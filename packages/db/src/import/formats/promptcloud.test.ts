import { describe, expect, it } from 'vitest'
import { fixture, readFixture } from '../../../test/fixtures.ts'
import { detectFormat } from './index.ts'
import {
  amazonProductUrl,
  extractAsin,
  loadPromptCloudDescriptions,
  mapPromptCloudRecord,
  type PromptCloudDescription,
} from './promptcloud.ts'
import type { MapResult, ProductInput } from '../types.ts'

const SAMPLE = 'amazon_uk_toys_promptcloud_sample.csv'
const DESCRIPTIONS = 'amazon_uk_toys_promptcloud_sample_with_descriptions.csv'

async function mapSample(descriptions?: ReadonlyMap<string, PromptCloudDescription>) {
  const { rows } = await readFixture(SAMPLE)
  return rows.map(({ record, line }) => ({ line, result: mapPromptCloudRecord(record, line, descriptions) }))
}

function productAt(results: { line: number; result: MapResult }[], line: number): ProductInput {
  const found = results.find((r) => r.line === line)?.result
  if (!found?.ok) throw new Error(`no product on line ${line}`)
  return found.product
}

describe('PromptCloud format', () => {
  it('is detected from the header of the 10k catalog, not from the descriptions file', async () => {
    expect(detectFormat((await readFixture(SAMPLE)).header)).toBe('promptcloud')
    expect(detectFormat((await readFixture(DESCRIPTIONS)).header)).toBeNull()
  })

  it('maps the first real row, "Hornby 2014 Catalogue"', async () => {
    const results = await mapSample()
    expect(productAt(results, 2)).toEqual({
      awProductId: 4824126136,
      source: 'amazon_uk',
      sourceProductId: 'eac7efa5dbd3d667f26eb3d3ab504464',
      title: 'Hornby 2014 Catalogue',
      imageUrl: null,
      price: 3.42,
      currency: 'GBP',
      feedPrice: 3.42,
      categoryName: 'Hobbies',
      categoryLevel1: 'Model Trains & Railway Sets',
      categoryLevel2: 'Rail Vehicles',
      categoryLevel3: 'Trains',
      brand: 'Hornby',
      merchantName: 'Amazon UK',
      merchantId: null,
      merchantCategory: 'Hobbies > Model Trains & Railway Sets > Rail Vehicles > Trains',
      longDescription: null,
      affiliateUrl: 'https://www.amazon.co.uk/s?k=Hornby%202014%20Catalogue',
      averageRating: 4.9,
      reviewCount: 15,
      size: null,
      colour: null,
      itemGroupId: null,
      bestSellerRank: null,
      // number_available_in_stock "5 new" (a no-break space in the feed).
      inStock: true,
      recommendedPrice: null,
    } satisfies ProductInput)
  })

  it('leaves out the rows without a price as not for sale, with their line (issue 25)', async () => {
    const results = await mapSample()
    const rejected = results.filter((r) => !r.result.ok).map((r) => r.result)
    expect(rejected).toHaveLength(13)
    expect(results.find((r) => r.line === 11)?.result).toEqual({
      ok: false,
      rejection: { line: 11, reason: 'not for sale (no price)', notForSale: true },
    })
    // "Learning Curve Chuggington Interactive Chatsworth" is that row.
    const { rows } = await readFixture(SAMPLE)
    expect(rows.find((r) => r.line === 11)?.record.product_name).toBe(
      'Learning Curve Chuggington Interactive Chatsworth',
    )
  })

  it('caps a 5-level path at 4 levels and keeps the full path as merchantCategory', async () => {
    const busch = productAt(await mapSample(), 50)
    expect(busch.title).toBe('Busch 1022')
    expect(busch.price).toBe(10.99)
    expect([busch.categoryName, busch.categoryLevel1, busch.categoryLevel2, busch.categoryLevel3]).toEqual([
      'Hobbies',
      'Model Trains & Railway Sets',
      'Accessories',
      'Landscaping',
    ])
    expect(busch.merchantCategory).toBe(
      'Hobbies > Model Trains & Railway Sets > Accessories > Landscaping > Landscape Architecture',
    )
  })

  it('keeps rows without category, rating or manufacturer', async () => {
    const results = await mapSample()
    const powerTrains = productAt(results, 43)
    expect(powerTrains).toMatchObject({
      title: 'Power Trains Auto Loader City',
      price: 76.99,
      categoryName: null,
      merchantCategory: null,
      averageRating: null,
      reviewCount: 0,
      brand: 'POWER CITY TRAINS',
    })
    expect(productAt(results, 49)).toMatchObject({
      title: '3D Butterfly Stickers Fly - Assorted Colours',
      brand: null,
      price: 2.14,
    })
    expect(productAt(results, 53).price).toBe(2439.92)
    expect(productAt(results, 54)).toMatchObject({ title: 'TOMY Pop-Up Pirate', reviewCount: 1040, averageRating: 4.5 })
  })

  it('joins the descriptions file: long description and /dp/<ASIN> link', async () => {
    const descriptions = await loadPromptCloudDescriptions(fixture(DESCRIPTIONS))
    expect(descriptions.size).toBe(5)
    const results = await mapSample(descriptions)
    const santa = productAt(results, 9)
    expect(santa.title).toBe("Hornby Santa's Express Train Set")
    expect(santa.price).toBe(69.93)
    expect(santa.affiliateUrl).toBe('https://www.amazon.co.uk/dp/B00OG9OXF4')
    expect(santa.longDescription).toMatch(/^Product Description Inject a bit of Hornby magic into Christmas/)
    expect(productAt(results, 44).affiliateUrl).toBe('https://www.amazon.co.uk/dp/B008PKAAZ2')
    // The descriptions row of this bag has no product_information, so no ASIN: search link.
    const bag = productAt(results, 47)
    expect(bag.title).toBe('Minnie Mouse Mad About Minnie Despatch Bag')
    expect(bag.longDescription).toMatch(/^Product Description This Despatch bag/)
    expect(bag.affiliateUrl).toBe('https://www.amazon.co.uk/s?k=Minnie%20Mouse%20Mad%20About%20Minnie%20Despatch%20Bag')
    // Rows without a descriptions row are unchanged.
    expect(productAt(results, 2).longDescription).toBeNull()
  })

  it('maps the synthetic edge cases: ranges, "£1,299.00", "out of 5 stars", review counts with commas', async () => {
    const { rows } = await readFixture('synthetic_promptcloud_edge_cases.csv')
    const byLine = new Map(rows.map(({ record, line }) => [line, mapPromptCloudRecord(record, line)]))
    expect(byLine.get(2)).toMatchObject({ ok: true, product: { price: 2.99, averageRating: 4.6, reviewCount: 1204 } })
    expect(byLine.get(3)).toEqual({ ok: false, rejection: { line: 3, reason: 'no title' } })
    expect(byLine.get(4)).toMatchObject({ ok: true, product: { title: 'Two-line\nTitle Train', price: 1299 } })
    expect(byLine.get(8)).toEqual({ ok: false, rejection: { line: 8, reason: 'no usable price', value: '-5.00' } })
    expect(byLine.get(9)).toEqual({ ok: false, rejection: { line: 9, reason: 'no usable price', value: 'free' } })
    expect(byLine.get(10)).toMatchObject({
      ok: true,
      product: { price: 7.5, averageRating: 4.5, categoryLevel3: 'Figures & Decoration Parts' },
    })
  })
})

describe('extractAsin / amazonProductUrl', () => {
  it('reads the ASIN from product_information', () => {
    expect(extractAsin('Additional Information ASINB008PKAAZ2 Best Sellers Rank 61,275')).toBe('B008PKAAZ2')
    expect(extractAsin('ASIN: B00OG9OXF4')).toBe('B00OG9OXF4')
    expect(extractAsin('')).toBeNull()
    expect(extractAsin(undefined)).toBeNull()
  })

  it('links to /dp/ or falls back to a title search', () => {
    expect(amazonProductUrl('B008PKAAZ2', 'x')).toBe('https://www.amazon.co.uk/dp/B008PKAAZ2')
    expect(amazonProductUrl(null, "Hornby Santa's Express & Co")).toBe(
      "https://www.amazon.co.uk/s?k=Hornby%20Santa's%20Express%20%26%20Co",
    )
  })
})
