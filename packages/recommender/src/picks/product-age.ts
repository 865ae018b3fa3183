/**
 * What a product's own title says about the age it is for (issue 20: "never a baby toy or a
 * child's costume for an adult"): "3+ years", "Ages 8-12", "18 months+", "toddler", "baby",
 * "kids' costume", "for adults", "18+".
 */
export interface ProductAgeSignal {
  /** The youngest age it says it is for, in years (months as a fraction), or null. */
  minAge: number | null
  /** The oldest age it says it is for (a range "8-12"), or null. */
  maxAge: number | null
  /** Says baby, toddler, infant, newborn, or an age in months. */
  babyOrToddler: boolean
  /** A child's costume or outfit: "kids", "children's", "boys'", "girls'" with costume or fancy dress. */
  childCostume: boolean
  /** Says it is for adults: "adult", "for adults", "18+", "grown-ups". */
  forAdults: boolean
  /** Says it is for children: "kids", "children's", "boys'", "girls'", "junior" (and not for adults). */
  forChildren: boolean
  /**
   * Names a kind of toy made for children whatever its category: plush, soft or stuffed toys,
   * cuddly toys, puppets, playsets (and not for adults). Not an exclusion on its own: an adult is
   * offered one only on strong evidence (productPicks).
   */
  childrensToy: boolean
}

const BABY = /\b(baby|babies|toddlers?|infants?|newborns?|nursery|teether|teething|rattle|pram|cot)\b/
const MONTHS = /\b(\d{1,2})\s*(?:\+\s*)?(?:months?|mths?|m)\s*\+?(?=\W|$)/
const PLUS_YEARS = /\b(\d{1,2})\s*\+\s*(?:years?|yrs?|y)?(?=\W|$)|\b(?:ages?|aged)\s*(\d{1,2})\s*\+/
const RANGE =
  /\b(?:ages?|aged)?\s*(\d{1,2})\s*(?:-|–|to)\s*(\d{1,2})\s*(?:years?|yrs?|y)\b|\b(?:ages?|aged)\s*(\d{1,2})\s*(?:-|–|to)\s*(\d{1,2})\b/
const CHILD = /\b(kids?|child|children|childrens|childs|boys?|girls?|junior|toddlers?)\b/
const COSTUME = /\b(costume|fancy dress|outfit|dress up|dressing up)\b/
const CHILDRENS_TOY = /\b(plush|plushies?|soft toys?|stuffed|cuddly|puppets?|playsets?|play sets?)\b/
/**
 * Brands that make toys for young children only (issue 43: a Melissa & Doug trowel and a Dantoy
 * wheelbarrow were a gardener's "present"): a product of one is read as for children, whatever
 * its title says, unless the title says it is for adults.
 */
const CHILDRENS_BRANDS =
  /\b(playmobil|melissa (?:&|and) doug|galt|peppa pig|orchard toys|fisher[- ]price|my little pony|vtech|paw patrol|innotab|imaginext|dantoy|leapfrog|early learning centre|twigz|egt toys|little tikes|thomas (?:&|and) friends|in the night garden|hey duggee|bluey|play-doh|playdoh|kinetic sand|cuddleuppets|pillow pets|brio|duplo|megabloks|mega bloks)\b/

/** Titles that call the product a toy or play thing ("Pretend Lawnmower", "My First Gardening Tools", "Block Set"). */
const TOY_WORDS = /\b(pretend|my first|block set|toy (?:set|kit|tools?)|playhouse|for little ones)\b/

/** True when the brand or the title names a brand of young children's toys (CHILDRENS_BRANDS). */
export function childrensBrand(brand: string | null, title: string): boolean {
  const text = `${brand ?? ''} ${title}`.toLowerCase()
  return CHILDRENS_BRANDS.test(text) || TOY_WORDS.test(title.toLowerCase())
}

const ADULT = /\b(adults?|grown[- ]ups?|for him|for her|men's|women's)\b|\b18\s*\+/

/**
 * Reads a product title (and its brand, when given) for its age signals (lower-cased inside): a
 * brand of young children's toys (childrensBrand) reads as "for children".
 */
export function productAgeSignal(title: string, brand: string | null = null): ProductAgeSignal {
  const text = title.toLowerCase()
  let minAge: number | null = null
  let maxAge: number | null = null
  const months = MONTHS.exec(text)
  if (months) minAge = Number(months[1]) / 12
  const range = RANGE.exec(text)
  if (range) {
    const from = Number(range[1] ?? range[3])
    const to = Number(range[2] ?? range[4])
    if (from <= to && to <= 99) {
      minAge = minAge ?? from
      maxAge = to
    }
  }
  const plus = PLUS_YEARS.exec(text)
  if (plus && minAge === null) minAge = Number(plus[1] ?? plus[2])
  const adult = ADULT.test(text)
  return {
    minAge,
    maxAge,
    babyOrToddler: BABY.test(text) || (months !== null && Number(months[1]) <= 36),
    childCostume: COSTUME.test(text) && CHILD.test(text) && !adult,
    forAdults: adult,
    forChildren: (CHILD.test(text) || childrensBrand(brand, text)) && !adult,
    childrensToy: CHILDRENS_TOY.test(text) && !adult,
  }
}

/**
 * How a product's stated age suits the person: 'exclude' (never offer it), a factor below 1
 * (a weaker fit) or 1.
 * - adult (18+): babies' and toddlers' things, anything its title says is for children or a child's
 *   costume, a stated range ending under 13,
 *   or a minimum age of 5 and under are excluded; a minimum of 6 to 11 is × `olderChild`.
 * - child or teen: anything for adults (18+) is excluded; a minimum age above theirs is excluded.
 * - a baby or toddler (under 3): a minimum age of 3 and above is excluded (small parts).
 * @param age the person's age in years, or null when only a band is guessed.
 * @param adult true when the person is (or is most likely) an adult.
 */
export function productAgeFit(
  signal: ProductAgeSignal,
  age: number | null,
  adult: boolean,
  olderChild: number,
): 'exclude' | number {
  if (adult) {
    if (signal.babyOrToddler || signal.childCostume || signal.forChildren) return 'exclude'
    if (signal.maxAge !== null && signal.maxAge < 13) return 'exclude'
    if (signal.minAge !== null && signal.minAge <= 5 && !signal.forAdults) return 'exclude'
    if (signal.minAge !== null && signal.minAge < 12 && !signal.forAdults) return olderChild
    return 1
  }
  if (age === null) return 1
  if (signal.forAdults && age < 18) return 'exclude'
  if (signal.minAge !== null && signal.minAge > age + 0.5) return 'exclude'
  if (age >= 6 && signal.babyOrToddler) return 'exclude'
  return 1
}
