import { describe, expect, it } from 'vitest'
import type { CategoryNode } from '@presently/domain'
import { categoryKey, collapseNode, expandNode, findCategoryPath, selfAndAncestorIds } from './category-path'

const node = (id: string, children: CategoryNode[] = []): CategoryNode => ({
  id,
  name: id.split('::').at(-1) ?? id,
  children,
})

const tree = [
  node('Die-Cast & Toy Vehicles', [node('Die-Cast & Toy Vehicles::Toy Vehicles')]),
  node('Hobbies', [
    node('Hobbies::Model Trains & Railway Sets', [node('Hobbies::Model Trains & Railway Sets::Rolling Stock')]),
  ]),
]

describe('categoryKey', () => {
  it('folds case, hyphens and "&"/"and" like the server', () => {
    expect(categoryKey('DIE CAST & TOY VEHICLES')).toBe(categoryKey('Die-Cast & Toy Vehicles'))
    expect(categoryKey('Food and Drink')).toBe(categoryKey('Food & Drink'))
  })
})

describe('findCategoryPath', () => {
  it('finds the nodes of levels read back from slugs', () => {
    const path = findCategoryPath(tree, ['HOBBIES', 'MODEL TRAINS & RAILWAY SETS', 'ROLLING STOCK'])
    expect(path?.map((n) => n.id)).toEqual([
      'Hobbies',
      'Hobbies::Model Trains & Railway Sets',
      'Hobbies::Model Trains & Railway Sets::Rolling Stock',
    ])
    expect(findCategoryPath(tree, ['DIE CAST & TOY VEHICLES'])?.[0]?.name).toBe('Die-Cast & Toy Vehicles')
  })

  it('returns null when a level is unknown', () => {
    expect(findCategoryPath(tree, ['Hobbies', 'Kites'])).toBeNull()
    expect(findCategoryPath(tree, ['Nope'])).toBeNull()
  })
})

describe('expanding and collapsing', () => {
  it('keeps the ancestors of an expanded node open', () => {
    expect(selfAndAncestorIds('A::B::C')).toEqual(['A', 'A::B', 'A::B::C'])
    const expanded = expandNode(new Set(), 'Hobbies::Model Trains & Railway Sets')
    expect([...expanded].sort()).toEqual(['Hobbies', 'Hobbies::Model Trains & Railway Sets'])
  })

  it('collapses a node with its descendants only', () => {
    const expanded = new Set(['A', 'A::B', 'A::B::C', 'AB', 'D'])
    expect([...collapseNode(expanded, 'A')].sort()).toEqual(['AB', 'D'])
  })
})
