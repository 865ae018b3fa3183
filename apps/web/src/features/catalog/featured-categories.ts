import {
  IconBalloon,
  IconBrush,
  IconDice5,
  IconHorseToy,
  IconMasksTheater,
  IconPuzzle,
  IconStars,
  IconTrain,
  type Icon,
} from '@tabler/icons-react'

export interface FeaturedCategory {
  /** The catalog's top-level category name, as stored. */
  name: string
  blurb: string
  Icon: Icon
}

/**
 * Top-level categories of the current catalog (amazon.co.uk toys and hobbies) to browse from the
 * home page. A later issue replaces these with the spec's tiles once their categories exist.
 * "Die-Cast & Toy Vehicles" is left out while its slug cannot be read back: slugToCategory turns
 * "die-cast-and-toy-vehicles" into "DIE CAST & TOY VEHICLES", which the API does not match.
 */
export const FEATURED_CATEGORIES: readonly FeaturedCategory[] = [
  { name: 'Hobbies', blurb: 'Model trains, kits and collectables', Icon: IconTrain },
  { name: 'Arts & Crafts', blurb: 'Paints, modelling and making', Icon: IconBrush },
  { name: 'Games', blurb: 'Board games, cards and puzzles', Icon: IconDice5 },
  { name: 'Figures & Playsets', blurb: 'Action figures and worlds to build', Icon: IconHorseToy },
  { name: 'Characters & Brands', blurb: 'Favourite films, shows and heroes', Icon: IconStars },
  { name: 'Fancy Dress', blurb: 'Costumes for every party', Icon: IconMasksTheater },
  { name: 'Jigsaws & Puzzles', blurb: 'Brain teasers for every age', Icon: IconPuzzle },
  { name: 'Party Supplies', blurb: 'Balloons, banners and bunting', Icon: IconBalloon },
]
