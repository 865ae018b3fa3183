import { describe, expect, it } from 'vitest'
import { breadcrumbText, categoryToSlug, recommendationSlug, slugToCategory } from './category-slug.ts'
import { formatPrice } from './format.ts'
import { isAffiliateId, productListInput } from './catalog.ts'

describe('category slugs (spec browsing-and-purchase §4)', () => {
  it('lower-cases, turns & into and and spaces into hyphens', () => {
    expect(categoryToSlug('Food & Drink')).toBe('food-and-drink')
    expect(categoryToSlug('Model Trains & Railway Sets')).toBe('model-trains-and-railway-sets')
  })
  it('reads a slug back upper-cased with " & "', () => {
    expect(slugToCategory('food-and-drink')).toBe('FOOD & DRINK')
    expect(slugToCategory('hobbies')).toBe('HOBBIES')
  })
  it('joins breadcrumb levels with " > "', () => {
    expect(breadcrumbText(['Hobbies', 'Model Trains'])).toBe('Hobbies > Model Trains')
  })
  it('builds recommendation slugs', () => {
    expect(recommendationSlug('  Arts & Crafts!! ')).toBe('arts-crafts')
    expect(recommendationSlug('Tech/Gadgets_2')).toBe('tech/gadgets_2')
  })
})

describe('prices and ids', () => {
  it('formats GBP en-GB with two decimals', () => {
    expect(formatPrice(1234.5)).toBe('£1,234.50')
    expect(formatPrice(3.42)).toBe('£3.42')
  })
  it('treats 5+ digit ids as affiliate ids', () => {
    expect(isAffiliateId('12345')).toBe(true)
    expect(isAffiliateId(1234)).toBe(false)
    expect(isAffiliateId('12a45')).toBe(false)
  })
  it('validates listing input', () => {
    expect(productListInput.parse({ page: '2', limit: '24' })).toMatchObject({
      page: 2,
      limit: 24,
      includeVariants: false,
    })
    expect(productListInput.safeParse({ page: '0' }).success).toBe(false)
    expect(productListInput.safeParse({ limit: '1000' }).success).toBe(false)
    expect(productListInput.safeParse({ minPrice: '10', maxPrice: '5' }).success).toBe(false)
    expect(productListInput.safeParse({ sort: 'cheapest' }).success).toBe(false)
  })
})
