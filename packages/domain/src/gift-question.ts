/**
 * Gift questions typed into search (issue 26 item 6): "gift for grandad under £20",
 * "christmas present for a 9 year old". Pure: reads the words only.
 */

/** What a gift question asks for; null fields were not said. */
export interface GiftQuestion {
  /** The relationship named, as the shop's relationship list names it ("Grandfather"). */
  relationship: string | null
  /** The word the shopper used for it ("grandad"), for "Showing gifts for a grandad". */
  relationshipWord: string | null
  /** Age in whole years. */
  age: number | null
  /** An occasion value of the reference data ("christmas", "birthday"). */
  occasion: string | null
  /** Highest price in GBP. */
  maxPrice: number | null
  /**
   * What the person does, from a noun naming them ("runner" -> "running"; issue 43 §3), which no
   * toy title is evidence of: it is not searched, and the answer says the catalog lacks it.
   */
  hobby?: string | null
}

/** Words people use -> the shop's relationship names (spec account-area §3 "Relationship"). */
const RELATIONSHIP_WORDS: Record<string, string> = {
  grandad: 'Grandfather',
  granddad: 'Grandfather',
  grandpa: 'Grandfather',
  grandfather: 'Grandfather',
  gran: 'Grandmother',
  granny: 'Grandmother',
  grandma: 'Grandmother',
  nan: 'Grandmother',
  nana: 'Grandmother',
  grandmother: 'Grandmother',
  mum: 'Mother',
  mom: 'Mother',
  mother: 'Mother',
  dad: 'Father',
  father: 'Father',
  wife: 'Wife',
  husband: 'Husband',
  partner: 'Partner',
  girlfriend: 'Girlfriend',
  boyfriend: 'Boyfriend',
  sister: 'Sister',
  brother: 'Brother',
  son: 'Son',
  daughter: 'Daughter',
  nephew: 'Nephew',
  niece: 'Niece',
  grandson: 'Grandson',
  granddaughter: 'Granddaughter',
  friend: 'Friend',
  boss: 'Boss',
  colleague: 'Colleague',
  teacher: 'Teacher',
}

/** Words -> occasion values of the reference data. */
const OCCASION_WORDS: Record<string, string> = {
  christmas: 'christmas',
  xmas: 'christmas',
  birthday: 'birthday',
  anniversary: 'anniversary',
  wedding: 'wedding',
  graduation: 'graduation',
  valentine: 'valentines-day',
  valentines: 'valentines-day',
  "valentine's": 'valentines-day',
  easter: 'easter',
}

/** Words that make a search a gift question. */
const GIFT_WORDS = /\b(gifts?|presents?|ideas?|stocking fillers?|something for|anything for)\b/

/** Words for a teenager (issue 43 §3: "something for a teenage boy who loves football"). */
const TEEN_WORDS = /\b(teenage|teenager|teen|teens|teenagers)\b/

/** The age a teenager's question is held to (the youngest teen: "Ages 3-5" goes, "12+" stays). */
export const TEEN_GIFT_AGE = 13

/**
 * Reads a gift question; null when `text` is not one (no gift word and no "for a ..." with a
 * relationship or age). "under £20", "below 20 pounds", "less than £15.50" set maxPrice;
 * "9 year old", "aged 9", "9yo" set age; a relationship word after "for" (or anywhere) sets
 * relationship; an occasion word sets occasion.
 */
export function parseGiftQuestion(text: string): GiftQuestion | null {
  const q = text.toLowerCase().replace(/\s+/g, ' ').trim()
  const price =
    /\b(?:under|below|less than|up to|max(?:imum)?)\s*£?\s*(\d+(?:\.\d{1,2})?)\s*(?:pounds?|quid|gbp)?/.exec(q)
  const age =
    /\b(\d{1,3})\s*(?:-|\s)?\s*(?:years?|yrs?|yo\b)(?:\s*-?\s*old)?/.exec(q) ?? /\baged?\s*(\d{1,3})\b/.exec(q)
  const words = q.match(/[a-z']+/g) ?? []
  const relationshipWord = words.find((w) => RELATIONSHIP_WORDS[w] !== undefined) ?? null
  const occasionWord = words.find((w) => OCCASION_WORDS[w] !== undefined) ?? null
  const teen = TEEN_WORDS.test(q)
  const answer: GiftQuestion = {
    relationship: relationshipWord ? RELATIONSHIP_WORDS[relationshipWord]! : null,
    relationshipWord: relationshipWord ?? (teen && !age ? 'teenager' : null),
    age: age ? Number(age[1]) : teen ? TEEN_GIFT_AGE : null,
    occasion: occasionWord ? OCCASION_WORDS[occasionWord]! : null,
    maxPrice: price ? Number(price[1]) : null,
  }
  const hobbyWord = words.find((w) => PERSON_NOUNS[w] !== undefined)
  if (hobbyWord) answer.hobby = PERSON_NOUNS[hobbyWord]!
  const asksForSomeone = /\bfor (?:a |an |my |the )?/.test(q) && (answer.relationship !== null || answer.age !== null)
  if (!GIFT_WORDS.test(q) && !asksForSomeone) return null
  // "present for a runner" (issue 43 §3): a gift word and someone described is a question too,
  // though it names no relationship, age, occasion or budget.
  const describesSomeone = /\bfor (?:a |an |my |the |someone |somebody )?[a-z]/.test(q) && GIFT_WORDS.test(q)
  if (
    answer.relationship === null &&
    answer.age === null &&
    answer.occasion === null &&
    answer.maxPrice === null &&
    !describesSomeone
  )
    return null
  return answer
}

/**
 * The line of a gift question the catalog has nothing for (issue 43 §3), shown above its most
 * popular gifts within its budget and age: its hobby ("Nothing in the catalog is for running.
 * Showing popular gifts") or its words ("Nothing in the catalog matches “kayak”. ...").
 */
export function giftFallbackLine(question: GiftQuestion, words: string): string {
  const lacking = question.hobby && !words ? `is for ${question.hobby}` : `matches “${words}”`
  return `Nothing in the catalog ${lacking}. ${giftQuestionLine(question).replace(/^Showing /, 'Showing popular ')}`
}

/** "Showing gifts for a grandad, under £20" (issue 26): what the answer is tailored to. */
export function giftQuestionLine(question: GiftQuestion): string {
  const parts: string[] = []
  if (question.occasion) parts.push(`${question.occasion.replace(/-/g, ' ')} gifts`)
  else parts.push('gifts')
  if (question.relationshipWord) parts.push(`for a ${question.relationshipWord}`)
  else if (question.age !== null) parts.push(`for a ${question.age} year old`)
  const line = `Showing ${parts.join(' ')}`
  return question.maxPrice !== null ? `${line}, under £${question.maxPrice}` : line
}

/**
 * People named by what they do -> the interest the gift is for (issue 43 §3): "a present for a
 * runner" asks for running things, not for a title with "Runner" in it (a toy tank).
 */
const PERSON_NOUNS: Record<string, string> = {
  runner: 'running',
  jogger: 'running',
  footballer: 'football',
  gamer: 'gaming',
  baker: 'baking',
  gardener: 'gardening',
  reader: 'reading',
  golfer: 'golf',
  cyclist: 'cycling',
  swimmer: 'swimming',
  knitter: 'knitting',
  artist: 'art',
  musician: 'music',
  cook: 'cooking',
  dancer: 'dance',
}

/** Words of a gift question that say nothing about the gift itself. */
const FILLER_WORDS = new Set([
  'a',
  'an',
  'the',
  'my',
  'our',
  'for',
  'to',
  'of',
  'and',
  'with',
  'who',
  'that',
  'is',
  'me',
  'please',
  'gift',
  'gifts',
  'present',
  'presents',
  'idea',
  'ideas',
  'stocking',
  'filler',
  'fillers',
  'good',
  'best',
  'nice',
  'cheap',
  'likes',
  'loves',
  'into',
  'year',
  'years',
  'old',
  'aged',
  'age',
  'boy',
  'girl',
  'boys',
  'girls',
  'something',
  'anything',
  'someone',
  'somebody',
  'love',
  'like',
  'enjoys',
  'enjoy',
  'teenage',
  'teenager',
  'teenagers',
  'teen',
  'teens',
])

/**
 * The words of a gift question left once its relationship, age, occasion, budget and filler
 * words are taken out (issue 26): "gift for grandad who likes fishing under £20" -> "fishing";
 * "" when nothing about the gift itself was said ("gift for grandad under £20").
 */
export function giftQuestionWords(text: string): string {
  const q = text
    .toLowerCase()
    .replace(/\b(?:under|below|less than|up to|max(?:imum)?)\s*£?\s*\d+(?:\.\d{1,2})?\s*(?:pounds?|quid|gbp)?/g, ' ')
    .replace(/\b\d{1,3}\s*(?:-|\s)?\s*(?:years?|yrs?|yo\b)(?:\s*-?\s*old)?/g, ' ')
    .replace(/\baged?\s*\d{1,3}\b/g, ' ')
  const words = q.match(/[a-z0-9']+/g) ?? []
  return words
    .filter((w) => !FILLER_WORDS.has(w) && RELATIONSHIP_WORDS[w] === undefined && OCCASION_WORDS[w] === undefined)
    .filter((w) => PERSON_NOUNS[w] === undefined)
    .join(' ')
}

/** Relationships whose person is always a grown-up. */
const ADULT_RELATIONSHIPS = new Set([
  'Grandfather',
  'Grandmother',
  'Mother',
  'Father',
  'Wife',
  'Husband',
  'Partner',
  'Girlfriend',
  'Boyfriend',
  'Boss',
  'Colleague',
  'Teacher',
])

/** Age of adulthood used when a gift question names a grown-up but no age. */
export const ADULT_GIFT_AGE = 18

/**
 * The age (whole years) to hold products' age ranges against (issue 26): the age said, else
 * ADULT_GIFT_AGE when the relationship is always a grown-up (grandad, mum, boss), else null
 * (a nephew of unknown age: no age filter).
 */
export function giftQuestionAge(question: GiftQuestion): number | null {
  if (question.age !== null) return question.age
  return question.relationship !== null && ADULT_RELATIONSHIPS.has(question.relationship) ? ADULT_GIFT_AGE : null
}
