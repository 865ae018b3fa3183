import {
  IconBabyCarriage,
  IconBackpack,
  IconBalloon,
  IconBallFootball,
  IconBrush,
  IconCandy,
  IconCar,
  IconDeviceLaptop,
  IconDice5,
  IconDog,
  IconGift,
  IconHammer,
  IconHanger,
  IconHorseToy,
  IconMasksTheater,
  IconMoodKid,
  IconMusic,
  IconPencil,
  IconPerfume,
  IconPuzzle,
  IconSchool,
  IconShirt,
  IconShoppingBag,
  IconSofa,
  IconStars,
  IconTent,
  IconTrain,
  type Icon,
} from '@tabler/icons-react'

/** A Mantine palette colour: the picture's tint is its shade 1, the icon its shade 7. */
export type IllustrationColor =
  'grape' | 'violet' | 'indigo' | 'blue' | 'cyan' | 'teal' | 'green' | 'lime' | 'yellow' | 'orange' | 'red' | 'pink'

export interface CategoryIllustration {
  Icon: Icon
  color: IllustrationColor
}

/**
 * The picture of each top-level category (issue 14): a product without an image, or whose image
 * fails to load, shows its category's icon on its category's tint, the same on the card, the
 * product page and the liked list. Keys are category keys (see categoryIllustration).
 */
const ILLUSTRATIONS: Record<string, CategoryIllustration> = {
  hobbies: { Icon: IconTrain, color: 'indigo' },
  'die cast and toy vehicles': { Icon: IconCar, color: 'red' },
  'figures and playsets': { Icon: IconHorseToy, color: 'orange' },
  games: { Icon: IconDice5, color: 'violet' },
  'characters and brands': { Icon: IconStars, color: 'yellow' },
  'arts and crafts': { Icon: IconBrush, color: 'pink' },
  'party supplies': { Icon: IconBalloon, color: 'grape' },
  'fancy dress': { Icon: IconMasksTheater, color: 'grape' },
  'dolls and accessories': { Icon: IconMoodKid, color: 'pink' },
  'sports toys and outdoor': { Icon: IconBallFootball, color: 'green' },
  'puppets and puppet theatres': { Icon: IconMasksTheater, color: 'orange' },
  'jigsaws and puzzles': { Icon: IconPuzzle, color: 'blue' },
  'baby and toddler toys': { Icon: IconBabyCarriage, color: 'cyan' },
  'pretend play': { Icon: IconShoppingBag, color: 'teal' },
  'educational toys': { Icon: IconSchool, color: 'blue' },
  music: { Icon: IconMusic, color: 'violet' },
  tech: { Icon: IconDeviceLaptop, color: 'cyan' },
  'skincare and fragrance': { Icon: IconPerfume, color: 'pink' },
  'gifts and cards': { Icon: IconGift, color: 'red' },
  'tools and garden': { Icon: IconHammer, color: 'lime' },
  'food and drink': { Icon: IconCandy, color: 'orange' },
  home: { Icon: IconSofa, color: 'teal' },
  'office supplies': { Icon: IconPencil, color: 'indigo' },
  'pens, pencils and writing supplies': { Icon: IconPencil, color: 'indigo' },
  bags: { Icon: IconBackpack, color: 'blue' },
  'camping and hiking': { Icon: IconTent, color: 'green' },
  dogs: { Icon: IconDog, color: 'yellow' },
  'apparel and accessories': { Icon: IconHanger, color: 'violet' },
}

/** Words of other feeds' top-level categories, for categories not listed above. */
const BY_WORD: readonly [RegExp, CategoryIllustration][] = [
  [/cloth|apparel|fashion|wear|shirt/, { Icon: IconShirt, color: 'violet' }],
  [/beauty|skin|fragrance|cosmetic/, { Icon: IconPerfume, color: 'pink' }],
  [/tech|electronic|computer|phone/, { Icon: IconDeviceLaptop, color: 'cyan' }],
  [/home|garden|furniture|kitchen/, { Icon: IconSofa, color: 'teal' }],
  [/food|drink|chocolate|sweet/, { Icon: IconCandy, color: 'orange' }],
  [/toy|game|play/, { Icon: IconPuzzle, color: 'blue' }],
  [/sport|outdoor/, { Icon: IconBallFootball, color: 'green' }],
]

/** What a product without a category (or in an unknown one) shows. */
export const DEFAULT_ILLUSTRATION: CategoryIllustration = { Icon: IconGift, color: 'orange' }

/**
 * The illustration of a product's top-level category: its own for the shop's categories, one
 * by keyword for other feeds' ("Men's Clothing" -> the shirt), else the gift.
 */
export function categoryIllustration(categoryName: string | null | undefined): CategoryIllustration {
  if (!categoryName) return DEFAULT_ILLUSTRATION
  const key = categoryName
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[-\s]+/g, ' ')
    .trim()
  return ILLUSTRATIONS[key] ?? BY_WORD.find(([pattern]) => pattern.test(key))?.[1] ?? DEFAULT_ILLUSTRATION
}
