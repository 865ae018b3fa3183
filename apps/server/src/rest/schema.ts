import { z } from 'zod'

/**
 * Shared pieces of the REST routes' schemas: the OpenAPI tags (one per domain), the session
 * security scheme and the documented response wrappers (spec browsing-and-purchase §7,
 * account-area §7). See docs/decisions/api-boundary.md for how a route uses them.
 */

/** One tag per domain; a route names one of these in `schema.tags`. */
export const API_TAGS = [
  { name: 'auth', description: 'Sign-in, registration, email links and sessions (browsing-and-purchase §7)' },
  { name: 'account', description: 'Account settings of the signed-in user (account-area §7 /api/user/*)' },
  { name: 'products', description: 'Product listings, product pages and affiliate redirects' },
  { name: 'categories', description: 'The category tree and category counts of searches and promos' },
  { name: 'promos', description: 'Promotions and their products' },
  { name: 'variants', description: 'Variant groups of products' },
  {
    name: 'reference',
    description: 'Profile reference data: relationships, occasions, interests, options (account-area §7)',
  },
  { name: 'people', description: "The signed-in user's people and their profiles (account-area §7 /api/people)" },
  {
    name: 'events',
    description: 'Yearly events of those people and the private calendar feed (account-area §7 /api/events)',
  },
  {
    name: 'likes',
    description: 'Liked products and the people and occasions each is for (account-area §7)',
  },
  {
    name: 'orders',
    description: 'Click-throughs to merchants and the orders they make (browsing-and-purchase §7, account-area §7)',
  },
  {
    name: 'recommendations',
    description: 'Gift-category recommendations for a person and an occasion (account-area §3, §7)',
  },
  {
    name: 'lists',
    description: 'Wish lists, their share links, and claims and pledges on shared lists (issue 23)',
  },
  {
    name: 'guests',
    description:
      'People without an account (issue 37): claims and pledges on shared lists by name and email, the confirmation link, the device cookie, and the personal /my-claims/{token} page',
  },
  {
    name: 'gifts',
    description: 'Gift history, budgets and the occasion plan (issue 22): presents given, order outcomes, spend',
  },
  {
    name: 'reminders',
    description: "Gift reminders (issue 21): the account's reminder settings and the reminder email's unsubscribe",
  },
  {
    name: 'exchanges',
    description:
      'Gift exchanges (Secret Santa, issue 36): the organiser’s calls (never a pair), and a participant’s by personal link or signed in',
  },
  {
    name: 'link-previews',
    description: 'Product links from any shop read into wish-list items, and their pictures (issue 38)',
  },
  {
    name: 'prices',
    description: 'Prices that move (issue 39): price history, watched prices, price alert settings and web push',
  },
  {
    name: 'gift-finder',
    description: 'The gift finder for visitors (issue 40): answers to a few questions, and the gift collections',
  },
  {
    name: 'notifications',
    description: 'Admin: the scheduled email campaigns of the Email Manager (account-area §2 Tools, §7)',
  },
] as const satisfies readonly { name: string; description: string }[]

export type ApiTag = (typeof API_TAGS)[number]['name']

/** Name of the cookie security scheme in the OpenAPI document. */
export const SESSION_SECURITY_SCHEME = 'session'

/** `schema.security` of a route that needs a signed-in user. */
export const signedInOnly = [{ [SESSION_SECURITY_SCHEME]: [] }]

/** The error shape of every /api/* call: `{success: false, message}`. */
export const errorOutput = z
  .object({ success: z.literal(false), message: z.string() })
  .meta({ id: 'Error', description: 'An expected failure, with a message fit to show the user' })

/** What each documented error status means on this API. */
const ERROR_MEANINGS = {
  400: 'Invalid input: the message names the first problem',
  401: 'Not signed in',
  403: 'Not allowed (or a write from another site)',
  404: 'Not found',
  409: 'Conflicts with existing data',
  429: 'Too many attempts; see Retry-After',
  503: 'Not configured on this server',
} as const satisfies Record<number, string>

export type ErrorStatus = keyof typeof ERROR_MEANINGS

/** `response` entries for the error statuses a route documents, all `{success:false, message}`. */
export function errorResponses<const S extends readonly ErrorStatus[]>(...statuses: S) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: ERROR_MEANINGS[status], content: { 'application/json': { schema: errorOutput } } },
    ]),
  ) as {
    [K in S[number]]: { description: string; content: { 'application/json': { schema: typeof errorOutput } } }
  }
}

/** `{success: true, message}` (a call that answers no data). */
export const messageOutput = z.object({ success: z.literal(true), message: z.string() })

/** `{success: true, data, message?}`: the wrapped answer of the auth, account, promo and variant calls. */
export function wrapped<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string().optional(), data })
}
