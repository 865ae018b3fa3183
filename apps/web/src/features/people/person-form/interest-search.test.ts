import { describe, expect, it } from 'vitest'
import type { InterestListItem } from '@presently/domain'
import { searchInterests } from './interest-search'

const item = (id: number, name: string, category: string, aliases: string[] = []): InterestListItem => ({
  id,
  name,
  category,
  subcategory: category,
  aliases,
})
const all = [
  item(1, 'LEGO', 'Popular Gift Interests', ['bricks', 'duplo']),
  item(2, 'Baking', 'Popular Gift Interests', ['cakes']),
  item(3, 'Desserts and Baking', 'Food & Drink', ['baking']),
  item(4, 'Running and Jogging', 'Healthy Living', ['running']),
  item(5, 'Bakelite Collecting', 'Hobbies & Interests'),
]

describe('searchInterests (issue 26)', () => {
  it('finds by name across categories, starts of names first', () => {
    expect(searchInterests(all, 'lego').map((i) => i.name)).toEqual(['LEGO'])
    expect(searchInterests(all, ' BAK ').map((i) => i.name)).toEqual([
      'Bakelite Collecting',
      'Baking',
      'Desserts and Baking',
    ])
  })
  it('finds by alias', () => {
    expect(searchInterests(all, 'bricks').map((i) => i.name)).toEqual(['LEGO'])
    expect(searchInterests(all, 'running').map((i) => i.name)).toEqual(['Running and Jogging'])
  })
  it('needs two letters and keeps to the limit', () => {
    expect(searchInterests(all, 'b')).toEqual([])
    expect(searchInterests(all, 'ba', 1)).toHaveLength(1)
  })
})
