import type { OccasionOutput } from '@presently/domain'
import { describe, expect, it } from 'vitest'
import { occasionGroups } from './occasion-groups'

const occasion = (id: number, label: string, category: string): OccasionOutput => ({
  id,
  value: label.toLowerCase(),
  label,
  name: label,
  category,
  cat_weight: 1,
  occ_weight: 1,
})

describe('occasionGroups', () => {
  it('puts Main first, then the categories by name, keeping the order within each', () => {
    const groups = occasionGroups([
      occasion(1, 'Wedding', 'Milestones'),
      occasion(2, 'Birthday', 'Main'),
      occasion(3, "Mother's Day", 'Celebrations'),
      occasion(4, 'Christmas', 'Main'),
    ])
    expect(groups).toEqual([
      {
        group: 'Main',
        items: [
          { value: '2', label: 'Birthday' },
          { value: '4', label: 'Christmas' },
        ],
      },
      { group: 'Celebrations', items: [{ value: '3', label: "Mother's Day" }] },
      { group: 'Milestones', items: [{ value: '1', label: 'Wedding' }] },
    ])
  })
})
