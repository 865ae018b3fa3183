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
import { categoryIllustrationKey, illustrationSpec, type IllustrationColor } from '@presently/domain'

export type { IllustrationColor }

export interface CategoryIllustration {
  Icon: Icon
  color: IllustrationColor
}

/**
 * The Tabler icons the illustrations name (packages/domain category-illustration.ts holds which
 * category takes which icon and colour; the server draws the same for its card images).
 */
const ICONS: Record<string, Icon> = {
  'baby-carriage': IconBabyCarriage,
  backpack: IconBackpack,
  balloon: IconBalloon,
  'ball-football': IconBallFootball,
  brush: IconBrush,
  candy: IconCandy,
  car: IconCar,
  'device-laptop': IconDeviceLaptop,
  'dice-5': IconDice5,
  dog: IconDog,
  gift: IconGift,
  hammer: IconHammer,
  hanger: IconHanger,
  'horse-toy': IconHorseToy,
  'masks-theater': IconMasksTheater,
  'mood-kid': IconMoodKid,
  music: IconMusic,
  pencil: IconPencil,
  perfume: IconPerfume,
  puzzle: IconPuzzle,
  school: IconSchool,
  shirt: IconShirt,
  'shopping-bag': IconShoppingBag,
  sofa: IconSofa,
  stars: IconStars,
  tent: IconTent,
  train: IconTrain,
}

/** What a product without a category (or in an unknown one) shows. */
export const DEFAULT_ILLUSTRATION: CategoryIllustration = { Icon: IconGift, color: 'orange' }

/**
 * The illustration of a product's top-level category: its own for the shop's categories, one
 * by keyword for other feeds' ("Men's Clothing" -> the shirt), else the gift.
 */
export function categoryIllustration(categoryName: string | null | undefined): CategoryIllustration {
  const spec = illustrationSpec(categoryIllustrationKey(categoryName))
  const Icon = spec ? ICONS[spec.icon] : undefined
  return spec && Icon ? { Icon, color: spec.color } : DEFAULT_ILLUSTRATION
}
