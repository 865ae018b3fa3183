import { describe, expect, it } from 'vitest'
import { GIFT_CATEGORY_TILES, TILE_MIN_PRODUCTS } from './featured-categories'
import { tilesWorthShowing } from './use-tile-counts'

describe('tilesWorthShowing (issue 26 item 9)', () => {
  it('keeps tiles with at least 12 fitting products, all of them when counts failed', () => {
    const counts = new Map(
      GIFT_CATEGORY_TILES.map((tile, i) => [
        tile.title,
        { total: 100, fitting: i % 2 ? TILE_MIN_PRODUCTS - 1 : TILE_MIN_PRODUCTS },
      ]),
    )
    expect(tilesWorthShowing(GIFT_CATEGORY_TILES, counts).map((t) => t.title)).toEqual(
      GIFT_CATEGORY_TILES.filter((_, i) => i % 2 === 0).map((t) => t.title),
    )
    expect(tilesWorthShowing(GIFT_CATEGORY_TILES, null)).toHaveLength(GIFT_CATEGORY_TILES.length)
  })
  it('spells "Adventurous" (the spec\'s typo corrected)', () => {
    expect(GIFT_CATEGORY_TILES.map((t) => t.title)).toContain('For the Adventurous Ones')
  })
})
