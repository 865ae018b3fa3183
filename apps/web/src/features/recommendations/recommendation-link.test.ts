import { describe, expect, it } from 'vitest'
import { categoryLinkParams, recommendationPath } from './recommendation-link'

describe('recommendationPath (spec browsing-and-purchase §4 "Recommendations")', () => {
  it('uses categoryUrl when present', () => {
    expect(recommendationPath({ category: 'Board Games', categoryUrl: '/category/games/board-games' })).toBe(
      '/category/games/board-games',
    )
  })
  it('falls back to /category/{slug} by the spec rule', () => {
    expect(recommendationPath({ category: 'Arts & Crafts', categoryUrl: '' })).toBe('/category/arts-crafts')
    expect(recommendationPath({ category: '  Model Trains!! ', categoryUrl: null })).toBe('/category/model-trains')
    expect(recommendationPath({ category: 'Toys/Puzzles' })).toBe('/category/toys/puzzles')
  })
})

describe('categoryLinkParams', () => {
  it('reads up to four decoded levels', () => {
    expect(categoryLinkParams('/category/games/board-games')).toEqual({
      level0: 'games',
      level1: 'board-games',
      level2: undefined,
      level3: undefined,
    })
    expect(categoryLinkParams('/category/toys/dolls%27-houses/a/b')).toEqual({
      level0: 'toys',
      level1: "dolls'-houses",
      level2: 'a',
      level3: 'b',
    })
  })
  it('refuses what is not a category listing', () => {
    expect(categoryLinkParams('/product/3')).toBeNull()
    expect(categoryLinkParams('/category/')).toBeNull()
    expect(categoryLinkParams('/category/a/b/c/d/e')).toBeNull()
    expect(categoryLinkParams('/category/a//b')).toBeNull()
    expect(categoryLinkParams('/category/%E0%A4%A')).toBeNull()
  })
})
