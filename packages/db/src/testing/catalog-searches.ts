/**
 * Searches of the shipped catalog (~10,000 amazon.co.uk toys, games and hobbies rows): title
 * words whose matches run from a handful to thousands, and typos of them. One list for the tests
 * that pin the search ranking (issue 44: packages/api search-ranking.test.ts takes the first 34
 * words) and for bench:scale, which times them all.
 */
export const CATALOG_SEARCH_WORDS = [
  'train set',
  'doll',
  'lego',
  'jigsaw',
  'dinosaur',
  'racing car',
  'trading cards',
  'dice',
  'balloon',
  'banner',
  'costume',
  'mask',
  'puppet',
  'kite',
  'beads',
  'colouring pens',
  'paint',
  'chess',
  'board game',
  'figure',
  'star wars',
  'disney princess',
  'harry potter',
  'hornby',
  'airfix',
  'scalextric',
  'barbie',
  'teddy bear',
  'party bag',
  'birthday',
  'christmas',
  'wooden',
  'magic',
  'pirate',
  'knight',
  'castle',
  'farm animals',
  'robot',
  'helicopter',
  'dolls house',
] as const

/** Typos of CATALOG_SEARCH_WORDS: some with a suggestion from the catalog's words, some without. */
export const CATALOG_SEARCH_TYPOS = [
  'hornbi',
  'scalextrik',
  'dinosour',
  'jigsaww',
  'helicoptr',
  'barbi',
  'ballon',
  'puppit',
  'airfixx',
  'lgeo',
] as const
