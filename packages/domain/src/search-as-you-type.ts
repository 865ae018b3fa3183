import { z } from 'zod'
import { safeText } from './input.ts'

/** Characters typed before suggestions are looked for (issue 43 §3). */
export const SUGGEST_MIN_LENGTH = 2

/**
 * GET /api/search/suggestions?q= and tRPC products.suggest (issue 43 §3, beyond the spec): what a
 * shopper has typed so far, at least two characters, at most 100.
 */
export const searchSuggestionsInput = z.object({
  q: safeText({ max: 100 }).min(SUGGEST_MIN_LENGTH, `Search must be at least ${SUGGEST_MIN_LENGTH} characters`),
})
export type SearchSuggestionsInput = z.output<typeof searchSuggestionsInput>

/**
 * Suggestions for a search being typed (issue 43 §3): a correction of its words from the
 * catalog's own ("harry poter lego" -> "harry potter lego"), searches that complete its last
 * word, products whose titles match it, catalog categories and gift interests named like it.
 */
export const searchSuggestionsOutput = z.object({
  /** The text as read (trimmed, lower case). */
  query: z.string(),
  /** The search with misspelt words replaced by the catalog's, or null. */
  correction: z.string().nullable(),
  /** Whole searches that complete what was typed ("leg" -> "lego"), most titles first. */
  queries: z.array(z.string()),
  /** Products whose titles hold the words (the last as a prefix), title matches and popular first. */
  products: z.array(
    z.object({ id: z.number().int(), awProductId: z.number().int().nullable(), title: z.string(), price: z.number() }),
  ),
  /** Categories of the catalog named like it: the name shown and the listing's filter. */
  categories: z.array(z.object({ label: z.string(), categoryName: z.string(), categoryLevel1: z.string().nullable() })),
  /** Gift interests named like it (by name or alias), for the gift finder and profiles. */
  interests: z.array(z.object({ name: z.string() })),
})
export type SearchSuggestions = z.output<typeof searchSuggestionsOutput>
