/** Colour words removed from titles to find a variant's base product (British and US spellings). */
const COLOURS = [
  'red',
  'blue',
  'green',
  'yellow',
  'black',
  'white',
  'pink',
  'purple',
  'orange',
  'brown',
  'grey',
  'gray',
  'silver',
  'gold',
  'navy',
  'beige',
  'turquoise',
  'multicolour',
  'multicolor',
  'cream',
  'ivory',
  'lilac',
]
const SIZE_WORDS = ['xxs', 'xs', 'xxl', 'xxxl', 'xl', 'small', 'medium', 'large', 'extra large', 'one size']
const COLOUR_RE = new RegExp(`\\b(${COLOURS.join('|')})\\b`, 'gi')
const SIZE_WORD_RE = new RegExp(`\\b(${SIZE_WORDS.join('|')})\\b`, 'gi')
/** Measurements and sizes: "45 cm", "14mm", "12ft", "size 10", "10-12 yrs", "ages 3-5". */
const MEASURE_RE =
  /\b(size\s+\w+|\d+(?:\.\d+)?\s?(?:cm|mm|inch|inches|ft|ml|g|kg|oz)|\d+\s?-\s?\d+\s?(?:yrs|years)|ages?\s*\d+(?:\s*-\s*\d+)?)\b/gi

export interface VariantNameParts {
  /** Title without its size and colour words, lower-cased, punctuation folded to spaces. */
  base: string
  /** The removed words in their original case, e.g. "Red" or "45 cm". */
  value: string
  /** "colour", "size", "size/colour", or null when nothing was removed. */
  type: 'colour' | 'size' | 'size/colour' | null
}

/**
 * Splits a product title into the base product name and the variant words (colour, size,
 * measurements) that tell variants of one product apart, e.g.
 * "Monchhichi 45 cm Classic Boy" -> {base: "monchhichi classic boy", value: "45 cm", type: "size"}.
 * Feed attributes (size, colour columns) are also removed from the title when present.
 */
export function splitVariantName(
  title: string,
  attributes: { size?: string | null; colour?: string | null } = {},
): VariantNameParts {
  let rest = title
  const colours: string[] = []
  const sizes: string[] = []
  for (const attr of [attributes.size, attributes.colour]) {
    if (attr) rest = rest.split(attr).join(' ')
  }
  rest = rest.replace(MEASURE_RE, (m) => {
    sizes.push(m.trim())
    return ' '
  })
  rest = rest.replace(SIZE_WORD_RE, (m) => {
    sizes.push(m)
    return ' '
  })
  rest = rest.replace(COLOUR_RE, (m) => {
    colours.push(m)
    return ' '
  })
  if (attributes.size) sizes.unshift(attributes.size)
  if (attributes.colour) colours.unshift(attributes.colour)
  const base = rest
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
  const value = [...colours, ...sizes].join(' ')
  const type = colours.length && sizes.length ? 'size/colour' : colours.length ? 'colour' : sizes.length ? 'size' : null
  return { base, value, type }
}

/** Trigram similarity of two strings, 0..1 (the measure pg_trgm uses: shared / all trigrams). */
export function trigramSimilarity(a: string, b: string): number {
  const grams = (s: string) => {
    const set = new Set<string>()
    for (const word of s
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean)) {
      const padded = `  ${word} `
      for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3))
    }
    return set
  }
  const ga = grams(a)
  const gb = grams(b)
  if (ga.size === 0 && gb.size === 0) return 1
  let shared = 0
  for (const g of ga) if (gb.has(g)) shared++
  return shared / (ga.size + gb.size - shared)
}
