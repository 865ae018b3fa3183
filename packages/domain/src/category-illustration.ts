/**
 * The picture of each top-level category (issue 14): a product without an image shows its
 * category's icon (a Tabler icon, by its file name) on its category's tint, on the card, the
 * product page and the liked list; the server draws the same as the category's 1200x630 card
 * image for link previews (issue 40). Keys are category keys (categoryIllustrationKey).
 */

/** A Mantine palette colour: the picture's tint is its shade 1, the icon its shade 7. */
export type IllustrationColor =
  'grape' | 'violet' | 'indigo' | 'blue' | 'cyan' | 'teal' | 'green' | 'lime' | 'yellow' | 'orange' | 'red' | 'pink'

/** A Tabler outline icon's name (its file under @tabler/icons/icons/outline) and a colour. */
export interface IllustrationSpec {
  icon: string
  color: IllustrationColor
}

export const CATEGORY_ILLUSTRATIONS: Record<string, IllustrationSpec> = {
  hobbies: { icon: 'train', color: 'indigo' },
  'die cast and toy vehicles': { icon: 'car', color: 'red' },
  'figures and playsets': { icon: 'horse-toy', color: 'orange' },
  games: { icon: 'dice-5', color: 'violet' },
  'characters and brands': { icon: 'stars', color: 'yellow' },
  'arts and crafts': { icon: 'brush', color: 'pink' },
  'party supplies': { icon: 'balloon', color: 'grape' },
  'fancy dress': { icon: 'masks-theater', color: 'grape' },
  'dolls and accessories': { icon: 'mood-kid', color: 'pink' },
  'sports toys and outdoor': { icon: 'ball-football', color: 'green' },
  'puppets and puppet theatres': { icon: 'masks-theater', color: 'orange' },
  'jigsaws and puzzles': { icon: 'puzzle', color: 'blue' },
  'baby and toddler toys': { icon: 'baby-carriage', color: 'cyan' },
  'pretend play': { icon: 'shopping-bag', color: 'teal' },
  'educational toys': { icon: 'school', color: 'blue' },
  music: { icon: 'music', color: 'violet' },
  tech: { icon: 'device-laptop', color: 'cyan' },
  'skincare and fragrance': { icon: 'perfume', color: 'pink' },
  'gifts and cards': { icon: 'gift', color: 'red' },
  'tools and garden': { icon: 'hammer', color: 'lime' },
  'food and drink': { icon: 'candy', color: 'orange' },
  home: { icon: 'sofa', color: 'teal' },
  'office supplies': { icon: 'pencil', color: 'indigo' },
  'pens, pencils and writing supplies': { icon: 'pencil', color: 'indigo' },
  bags: { icon: 'backpack', color: 'blue' },
  'camping and hiking': { icon: 'tent', color: 'green' },
  dogs: { icon: 'dog', color: 'yellow' },
  'apparel and accessories': { icon: 'hanger', color: 'violet' },
}

/** Words of other feeds' top-level categories, for categories not listed above: the key they take. */
const BY_WORD: readonly [RegExp, string][] = [
  [/cloth|apparel|fashion|wear|shirt/, 'clothing'],
  [/beauty|skin|fragrance|cosmetic/, 'skincare and fragrance'],
  [/tech|electronic|computer|phone/, 'tech'],
  [/home|garden|furniture|kitchen/, 'home'],
  [/food|drink|chocolate|sweet/, 'food and drink'],
  [/toy|game|play/, 'jigsaws and puzzles'],
  [/sport|outdoor/, 'sports toys and outdoor'],
]
const EXTRA: Record<string, IllustrationSpec> = {
  clothing: { icon: 'shirt', color: 'violet' },
  presently: { icon: 'gift', color: 'orange' },
}

/** The shop's own picture (no category, or an unknown one). */
export const DEFAULT_ILLUSTRATION_KEY = 'presently'

/**
 * The illustration key of a top-level category: its own for the shop's categories, one by
 * keyword for other feeds' ("Men's Clothing" -> clothing), else the gift ("presently").
 */
export function categoryIllustrationKey(categoryName: string | null | undefined): string {
  if (!categoryName) return DEFAULT_ILLUSTRATION_KEY
  const key = categoryName
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[-\s]+/g, ' ')
    .trim()
  if (CATEGORY_ILLUSTRATIONS[key]) return key
  return BY_WORD.find(([pattern]) => pattern.test(key))?.[1] ?? DEFAULT_ILLUSTRATION_KEY
}

/** The icon and colour of an illustration key (categoryIllustrationKey), or null for an unknown key. */
export function illustrationSpec(key: string): IllustrationSpec | null {
  return CATEGORY_ILLUSTRATIONS[key] ?? EXTRA[key] ?? null
}
