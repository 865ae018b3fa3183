import { describe, expect, it } from 'vitest'
import { readFixture } from '../../test/fixtures.ts'
import { splitCategoryPath } from './category-path.ts'

describe('splitCategoryPath', () => {
  it('maps a 4-level Amazon path to the name and 3 sub-levels', () => {
    expect(splitCategoryPath('Hobbies > Model Trains & Railway Sets > Rail Vehicles > Trains')).toEqual({
      categoryName: 'Hobbies',
      categoryLevel1: 'Model Trains & Railway Sets',
      categoryLevel2: 'Rail Vehicles',
      categoryLevel3: 'Trains',
    })
  })

  it('leaves missing levels null', () => {
    expect(splitCategoryPath('Characters & Brands > Tomy')).toEqual({
      categoryName: 'Characters & Brands',
      categoryLevel1: 'Tomy',
      categoryLevel2: null,
      categoryLevel3: null,
    })
  })

  it('keeps the first 4 levels of a deeper path', () => {
    expect(
      splitCategoryPath('Hobbies > Model Trains & Railway Sets > Accessories > Landscaping > Landscape Architecture'),
    ).toEqual({
      categoryName: 'Hobbies',
      categoryLevel1: 'Model Trains & Railway Sets',
      categoryLevel2: 'Accessories',
      categoryLevel3: 'Landscaping',
    })
  })

  it('trims parts and drops empty ones', () => {
    expect(splitCategoryPath('  Hobbies >  > Trains >  ')).toEqual({
      categoryName: 'Hobbies',
      categoryLevel1: 'Trains',
      categoryLevel2: null,
      categoryLevel3: null,
    })
    expect(splitCategoryPath('Apparel & Accessories>Clothing')).toMatchObject({ categoryLevel1: 'Clothing' })
  })

  it('gives all nulls for no category', () => {
    const none = { categoryName: null, categoryLevel1: null, categoryLevel2: null, categoryLevel3: null }
    expect(splitCategoryPath('')).toEqual(none)
    expect(splitCategoryPath(' > ')).toEqual(none)
    expect(splitCategoryPath(null)).toEqual(none)
    expect(splitCategoryPath(undefined)).toEqual(none)
  })

  it('never yields more than 4 levels on the real fixture', async () => {
    const { rows } = await readFixture('amazon_uk_toys_promptcloud_sample.csv')
    for (const { record } of rows) {
      const path = record.amazon_category_and_sub_category ?? ''
      const columns = splitCategoryPath(path)
      const parts = path.split(' > ').filter(Boolean)
      expect(columns.categoryName).toBe(parts[0] ?? null)
      expect(columns.categoryLevel3).toBe(parts[3] ?? null)
    }
  })
})
