import {
  IconBabyCarriage,
  IconBalloon,
  IconBrush,
  IconCake,
  IconCandy,
  IconCar,
  IconChristmasTree,
  IconDeviceLaptop,
  IconDice5,
  IconHammer,
  IconHearts,
  IconHorseToy,
  IconMasksTheater,
  IconMusic,
  IconPerfume,
  IconPuzzle,
  IconRings,
  IconSchool,
  IconSofa,
  IconSparkles,
  IconStars,
  IconTrain,
  type Icon,
} from '@tabler/icons-react'

export interface CategoryTile {
  /** The category levels the tile links to, name first, as the spec names them. */
  levels: readonly string[]
  title: string
  /** The line under the title: the category's name, or what it holds. */
  text: string
  Icon: Icon
  /**
   * Subcategories (next level down) that do not fit the tile's promise (issue 26: children's
   * tattoos are not for the beauty conscious): not counted towards TILE_MIN_PRODUCTS.
   */
  unfitting?: readonly string[]
}

/**
 * A category tile shows only when its listing holds at least this many fitting products (issue
 * 26 item 9: "Chocolate Lover" opened 1 product).
 */
export const TILE_MIN_PRODUCTS = 12

/**
 * "Find the Perfect Gift" (spec browsing-and-purchase §2 "Home tiles"), in the spec's order and
 * wording, except the spec's typo "Adventuous", corrected as issue 26 asks
 * (docs/decisions/home-tiles.md). Links are the slugs of the spec's names: "gifts and cards"
 * -> /category/gifts-and-cards; the server folds "and"/"&" and case, so they find "Gifts & Cards".
 */
export const GIFT_CATEGORY_TILES: readonly CategoryTile[] = [
  { levels: ['Tech'], title: 'For the Tech Lover', text: 'Tech', Icon: IconDeviceLaptop },
  {
    levels: ['Skincare and fragrance'],
    title: 'For the Beauty Conscious',
    text: 'Skincare & Fragrance',
    Icon: IconPerfume,
    unfitting: ['Body Art'],
  },
  {
    levels: ['gifts and cards'],
    title: 'For the Adventurous Ones',
    text: 'Gifts & Cards',
    Icon: IconSparkles,
    unfitting: ['Cards & Invitations', 'Party Favours'],
  },
  { levels: ['tools and garden'], title: 'For Mr Fix-It', text: 'Tools & Garden', Icon: IconHammer },
  { levels: ['Hobbies'], title: 'Hobbies', text: 'Model trains, kits and collectables', Icon: IconTrain },
  { levels: ['Food & Drink', 'Food', 'Chocolate'], title: 'Chocolate Lover', text: 'Chocolate', Icon: IconCandy },
  { levels: ['Music'], title: 'For the Music Lover', text: 'Music', Icon: IconMusic },
  { levels: ['Home'], title: 'For the Home Decorator', text: 'Home', Icon: IconSofa },
]

export interface OccasionTile {
  /** The promo's URL name: /promo/{name}. */
  promoName: string
  title: string
  blurb: string
  Icon: Icon
}

/** "Shop by Occasion": the six promotions (spec browsing-and-purchase §2 "Home tiles"). */
export const OCCASION_TILES: readonly OccasionTile[] = [
  { promoName: 'birthday', title: 'Birthday', blurb: 'Presents to make their day', Icon: IconCake },
  { promoName: 'anniversary', title: 'Anniversary', blurb: 'Celebrate the years together', Icon: IconHearts },
  { promoName: 'wedding', title: 'Wedding', blurb: 'For the happy couple', Icon: IconRings },
  { promoName: 'christmas', title: 'Christmas', blurb: 'Festive gifts and decorations', Icon: IconChristmasTree },
  { promoName: 'graduation', title: 'Graduation', blurb: 'Mark the big achievement', Icon: IconSchool },
  { promoName: 'new-baby', title: 'New Baby', blurb: 'Welcome the little one', Icon: IconBabyCarriage },
]

/**
 * More of the catalog's top-level categories, beyond the spec's tiles, so popular parts of the
 * toy catalog are one click from home. "Die-Cast & Toy Vehicles" works now that the server folds
 * hyphens when matching a slug read back as "DIE CAST & TOY VEHICLES".
 */
export const MORE_CATEGORY_TILES: readonly CategoryTile[] = [
  { levels: ['Arts & Crafts'], title: 'Arts & Crafts', text: 'Paints, modelling and making', Icon: IconBrush },
  { levels: ['Games'], title: 'Games', text: 'Board games, cards and puzzles', Icon: IconDice5 },
  {
    levels: ['Die-Cast & Toy Vehicles'],
    title: 'Die-Cast & Toy Vehicles',
    text: 'Model cars, trucks and planes',
    Icon: IconCar,
  },
  {
    levels: ['Figures & Playsets'],
    title: 'Figures & Playsets',
    text: 'Action figures and worlds to build',
    Icon: IconHorseToy,
  },
  {
    levels: ['Characters & Brands'],
    title: 'Characters & Brands',
    text: 'Favourite films, shows and heroes',
    Icon: IconStars,
  },
  { levels: ['Fancy Dress'], title: 'Fancy Dress', text: 'Costumes for every party', Icon: IconMasksTheater },
  { levels: ['Jigsaws & Puzzles'], title: 'Jigsaws & Puzzles', text: 'Brain teasers for every age', Icon: IconPuzzle },
  { levels: ['Party Supplies'], title: 'Party Supplies', text: 'Balloons, banners and bunting', Icon: IconBalloon },
]
