import type { CategoryTarget } from '../types.ts'

/**
 * Gift preference groups (migration 0007, by group name and option label) and what each option
 * does. "Kind of gift" and "Values" steer (signals giftKind, values); "Budget" and "Please
 * avoid" constrain (FACTORS in weights.ts). Options with no catalog counterpart (gift cards,
 * subscriptions, made in the UK, fair trade, charity gifts) steer nothing: the catalog carries
 * no such data, and pretending otherwise would be filler.
 */
export const GIFT_GROUPS = {
  kind: 'Kind of gift',
  budget: 'Budget',
  values: 'Values',
  avoid: 'Please avoid',
} as const

/** "Kind of gift" options. */
export const GIFT_KIND_TARGETS: Record<string, { says: string; targets: CategoryTarget[] }> = {
  Experiences: {
    says: 'prefers experiences',
    targets: [
      { path: 'Sports Toys & Outdoor', weight: 0.4 },
      { path: 'Games', weight: 0.3 },
      { path: 'Fancy Dress', weight: 0.3 },
    ],
  },
  'Things to keep': {
    says: 'likes things to keep',
    targets: [
      { path: 'Hobbies::Collectible Figures & Memorabilia', weight: 0.6 },
      { path: 'Hobbies::Model Trains & Railway Sets', weight: 0.4 },
      { path: 'Die-Cast & Toy Vehicles::Toy Vehicles & Accessories::Scaled Models', weight: 0.4 },
      { path: 'Home::Home Accessories', weight: 0.3 },
      { path: 'Games::Chess', weight: 0.3 },
    ],
  },
  'Personalised gifts': {
    says: 'likes personal touches',
    targets: [
      { path: 'Arts & Crafts', weight: 0.3 },
      { path: 'Skincare & Fragrance::Jewellery', weight: 0.3 },
      { path: 'Gifts & Cards', weight: 0.3 },
    ],
  },
  Consumables: {
    says: 'prefers things to use up',
    targets: [
      { path: 'Food & Drink', weight: 0.8 },
      { path: 'Arts & Crafts::Paper & Stickers', weight: 0.3 },
      { path: 'Hobbies::Trading Cards & Accessories::Packs & Sets', weight: 0.3 },
      { path: 'Skincare & Fragrance::Body Art', weight: 0.3 },
    ],
  },
  Subscriptions: {
    says: 'likes a collection that grows',
    targets: [{ path: 'Hobbies::Trading Cards & Accessories::Packs & Sets', weight: 0.3 }],
  },
}

/** "Values" options. */
export const VALUES_TARGETS: Record<string, { says: string; targets: CategoryTarget[] }> = {
  'Eco-friendly': {
    says: 'cares about the planet',
    targets: [
      { path: 'Characters & Brands::BRIO', weight: 0.5 },
      { path: 'Tools & Garden::Gardening', weight: 0.5 },
      { path: 'Tools & Garden::Garden Tools', weight: 0.4 },
      { path: 'Party Supplies::Decorations::Balloons', weight: -0.6 },
      { path: 'Party Supplies::Banners, Stickers & Confetti::Confetti', weight: -0.6 },
    ],
  },
}

/** "Budget" options as inclusive price ranges in GBP (upper bound exclusive, as the price buckets). */
export const BUDGET_BANDS: Record<string, { min: number; max: number; says: string }> = {
  'Under £20': { min: 0, max: 20, says: 'under £20' },
  '£20 to £50': { min: 20, max: 50, says: '£20 to £50' },
  '£50 to £100': { min: 50, max: 100, says: '£50 to £100' },
  'Over £100': { min: 100, max: Number.POSITIVE_INFINITY, says: 'over £100' },
}

/**
 * "Please avoid" options: `exclude` ranges are never recommended (an ancestor holding some of
 * them is scaled down by the share it holds); `soften` ranges are multiplied by FACTORS.avoidSoft.
 */
export const AVOID_RULES: Record<string, { exclude: string[]; soften?: string[] }> = {
  Clothing: {
    exclude: ['Fancy Dress::Costumes', 'Men', 'Dogs::Clothing & Accessories', 'Fancy Dress::Accessories::Hats'],
  },
  'Food and drink': { exclude: ['Food & Drink'] },
  Alcohol: { exclude: ['Games::Drinking Games', 'Tools & Garden::Kitchen Tools & Gadgets::Barware'] },
  'Ornaments and clutter': {
    exclude: ['Home::Home Accessories', 'Hobbies::Collectible Figures & Memorabilia::Bobbleheads & Busts'],
    soften: ['Party Supplies', 'Gifts & Cards::Novelty Gifts'],
  },
  Toiletries: { exclude: ['Skincare & Fragrance'] },
}

/**
 * Categories the catalog marks for one gender, read only when the person's profile gives a
 * gender (spec account-area §3); never from the relationship.
 */
export const GENDER_TARGETS: Record<'male' | 'female' | 'other', CategoryTarget[]> = {
  male: [
    { path: 'Men', weight: 0.8 },
    { path: 'Handbags & Shoulder Bags', weight: -0.4 },
  ],
  female: [
    { path: 'Men', weight: -1 },
    { path: 'Handbags & Shoulder Bags', weight: 0.3 },
  ],
  other: [],
}
