import { describe, expect, it } from 'vitest'
import { readFixture } from '../../test/fixtures.ts'
import { deriveAwProductId, parseAffiliateNetworkId } from './aw-product-id.ts'

describe('deriveAwProductId', () => {
  it('is a 10-digit number', () => {
    const id = deriveAwProductId('amazon_uk', 'eac7efa5dbd3d667f26eb3d3ab504464')
    expect(Number.isSafeInteger(id)).toBe(true)
    expect(String(id)).toMatch(/^\d{10}$/)
  })

  it('is stable: the same row always gets the same id (pinned, do not change the derivation)', () => {
    // "Hornby 2014 Catalogue", the first row of the Amazon UK catalog.
    expect(deriveAwProductId('amazon_uk', 'eac7efa5dbd3d667f26eb3d3ab504464')).toBe(4824126136)
    expect(deriveAwProductId('amazon_uk', 'eac7efa5dbd3d667f26eb3d3ab504464')).toBe(4824126136)
  })

  it('depends on the source as well as the row id', () => {
    expect(deriveAwProductId('other', 'eac7efa5dbd3d667f26eb3d3ab504464')).not.toBe(4824126136)
  })

  it('gives distinct 10-digit ids to the rows of the real fixture', async () => {
    const { rows } = await readFixture('amazon_uk_toys_promptcloud_sample.csv')
    const ids = rows.map(({ record }) => deriveAwProductId('amazon_uk', record.uniq_id ?? ''))
    expect(new Set(ids).size).toBe(rows.length)
    for (const id of ids) expect(id >= 1e9 && id < 1e10).toBe(true)
  })
})

describe('parseAffiliateNetworkId', () => {
  it('keeps ids of 5 or more digits', () => {
    expect(parseAffiliateNetworkId('40026645008')).toBe(40026645008)
    expect(parseAffiliateNetworkId(' 12345 ')).toBe(12345)
  })

  it('rejects anything else', () => {
    for (const raw of ['', undefined, null, '1234', '12a45', '-12345', '1.5e10', '12345678901234567890']) {
      expect(parseAffiliateNetworkId(raw), String(raw)).toBeNull()
    }
  })
})
