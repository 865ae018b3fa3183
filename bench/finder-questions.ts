import { FINDER_AGE_LABELS, type FinderAge, type FinderBudget, type FinderWho } from '@presently/domain'

/**
 * Visitors' questions of the gift finder (issue 40) for the gift-picks benchmark: what people ask
 * a gift site in December without an account (the office Secret Santa under £10, a grandparent
 * who does jigsaws, a 7 year old who loves dinosaurs), each with the products a sensible shop
 * assistant would accept for it, by category (`accept`, a catalog path and everything under it)
 * and by title terms (`acceptTerms`). Written from the shipped catalog's categories and the
 * questions, not from the finder's answers; a question the shipped catalog has little for stays
 * in the set (the finder must say so, and the bench counts it as weak).
 */
export interface FinderQuestion {
  who: FinderWho
  age: FinderAge
  /** The occasion as the finder's address names it (an occasion label). */
  occasion: string
  budget: FinderBudget
  /** One to three gift interest slugs (PRESENTLY:<slug>). */
  interests: string[]
  /** Catalog paths ("Games", "Jigsaws & Puzzles::Jigsaws") whose products are acceptable. */
  accept: string[]
  /** Lower-case title words that make a product acceptable wherever it is filed. */
  acceptTerms: string[]
}

const GAMES = ['Games']
const GAME_TERMS = ['game', 'playing cards', 'dice']
const JIGSAWS = ['Jigsaws & Puzzles']
const JIGSAW_TERMS = ['jigsaw', 'puzzle']

export const FINDER_QUESTIONS: FinderQuestion[] = [
  // The "Done means" question.
  {
    who: 'colleague',
    age: 'adult',
    occasion: 'Christmas',
    budget: 'under-10',
    interests: ['gaming'],
    accept: GAMES,
    acceptTerms: GAME_TERMS,
  },
  {
    who: 'secret-santa',
    age: 'adult',
    occasion: 'Christmas',
    budget: 'under-10',
    interests: ['jigsaws'],
    accept: JIGSAWS,
    acceptTerms: JIGSAW_TERMS,
  },
  {
    who: 'secret-santa',
    age: 'adult',
    occasion: 'Christmas',
    budget: 'under-20',
    interests: ['brain-teasers'],
    accept: JIGSAWS,
    acceptTerms: ['puzzle', 'brain teaser', 'cube'],
  },
  {
    who: 'secret-santa',
    age: 'adult',
    occasion: 'Christmas',
    budget: 'under-10',
    interests: ['card-and-dice-games'],
    accept: ['Games::Card Games', 'Games::Dice & Dice Games', 'Games::Casino Equipment'],
    acceptTerms: ['cards', 'dice', 'poker'],
  },
  {
    who: 'secret-santa',
    age: 'adult',
    occasion: 'Christmas',
    budget: 'under-10',
    interests: ['football'],
    accept: ["Supporters' Gear::Football"],
    acceptTerms: ['football'],
  },
  {
    who: 'secret-santa',
    age: 'adult',
    occasion: 'Christmas',
    budget: 'under-10',
    interests: ['space'],
    accept: [],
    acceptTerms: ['space', 'astronaut', 'planet', 'rocket', 'moon', 'solar system'],
  },
  {
    who: 'colleague',
    age: 'adult',
    occasion: 'Christmas',
    budget: 'under-20',
    interests: ['chess'],
    accept: ['Games::Chess'],
    acceptTerms: ['chess'],
  },
  {
    who: 'colleague',
    age: 'adult',
    occasion: 'Christmas',
    budget: 'under-20',
    interests: ['darts'],
    accept: [],
    acceptTerms: ['dart'],
  },
  {
    who: 'colleague',
    age: 'adult',
    occasion: 'Birthday',
    budget: 'under-20',
    interests: ['wine'],
    accept: ['Tools & Garden::Kitchen Tools & Gadgets::Barware'],
    acceptTerms: ['wine', 'cocktail', 'corkscrew', 'decanter'],
  },
  {
    who: 'partner',
    age: 'adult',
    occasion: 'Christmas',
    budget: 'under-50',
    interests: ['star-wars'],
    accept: ['Characters & Brands::Star Wars'],
    acceptTerms: ['star wars', 'jedi', 'darth vader', 'stormtrooper'],
  },
  {
    who: 'partner',
    age: 'adult',
    occasion: 'Birthday',
    budget: 'under-100',
    interests: ['kites'],
    accept: ['Sports Toys & Outdoor::Kites & Flight Toys'],
    acceptTerms: ['kite'],
  },
  {
    who: 'parent',
    age: 'over-60',
    occasion: 'Christmas',
    budget: 'under-50',
    interests: ['model-railways'],
    accept: ['Hobbies::Model Trains & Railway Sets'],
    acceptTerms: ['hornby', 'railway', 'locomotive', 'oo gauge', 'n gauge'],
  },
  {
    who: 'parent',
    age: 'adult',
    occasion: 'Christmas',
    budget: 'under-50',
    interests: ['model-kits'],
    accept: ['Hobbies::Model Building Kits'],
    acceptTerms: ['airfix', 'revell', 'model kit', 'scale model'],
  },
  {
    who: 'parent',
    age: 'adult',
    occasion: 'Birthday',
    budget: 'under-50',
    interests: ['baking'],
    accept: ['Party Supplies::Decorations::Cake Decorations', 'Tools & Garden::Kitchen Tools & Gadgets'],
    acceptTerms: ['baking', 'cake', 'cupcake', 'icing', 'bake'],
  },
  {
    who: 'grandparent',
    age: 'over-60',
    occasion: 'Christmas',
    budget: 'under-20',
    interests: ['jigsaws'],
    accept: JIGSAWS,
    acceptTerms: JIGSAW_TERMS,
  },
  {
    who: 'grandparent',
    age: 'over-60',
    occasion: 'Birthday',
    budget: 'under-50',
    interests: ['gardening'],
    accept: ['Tools & Garden::Garden Tools', 'Tools & Garden::Gardening'],
    acceptTerms: ['garden', 'seed', 'plant', 'bird feeder'],
  },
  {
    who: 'grandparent',
    age: 'over-60',
    occasion: 'Christmas',
    budget: 'under-20',
    interests: ['card-and-dice-games', 'jigsaws'],
    accept: [...JIGSAWS, 'Games::Card Games', 'Games::Dice & Dice Games', 'Games::Dominoes & Tile Games'],
    acceptTerms: ['jigsaw', 'puzzle', 'cards', 'dice', 'dominoes'],
  },
  {
    who: 'sibling',
    age: 'adult',
    occasion: 'Christmas',
    budget: 'under-20',
    interests: ['gaming', 'card-and-dice-games'],
    accept: GAMES,
    acceptTerms: GAME_TERMS,
  },
  {
    who: 'friend',
    age: 'adult',
    occasion: 'Birthday',
    budget: 'under-20',
    interests: ['knitting'],
    accept: ['Arts & Crafts::Art & Craft Supplies::Thread'],
    acceptTerms: ['knitting', 'crochet', 'yarn', 'wool'],
  },
  {
    who: 'friend',
    age: 'adult',
    occasion: 'Christmas',
    budget: 'any',
    interests: ['die-cast'],
    accept: ['Die-Cast & Toy Vehicles'],
    acceptTerms: ['diecast', 'die-cast', 'die cast', 'corgi', '1:43', '1:76'],
  },
  {
    who: 'teacher',
    age: 'adult',
    occasion: 'Christmas',
    budget: 'under-10',
    interests: ['drawing'],
    accept: ['Arts & Crafts::Colouring Pencils', 'Arts & Crafts::Colouring Pens & Markers', 'Office Supplies'],
    acceptTerms: ['pencil', 'pens', 'marker', 'sketch', 'notebook'],
  },
  {
    who: 'teacher',
    age: 'adult',
    occasion: 'Christmas',
    budget: 'under-20',
    interests: ['jigsaws'],
    accept: JIGSAWS,
    acceptTerms: JIGSAW_TERMS,
  },
  {
    who: 'child',
    age: 'under-3',
    occasion: 'Christmas',
    budget: 'under-20',
    interests: ['horses'],
    accept: ['Baby & Toddler Toys::Rocking Horses', 'Figures & Playsets::Farm & Animals'],
    acceptTerms: ['horse', 'pony'],
  },
  {
    who: 'child',
    age: '3-7',
    occasion: 'Birthday',
    budget: 'under-20',
    interests: ['dinosaurs'],
    accept: ['Figures & Playsets::Dinosaurs'],
    acceptTerms: ['dinosaur', 'dino', 't-rex', 'jurassic'],
  },
  {
    who: 'child',
    age: '3-7',
    occasion: 'Christmas',
    budget: 'under-20',
    interests: ['unicorns'],
    accept: [],
    acceptTerms: ['unicorn'],
  },
  {
    who: 'child',
    age: '3-7',
    occasion: 'Birthday',
    budget: 'under-20',
    interests: ['pirates'],
    accept: ['Figures & Playsets::Pirates'],
    acceptTerms: ['pirate'],
  },
  {
    who: 'child',
    age: '3-7',
    occasion: 'Christmas',
    budget: 'under-20',
    interests: ['fancy-dress'],
    accept: ['Fancy Dress'],
    acceptTerms: ['costume', 'dress up', 'dressing up'],
  },
  {
    who: 'child',
    age: '8-12',
    occasion: 'Christmas',
    budget: 'under-50',
    interests: ['lego'],
    accept: [],
    acceptTerms: ['lego', 'building bricks', 'construction set', 'minifigure'],
  },
  {
    who: 'child',
    age: '8-12',
    occasion: 'Christmas',
    budget: 'under-50',
    interests: ['harry-potter'],
    accept: ['Characters & Brands::Harry Potter'],
    acceptTerms: ['harry potter', 'hogwarts', 'quidditch'],
  },
  {
    who: 'child',
    age: '8-12',
    occasion: 'Birthday',
    budget: 'under-20',
    interests: ['magic-tricks'],
    accept: [],
    acceptTerms: ['magic', 'trick'],
  },
  {
    who: 'child',
    age: '8-12',
    occasion: 'Christmas',
    budget: 'under-50',
    interests: ['remote-control'],
    accept: ['Hobbies::Remote Controlled Devices', 'Tech::Remote Controlled Devices'],
    acceptTerms: ['remote control', 'radio control', 'drone', 'quadcopter'],
  },
  {
    who: 'child',
    age: '8-12',
    occasion: 'Birthday',
    budget: 'under-20',
    interests: ['space', 'dinosaurs'],
    accept: ['Figures & Playsets::Dinosaurs'],
    acceptTerms: ['space', 'astronaut', 'planet', 'rocket', 'dinosaur', 'dino', 't-rex'],
  },
  {
    who: 'child',
    age: '13-17',
    occasion: 'Christmas',
    budget: 'under-50',
    interests: ['trading-cards'],
    accept: ['Hobbies::Trading Cards & Accessories'],
    acceptTerms: ['trading card', 'booster', 'pokemon', 'yu-gi-oh', 'magic: the gathering'],
  },
  {
    who: 'sibling',
    age: '13-17',
    occasion: 'Birthday',
    budget: 'under-20',
    interests: ['drawing'],
    accept: [
      'Arts & Crafts::Colouring Pencils',
      'Arts & Crafts::Colouring Pens & Markers',
      'Arts & Crafts::Painting By Numbers',
    ],
    acceptTerms: ['pencil', 'pens', 'marker', 'sketch', 'drawing', 'colouring', 'paint'],
  },
]

/** The age in years the bench's acceptance reads for a question (the band's, as the engine's). */
export function questionAge(question: FinderQuestion): number {
  return FINDER_AGE_LABELS[question.age].years
}
