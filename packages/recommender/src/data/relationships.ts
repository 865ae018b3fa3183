import type { AgeBand, CategoryTarget } from '../types.ts'

/**
 * Relationship names (migration 0007) grouped into gender-neutral roles. "Mother" and "Father"
 * are both a parent, "Son" and "Daughter" both a child: the engine never learns a gender from a
 * relationship (spec account-area §3, docs/decisions/profile-reference-data.md). A name not
 * listed falls back to its relationship type (Partner, Family, Friend, Work, Other).
 */
export const RELATIONSHIP_ROLES: Record<string, RelationshipRole> = {
  Partner: 'partner',
  Wife: 'partner',
  Husband: 'partner',
  Girlfriend: 'partner',
  Boyfriend: 'partner',
  'Fiancé or fiancée': 'partner',
  Mother: 'parent',
  Father: 'parent',
  Parent: 'parent',
  Stepmother: 'parent',
  Stepfather: 'parent',
  'Mother-in-law': 'parent',
  'Father-in-law': 'parent',
  Grandmother: 'grandparent',
  Grandfather: 'grandparent',
  Grandparent: 'grandparent',
  Daughter: 'child',
  Son: 'child',
  Child: 'child',
  Stepchild: 'child',
  Granddaughter: 'grandchild',
  Grandson: 'grandchild',
  Grandchild: 'grandchild',
  Niece: 'youngRelative',
  Nephew: 'youngRelative',
  Godchild: 'youngRelative',
  Sister: 'sibling',
  Brother: 'sibling',
  Sibling: 'sibling',
  Cousin: 'sibling',
  'Sister-in-law': 'sibling',
  'Brother-in-law': 'sibling',
  Aunt: 'elderRelative',
  Uncle: 'elderRelative',
  Godparent: 'elderRelative',
  'Best friend': 'friend',
  Friend: 'friend',
  Neighbour: 'friend',
  Colleague: 'colleague',
  Manager: 'colleague',
  Client: 'colleague',
  Teacher: 'teacher',
  Other: 'other',
}

export type RelationshipRole =
  | 'partner'
  | 'parent'
  | 'grandparent'
  | 'child'
  | 'grandchild'
  | 'youngRelative'
  | 'sibling'
  | 'elderRelative'
  | 'friend'
  | 'colleague'
  | 'teacher'
  | 'other'

/** Role of a relationship type the names above do not cover. */
export const ROLE_OF_TYPE: Record<string, RelationshipRole> = {
  Partner: 'partner',
  Family: 'other',
  Friend: 'friend',
  Work: 'colleague',
  Other: 'other',
}

/**
 * What a role suggests. `ages`: how likely each age band is when no date of birth is given
 * (used at half weight: a guess, never shown as an age). `targets`: gentle category affinities.
 * `noun`: how the reasoning names the role ("a colleague").
 */
export const ROLE_PROFILES: Record<
  RelationshipRole,
  { ages: Partial<Record<AgeBand, number>>; targets: CategoryTarget[]; noun: string }
> = {
  partner: {
    ages: { adult: 1 },
    noun: 'a partner',
    targets: [
      { path: 'Food & Drink::Food::Chocolate', weight: 0.5 },
      { path: 'Skincare & Fragrance', weight: 0.3 },
      { path: 'Home', weight: 0.3 },
      { path: 'Games::Card Games', weight: 0.3 },
      { path: 'Gifts & Cards::Novelty Gifts', weight: 0.3 },
    ],
  },
  parent: {
    ages: { adult: 1 },
    noun: 'a parent',
    targets: [
      { path: 'Jigsaws & Puzzles::Jigsaws', weight: 0.4 },
      { path: 'Home', weight: 0.3 },
      { path: 'Tools & Garden', weight: 0.3 },
      { path: 'Food & Drink', weight: 0.3 },
      { path: 'Games::Trivia & Quiz Games', weight: 0.2 },
    ],
  },
  grandparent: {
    ages: { adult: 1 },
    noun: 'a grandparent',
    targets: [
      { path: 'Jigsaws & Puzzles::Jigsaws', weight: 0.6 },
      { path: 'Tools & Garden::Gardening', weight: 0.3 },
      { path: 'Games::Dominoes & Tile Games', weight: 0.3 },
      { path: 'Arts & Crafts::Painting By Numbers', weight: 0.2 },
      { path: 'Food & Drink', weight: 0.3 },
    ],
  },
  child: { ages: { toddler: 0.25, child: 0.45, teen: 0.15, adult: 0.15 }, noun: 'a son or daughter', targets: [] },
  grandchild: { ages: { toddler: 0.35, child: 0.5, teen: 0.15 }, noun: 'a grandchild', targets: [] },
  youngRelative: { ages: { toddler: 0.3, child: 0.5, teen: 0.2 }, noun: 'a young relative', targets: [] },
  sibling: {
    ages: { child: 0.2, teen: 0.2, adult: 0.6 },
    noun: 'a sibling',
    targets: [
      { path: 'Games::Card Games', weight: 0.2 },
      { path: 'Gifts & Cards::Novelty Gifts', weight: 0.2 },
    ],
  },
  elderRelative: {
    ages: { adult: 1 },
    noun: 'a relative',
    targets: [
      { path: 'Jigsaws & Puzzles', weight: 0.3 },
      { path: 'Food & Drink', weight: 0.3 },
      { path: 'Games::Trivia & Quiz Games', weight: 0.2 },
    ],
  },
  friend: {
    ages: { child: 0.15, teen: 0.1, adult: 0.75 },
    noun: 'a friend',
    targets: [
      { path: 'Games::Card Games', weight: 0.3 },
      { path: 'Games::Trivia & Quiz Games', weight: 0.3 },
      { path: 'Gifts & Cards::Novelty Gifts', weight: 0.3 },
    ],
  },
  colleague: {
    ages: { adult: 1 },
    noun: 'a colleague',
    targets: [
      { path: 'Office Supplies', weight: 0.5 },
      { path: 'Pens, Pencils & Writing Supplies', weight: 0.4 },
      { path: 'Gifts & Cards::Novelty Gifts', weight: 0.4 },
      { path: 'Food & Drink', weight: 0.4 },
      { path: 'Jigsaws & Puzzles::Brain Teasers', weight: 0.3 },
    ],
  },
  teacher: {
    ages: { adult: 1 },
    noun: 'a teacher',
    targets: [
      { path: 'Food & Drink', weight: 0.4 },
      { path: 'Pens, Pencils & Writing Supplies', weight: 0.4 },
      { path: 'Office Supplies', weight: 0.4 },
      { path: 'Gifts & Cards', weight: 0.4 },
      { path: 'Tools & Garden::Gardening', weight: 0.2 },
    ],
  },
  other: { ages: { child: 0.25, teen: 0.15, adult: 0.6 }, noun: 'them', targets: [] },
}

/** The role of a relationship: by name, else by its type, else "other". */
export function relationshipRole(relationship: { name: string; type: string } | null): RelationshipRole | null {
  if (!relationship) return null
  return RELATIONSHIP_ROLES[relationship.name] ?? ROLE_OF_TYPE[relationship.type] ?? 'other'
}
