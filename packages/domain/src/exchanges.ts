import { z } from 'zod'
import { idField, numberInput, safeText } from './input.ts'
import { isoDateInput } from './people.ts'
import { itemLinkField, WISH_LIST_LIMITS } from './wish-lists.ts'

/**
 * Gift exchanges (Secret Santa), issue 36; docs/decisions/gift-exchanges.md. Money travels in
 * pounds and is stored in whole pence; dates are UK calendar dates "YYYY-MM-DD".
 */

export const EXCHANGE_LIMITS = {
  /** Issue 36: 3 to 200 participants. */
  participantsMin: 3,
  participantsMax: 200,
  /** Issue 36: 20 open exchanges per organiser (an exchange is open until its date has passed). */
  openPerOrganiser: 20,
  /** The largest spending limit accepted, pounds. */
  limitMaxPounds: 10_000,
  nameMax: 100,
  placeMax: 200,
  messageMax: 1000,
  hintsMax: 1000,
  householdMax: 60,
  /** Pasted invitation text. */
  inviteTextMax: 40_000,
  /** One question, answer or note. */
  messageBodyMax: 500,
  /** Items on a participant's own list. */
  itemsPerParticipant: 50,
  /** Messages one participant may send per exchange per day (besides the per-IP limit). */
  messagesPerDay: 20,
  /** Personal data of people in an exchange is deleted this many days after its date. */
  purgeAfterDays: 60,
  /** "Your list is empty" this many days after joining. */
  emptyListAfterDays: 3,
} as const

export const EXCHANGE_MESSAGES = {
  notFound: 'Exchange not found',
  /** Unknown, revoked or malformed personal or join link. */
  linkNotFound: 'This exchange link does not work any more',
  participantNotFound: 'Participant not found',
  itemNotFound: 'Item not found',
  tooManyOpen: `You can organise at most ${EXCHANGE_LIMITS.openPerOrganiser} open exchanges at once`,
  tooManyParticipants: `An exchange holds at most ${EXCHANGE_LIMITS.participantsMax} people`,
  tooFewParticipants: `A draw needs at least ${EXCHANGE_LIMITS.participantsMin} people who have joined`,
  tooManyItems: `Your list holds at most ${EXCHANGE_LIMITS.itemsPerParticipant} items`,
  alreadyDrawn: 'Names have already been drawn',
  notDrawn: 'Names have not been drawn yet',
  signUpClosed: 'Sign-up for this exchange has closed',
  alreadyIn: 'This email address is already in the exchange',
  revealName: "Type the exchange's name exactly to reveal who drew whom",
  revealAfterDate: 'Pairs can be shown to everyone only after the exchange date',
  deadlineAfterDate: 'signUpDeadline must be on or before the exchange date',
  notJoined: 'Join the exchange first',
  tooManyMessages: 'You have sent a lot of messages today. Please try again tomorrow.',
  thanksAfterDate: 'Thank-you notes can be sent after the exchange date',
  sameGiverReceiver: 'giverId and receiverId must be two different people',
  itemOrProduct: 'Please give either a productId or a title',
  catalogFields: 'A catalog item takes its title, link and price from the shop',
  productNotFound: 'Product not found',
  created: 'Exchange created',
  deleted: 'Exchange deleted',
  removed: 'Removed from the exchange',
  drawn: 'Names drawn: everyone has been told',
  joinRevoked: 'The join link no longer works',
  joined: 'You have joined the exchange',
  checkEmail: 'Check your email: we have sent you your personal link to confirm',
  sent: 'Sent',
  saved: 'Saved',
} as const

/** Issue 36: a participant's status on the organiser's page, furthest first reached last. */
export const EXCHANGE_STATUSES = ['invited', 'joined', 'list_filled', 'opened', 'got_it'] as const
export type ExchangeStatus = (typeof EXCHANGE_STATUSES)[number]
export const EXCHANGE_STATUS_LABELS: Record<ExchangeStatus, string> = {
  invited: 'Invited',
  joined: 'Joined',
  list_filled: 'List filled',
  opened: 'Opened their match',
  got_it: 'Got it',
}

const limitMessage = `limit must be an amount in pounds from 1 to ${EXCHANGE_LIMITS.limitMaxPounds}, with at most two decimals`
/** The spending limit in pounds: £1 to £10,000, at most two decimals. */
const limitField = numberInput(
  z
    .number({ error: limitMessage })
    .refine((v) => Number.isFinite(v) && v >= 1 && v <= EXCHANGE_LIMITS.limitMaxPounds, { error: limitMessage })
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: limitMessage }),
)

const nameField = safeText({ max: EXCHANGE_LIMITS.nameMax }).min(1, 'name is required')
const placeField = safeText({ max: EXCHANGE_LIMITS.placeMax })
const messageField = safeText({ max: EXCHANGE_LIMITS.messageMax })
const flag = (field: string) => z.boolean({ error: `${field} must be true or false` })

const exchangeFields = {
  name: nameField,
  limit: limitField,
  exchangeDate: isoDateInput,
  place: placeField.optional(),
  message: messageField.optional(),
  signUpDeadline: isoDateInput,
  takesPart: flag('takesPart').optional(),
  /** Null: the default (on from 4 people). */
  noMutualPairs: flag('noMutualPairs').nullish(),
}

/** POST /api/exchanges. The deadline is on or before the exchange date. */
export const createExchangeInput = z.object(exchangeFields).superRefine((v, ctx) => {
  if (v.signUpDeadline > v.exchangeDate) {
    ctx.addIssue({ code: 'custom', path: ['signUpDeadline'], message: EXCHANGE_MESSAGES.deadlineAfterDate })
  }
})
export type CreateExchangeInput = z.input<typeof createExchangeInput>

/** PATCH /api/exchanges/{id}: any of the fields (takesPart only before the draw). */
export const updateExchangeInput = z.object({
  name: nameField.optional(),
  limit: limitField.optional(),
  exchangeDate: isoDateInput.optional(),
  place: placeField.optional(),
  message: messageField.optional(),
  signUpDeadline: isoDateInput.optional(),
  noMutualPairs: flag('noMutualPairs').nullish(),
})
export type UpdateExchangeInput = z.input<typeof updateExchangeInput>

/** POST /api/exchanges/{id}/invitations {text}: lines of "Name <email>" or an address a line. */
export const inviteInput = z.object({
  text: safeText({ max: EXCHANGE_LIMITS.inviteTextMax, trim: false }).min(1, 'text is required'),
})

const inviteEmail = z.email().max(254)

/** One invitation line read, or why it could not be. */
export interface InviteLine {
  line: number
  name: string
  email: string
}

/**
 * Reads pasted invitation lines (issue 36): `Name <email>`, `"Name" <email>`, or an address alone
 * (the name is then the part before "@"). Blank lines are skipped; addresses are lower-cased and a
 * repeated address keeps its first line. Errors name the line: "Line 3: no email address".
 */
export function parseInviteLines(text: string): { people: InviteLine[]; errors: string[] } {
  const people: InviteLine[] = []
  const errors: string[] = []
  const seen = new Set<string>()
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim()
    if (!line) return
    const number = index + 1
    const bracketed = /^(.*?)<([^<>]+)>\s*,?$/.exec(line)
    let name: string
    let email: string
    if (bracketed) {
      name = (bracketed[1] ?? '')
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .replace(/,$/, '')
        .trim()
      email = (bracketed[2] ?? '').trim().toLowerCase()
    } else {
      email = line.replace(/,$/, '').toLowerCase()
      name = ''
    }
    if (!inviteEmail.safeParse(email).success) {
      errors.push(`Line ${number}: "${line.slice(0, 80)}" has no valid email address`)
      return
    }
    if (!name) name = email.split('@')[0] ?? email
    if (name.length > EXCHANGE_LIMITS.nameMax) {
      errors.push(`Line ${number}: the name is longer than ${EXCHANGE_LIMITS.nameMax} characters`)
      return
    }
    if (seen.has(email)) return
    seen.add(email)
    people.push({ line: number, name, email })
  })
  return { people, errors }
}

/** PATCH /api/exchanges/{id}/participants/{participantId}: the household (null or "" for none). */
export const updateParticipantInput = z.object({
  household: safeText({ max: EXCHANGE_LIMITS.householdMax }).nullable(),
})

/** POST and DELETE /api/exchanges/{id}/exclusions: "giver must not draw receiver". */
export const exclusionInput = z
  .object({ giverId: idField, receiverId: idField })
  .refine((v) => v.giverId !== v.receiverId, { path: ['receiverId'], error: EXCHANGE_MESSAGES.sameGiverReceiver })

/** POST /api/exchanges/{id}/reveal {confirmName}: the emergency reveal (type the exchange's name). */
export const revealInput = z.object({ confirmName: z.string().max(200, 'confirmName must be at most 200 characters') })

/** POST /api/exchanges/{id}/run-again: the next year's dates (name defaults to this one's, year bumped). */
export const runAgainInput = z
  .object({
    name: nameField.optional(),
    exchangeDate: isoDateInput,
    signUpDeadline: isoDateInput,
  })
  .superRefine((v, ctx) => {
    if (v.signUpDeadline > v.exchangeDate) {
      ctx.addIssue({ code: 'custom', path: ['signUpDeadline'], message: EXCHANGE_MESSAGES.deadlineAfterDate })
    }
  })

/** POST /api/exchange-join/{token} without an account: a name and an email. */
export const joinInput = z.object({
  name: nameField.optional(),
  email: z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email').max(254)).optional(),
})

/** POST .../items: `{productId}` or `{title, link?, price?}`, with a note (as the wish lists' items). */
export const addExchangeItemInput = z
  .object({
    productId: idField.optional(),
    title: safeText({ max: WISH_LIST_LIMITS.titleMax }).min(1, 'title is required').optional(),
    link: itemLinkField.nullish(),
    price: numberInput(
      z
        .number({ error: `price must be an amount in pounds from 0 to ${WISH_LIST_LIMITS.poundsMax}` })
        .min(0, `price must be an amount in pounds from 0 to ${WISH_LIST_LIMITS.poundsMax}`)
        .max(WISH_LIST_LIMITS.poundsMax, `price must be an amount in pounds from 0 to ${WISH_LIST_LIMITS.poundsMax}`),
    ).nullish(),
    note: safeText({ max: WISH_LIST_LIMITS.noteMax }).optional(),
  })
  .superRefine((v, ctx) => {
    const catalog = v.productId !== undefined
    if (catalog === (v.title !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['productId'], message: EXCHANGE_MESSAGES.itemOrProduct })
    } else if (catalog && (v.link != null || v.price != null)) {
      ctx.addIssue({ code: 'custom', path: ['productId'], message: EXCHANGE_MESSAGES.catalogFields })
    }
  })
export type AddExchangeItemInput = z.input<typeof addExchangeItemInput>

/** PUT .../hints {hints}: sizes, likes, dislikes. */
export const hintsInput = z.object({ hints: safeText({ max: EXCHANGE_LIMITS.hintsMax }) })

/** POST .../messages: to the giftee (`to: "giftee"`, a question) or to the Santa (an answer, a note, thanks). */
export const sendMessageInput = z.object({
  to: z.enum(['giftee', 'santa'], { error: 'to must be giftee or santa' }),
  body: safeText({ max: EXCHANGE_LIMITS.messageBodyMax }).min(1, 'body is required'),
  /** A thank-you note (to the Santa, after the date). */
  thanks: flag('thanks').optional(),
})

/** PUT .../got-it {gotIt}. */
export const gotItInput = z.object({ gotIt: flag('gotIt') })
/** PUT .../emails {unsubscribed}. */
export const emailPreferenceInput = z.object({ unsubscribed: flag('unsubscribed') })

/** The link's token in a URL or input; a malformed one answers 404 like an unknown one. */
export const exchangeTokenField = z.string().max(100, 'token must be at most 100 characters')

const money = z.number()

/** An exchange's own fields, as everyone in it sees them. */
export const exchangeInfoOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Pounds. */
  limit: money,
  exchangeDate: z.string(),
  place: z.string(),
  message: z.string(),
  signUpDeadline: z.string(),
  organiserName: z.string(),
  drawn: z.boolean(),
  /** After the date, the organiser showed every pair to everyone. */
  revealedToAll: z.boolean(),
})
export type ExchangeInfo = z.infer<typeof exchangeInfoOutput>

/** One line of the organiser's page: never a pair, a giftee or a message (issue 36 "Secrecy"). */
export const organiserParticipantOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Null after the 60-day deletion. */
  email: z.string().nullable(),
  household: z.string().nullable(),
  isOrganiser: z.boolean(),
  hasAccount: z.boolean(),
  status: z.enum(EXCHANGE_STATUSES),
  joined: z.boolean(),
  listFilled: z.boolean(),
  openedMatch: z.boolean(),
  gotIt: z.boolean(),
})
export type OrganiserParticipant = z.infer<typeof organiserParticipantOutput>

/** GET /api/exchanges/{id}: the organiser's view. */
export const organiserExchangeOutput = exchangeInfoOutput.extend({
  takesPart: z.boolean(),
  /** The setting (null: default) and what it is now with this many people. */
  noMutualPairs: z.boolean().nullable(),
  noMutualPairsInEffect: z.boolean(),
  /** The join link (absolute), null when revoked. */
  joinUrl: z.string().nullable(),
  participants: z.array(organiserParticipantOutput),
  /** The organiser's one-way exclusions (never last year's pairs). */
  exclusions: z.array(z.object({ giverId: z.number().int(), receiverId: z.number().int() })),
  /** Before the draw: why no draw is possible now, or null. */
  drawProblem: z.string().nullable(),
  /** Whether the organiser has used the emergency reveal. */
  organiserRevealed: z.boolean(),
  /** The year-on name of "Run again" ("Office Secret Santa 2027"). */
  runAgainName: z.string(),
  canRevealToAll: z.boolean(),
})
export type OrganiserExchange = z.infer<typeof organiserExchangeOutput>

/** GET /api/exchanges: the caller's exchanges, as organiser or participant. */
export const exchangeListItemOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  exchangeDate: z.string(),
  limit: money,
  drawn: z.boolean(),
  organiser: z.boolean(),
  participant: z.boolean(),
  participantCount: z.number().int(),
})

/** An item on a participant's list. */
export const exchangeItemOutput = z.object({
  id: z.number().int(),
  productId: z.number().int().nullable(),
  awProductId: z.number().int().nullable(),
  title: z.string(),
  link: z.string().nullable(),
  image: z.string().nullable(),
  /** Pounds. */
  price: money.nullable(),
  note: z.string(),
  available: z.boolean(),
})
export type ExchangeItem = z.infer<typeof exchangeItemOutput>

export const exchangeMessageOutput = z.object({
  id: z.number().int(),
  /** "me" wrote it, or the other side ("giftee" or "Santa"). */
  mine: z.boolean(),
  kind: z.enum(['question', 'answer', 'note', 'thanks']),
  body: z.string(),
  createdAt: z.string(),
})

/** A participant's page: their exchange, themselves, and (after the draw) their match only. */
export const participantViewOutput = z.object({
  exchange: exchangeInfoOutput,
  me: z.object({
    name: z.string(),
    joined: z.boolean(),
    /** They have opened their match (after the draw). */
    openedMatch: z.boolean(),
    hints: z.string(),
    items: z.array(exchangeItemOutput),
    gotIt: z.boolean(),
    unsubscribed: z.boolean(),
    /** Linked to the signed-in caller's account. */
    attached: z.boolean(),
    /** A signed-in caller could attach this place to their account. */
    canAttach: z.boolean(),
  }),
  /** Who the participant draws, after the draw. */
  match: z
    .object({
      name: z.string(),
      hints: z.string(),
      items: z.array(exchangeItemOutput),
    })
    .nullable(),
  /** Messages with the giftee (as their Santa) and with the Santa (as their giftee), oldest first. */
  withGiftee: z.array(exchangeMessageOutput),
  withSanta: z.array(exchangeMessageOutput),
  /** After the date, if the organiser revealed every pair: who drew whom. */
  pairs: z.array(z.object({ santa: z.string(), giftee: z.string() })).nullable(),
  /** Issue 36: what is kept and for how long (shown on the page). */
  dataNotice: z.string(),
})
export type ParticipantView = z.infer<typeof participantViewOutput>

/** GET /api/exchange-join/{token}: what the join page shows before joining. */
export const joinPageOutput = z.object({
  exchange: exchangeInfoOutput,
  open: z.boolean(),
  dataNotice: z.string(),
})

/** A gift idea within the limit for the giftee (the picks engine, with its reason). */
export const exchangeIdeaOutput = z.object({
  productId: z.number().int(),
  awProductId: z.number().int(),
  title: z.string(),
  price: money,
  image: z.string().nullable(),
  reason: z.string(),
})
export type ExchangeIdea = z.infer<typeof exchangeIdeaOutput>

/** The path of a participant's personal page. */
export function exchangeParticipantPath(token: string): string {
  return `/exchange/${token}`
}

/** The path of an exchange's join page. */
export function exchangeJoinPath(token: string): string {
  return `/exchange/join/${token}`
}

/** Issue 36: "the exchange is on 18 December" one year on: "Office Secret Santa 2026" -> "... 2027". */
export function nextYearName(name: string, exchangeDate: string): string {
  const year = Number(exchangeDate.slice(0, 4))
  if (name.includes(String(year))) return name.replace(String(year), String(year + 1))
  return `${name} ${year + 1}`
}

/** The words of the join and participant pages on what is kept (issue 36 "Data"). */
export function exchangeDataNotice(exchangeDate: string): string {
  const date = new Date(`${exchangeDate}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
  return (
    'We keep your name and email only for this exchange. Sixty days after the exchange date ' +
    `(${date}) we delete your list, hints and messages; your name, email and who you ` +
    'drew are kept only so the organiser can run it again next year without drawing the same pairs.'
  )
}
