import { buildCatalogModel, bucketRange, type CatalogBucketRow, type CatalogPromoRow } from '../catalog-model.ts'
import type { CatalogModel, OccasionInput, ProfileInput } from '../types.ts'

/**
 * A small hand-written catalog for the engine's tests: real category paths of the shop's tree
 * (so the data tables apply) with made-up counts, prices, brands and reviews.
 */
const CATEGORIES: [path: string, count: number, brand: string][] = [
  ['Hobbies::Model Trains & Railway Sets::Rail Vehicles::Trains', 30, 'Hornby'],
  ['Hobbies::Model Trains & Railway Sets::Accessories::Landscaping', 10, 'Peco'],
  ['Hobbies::Model Building Kits::Tanks', 20, 'Tamiya'],
  ['Hobbies::Slot Cars, Race Tracks & Accessories::Slot Cars', 15, 'Scalextric'],
  ['Hobbies::Collectible Figures & Memorabilia::Bobbleheads & Busts', 12, 'Funko'],
  ['Baby & Toddler Toys::Sound Toys', 10, 'Tobar'],
  ['Baby & Toddler Toys::Rattles', 8, 'Pintoy'],
  ['Games::Card Games', 30, 'Bicycle'],
  ['Games::Chess', 15, 'Jaques'],
  ['Games::Drinking Games', 5, 'Paladone'],
  ['Games::Trivia & Quiz Games', 20, 'Trivial Pursuit'],
  ['Jigsaws & Puzzles::Jigsaws', 25, 'Ravensburger'],
  ['Jigsaws & Puzzles::Brain Teasers', 12, 'Hanayama'],
  ['Food & Drink::Food::Chocolate', 10, 'Cadbury'],
  ['Men::Tops & T-Shirts::T-Shirts', 8, 'Gildan'],
  ['Office Supplies::Desk Accessories & Storage Products', 10, 'Rexel'],
  ['Office Supplies::Labels, Index Dividers & Stamps', 6, 'Dymo'],
  ['Tools & Garden::Garden Tools', 12, 'Spear & Jackson'],
  ['Skincare & Fragrance::Body Art::Temporary Tattoos', 15, 'Inkwear'],
  ['Figures & Playsets::Dinosaurs', 20, 'Schleich'],
  ['Arts & Crafts::Painting By Numbers', 12, 'Reeves'],
  ['Arts & Crafts::Colouring Pencils', 10, 'Faber-Castell'],
  ['Party Supplies::Decorations::Balloons', 40, 'Amscan'],
  ['Gifts & Cards::Novelty Gifts', 10, 'Paladone'],
  ['Gifts & Cards::Cards & Invitations', 8, 'Hallmark'],
  ['Sports Toys & Outdoor::Kites & Flight Toys', 20, 'Brookite'],
  ['Tech::Remote Controlled Devices::Helicopters & Quadcopters', 15, 'Syma'],
  ['Music::Musical Instruments', 10, 'Bontempi'],
]

/** Rows of one category: its products spread over price buckets 1..5 (£5 to £100). */
function rowsOf(path: string, count: number, brand: string): CatalogBucketRow[] {
  const levels = path.split('::')
  const buckets = [1, 2, 3, 4, 5]
  return buckets.map((bucket, i) => {
    const n = Math.floor(count / buckets.length) + (i < count % buckets.length ? 1 : 0)
    const range = bucketRange(bucket)
    const reviews = n * 10
    return {
      levels: [...levels, null, null, null].slice(0, 4),
      bucket,
      count: n,
      minPrice: range.min + 0.99,
      maxPrice: Math.min(range.max, 200) - 0.01,
      reviews,
      ratingWeighted: reviews * 4.4,
      ratedReviews: reviews,
      brands: [{ name: brand, count: n }],
      titles: Array.from({ length: n }, (_, k) => `${brand} ${levels.at(-1)} Deluxe Gift Edition No ${k}`),
    }
  })
}

/** Promos of the test catalog: Christmas holds card games and jigsaws, New Baby the baby toys. */
const PROMOS: CatalogPromoRow[] = [
  { levels: ['Games', 'Card Games', null, null], promo: 'christmas', count: 24 },
  { levels: ['Jigsaws & Puzzles', 'Jigsaws', null, null], promo: 'christmas', count: 20 },
  { levels: ['Baby & Toddler Toys', 'Sound Toys', null, null], promo: 'new-baby', count: 9 },
  { levels: ['Baby & Toddler Toys', 'Rattles', null, null], promo: 'new-baby', count: 8 },
]

/** The test catalog as the engine reads it. */
export function testCatalog(): CatalogModel {
  return buildCatalogModel(
    'test',
    CATEGORIES.flatMap(([path, count, brand]) => rowsOf(path, count, brand)),
    PROMOS,
  )
}

/** Occasions as migration 0007 seeds them (value, label, cat_weight, occ_weight). */
export const OCCASIONS = {
  birthday: { id: 1, value: 'birthday', label: 'Birthday', catWeight: 1.2, occWeight: 0.8 },
  christmas: { id: 2, value: 'christmas', label: 'Christmas', catWeight: 1, occWeight: 1.2 },
  newBaby: { id: 6, value: 'new-baby', label: 'New Baby', catWeight: 0.6, occWeight: 1.6 },
  leaving: { id: 23, value: 'leaving', label: 'Leaving Do', catWeight: 1, occWeight: 0.9 },
  justBecause: { id: 24, value: 'just-because', label: 'Just Because', catWeight: 1.3, occWeight: 0.5 },
} satisfies Record<string, OccasionInput>

/** A profile with nothing but a name; `over` adds to it. */
export function profile(over: Partial<ProfileInput> = {}): ProfileInput {
  return {
    id: 1,
    name: 'Sam',
    dateOfBirth: null,
    gender: null,
    relationship: null,
    selections: [],
    giftPreferences: [],
    interests: [],
    events: [],
    likes: [],
    orders: [],
    completeness: 7,
    ...over,
  }
}

/** Today in the tests (a fixed UK date). */
export const TODAY = '2025-11-20'
