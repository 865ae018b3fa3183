import { z } from 'zod'
import { TRPCError } from '@trpc/server'
import {
  addExchangeItemInput,
  emailPreferenceInput,
  EXCHANGE_MESSAGES,
  exchangeIdeaOutput,
  exchangeItemOutput,
  exchangeTokenField,
  gotItInput,
  hintsInput,
  idField,
  joinInput,
  joinPageOutput,
  participantViewOutput,
  sendMessageInput,
  ukToday,
} from '@presently/domain'
import { protectedProcedure, publicProcedure, router, type Context, type RateLimitedAction } from '../trpc.ts'
import type { ParticipantRef } from '../services/exchanges/access.ts'
import {
  addItem,
  attachToAccount,
  getJoinPage,
  joinByLink,
  joinExchange,
  openMatch,
  participantIdeas,
  removeItem,
  sendMessage,
  setGotIt,
  setHints,
  setUnsubscribed,
  viewParticipant,
} from '../services/exchanges/participant.ts'
import { notifyChanged, notifyJoinConfirm, notifyMessage } from '../services/exchanges/notify.ts'
import { later } from './exchanges.ts'

/**
 * Who a participant call is for: `{token}` (a personal link, anyone holding it) or
 * `{exchangeId}` (the signed-in caller's own place in that exchange).
 */
export const participantRefInput = z
  .object({ token: exchangeTokenField.optional(), exchangeId: idField.optional() })
  .refine((v) => (v.token === undefined) !== (v.exchangeId === undefined), {
    path: ['token'],
    error: 'Please give either a token or an exchangeId',
  })

/**
 * The ref of a call; counts a token call against the per-IP limit of `action` ('exchange-page'
 * for reading the page, counted in this process; 'exchange-link', shared, for every other call).
 */
async function refOf(
  ctx: Context,
  input: { token?: string; exchangeId?: number },
  action: 'exchange-link' | 'exchange-page' = 'exchange-link',
): Promise<ParticipantRef> {
  if (input.token !== undefined) {
    await ctx.auth?.rateLimit(action)
    return { token: input.token }
  }
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Unauthorized' })
  return { userId: ctx.user.id, exchangeId: input.exchangeId! }
}

async function limit(ctx: Context, action: RateLimitedAction): Promise<void> {
  await ctx.auth?.rateLimit(action)
}

const done = z.object({ success: z.literal(true), message: z.string() })

/**
 * A participant's page and its calls (issue 36), by personal link or as the signed-in
 * participant. Every answer is the caller's own: their list, their giftee once opened, the
 * anonymous messages with their giftee and their Santa; never anyone else's pair. (The server's
 * request log drops these calls' query strings: tokens are never logged.)
 */
export const exchangeParticipantsRouter = router({
  /** GET /api/exchange-links/{token} (or /api/exchanges/{id}/me). */
  view: publicProcedure
    .input(participantRefInput)
    .output(participantViewOutput)
    .query(async ({ ctx, input }) => viewParticipant(ctx.db, await refOf(ctx, input, 'exchange-page'), ctx.user)),
  /** POST .../join: confirms the place (the emailed link confirms the address). */
  join: publicProcedure
    .input(participantRefInput)
    .output(participantViewOutput)
    .mutation(async ({ ctx, input }) => {
      const ref = await refOf(ctx, input)
      const { exchange, participant, changed } = await joinExchange(ctx.db, ref)
      later(ctx, 'exchange latecomer', (deps) => notifyChanged(ctx.db, deps, exchange, changed, participant.id))
      return viewParticipant(ctx.db, ref, ctx.user)
    }),
  /** POST .../open: shows the match and records that it was opened. */
  open: publicProcedure
    .input(participantRefInput)
    .output(participantViewOutput)
    .mutation(async ({ ctx, input }) => openMatch(ctx.db, await refOf(ctx, input), ctx.user)),
  /** GET .../ideas: gift ideas within the limit for the giftee. */
  ideas: publicProcedure
    .input(participantRefInput)
    .output(z.array(exchangeIdeaOutput))
    .query(async ({ ctx, input }) => participantIdeas(ctx.db, await refOf(ctx, input))),
  /** POST .../items. */
  addItem: publicProcedure
    .input(participantRefInput)
    .input(addExchangeItemInput)
    .output(z.array(exchangeItemOutput))
    .mutation(async ({ ctx, input }) => addItem(ctx.db, await refOf(ctx, input), input)),
  /** DELETE .../items/{itemId}. */
  removeItem: publicProcedure
    .input(participantRefInput)
    .input(z.object({ itemId: idField }))
    .output(z.array(exchangeItemOutput))
    .mutation(async ({ ctx, input }) => removeItem(ctx.db, await refOf(ctx, input), input.itemId)),
  /** PUT .../hints. */
  setHints: publicProcedure
    .input(participantRefInput)
    .input(hintsInput)
    .output(done)
    .mutation(async ({ ctx, input }) => {
      await setHints(ctx.db, await refOf(ctx, input), input.hints)
      return { success: true as const, message: EXCHANGE_MESSAGES.saved }
    }),
  /** PUT .../got-it. */
  setGotIt: publicProcedure
    .input(participantRefInput)
    .input(gotItInput)
    .output(done)
    .mutation(async ({ ctx, input }) => {
      await setGotIt(ctx.db, await refOf(ctx, input), input.gotIt)
      return { success: true as const, message: EXCHANGE_MESSAGES.saved }
    }),
  /** PUT .../emails. */
  setEmails: publicProcedure
    .input(participantRefInput)
    .input(emailPreferenceInput)
    .output(done)
    .mutation(async ({ ctx, input }) => {
      await setUnsubscribed(ctx.db, await refOf(ctx, input), input.unsubscribed)
      return { success: true as const, message: EXCHANGE_MESSAGES.saved }
    }),
  /** POST .../messages: a question to the giftee, an answer or note (or thanks) to the Santa. */
  sendMessage: publicProcedure
    .input(participantRefInput)
    .input(sendMessageInput)
    .output(done)
    .mutation(async ({ ctx, input }) => {
      const ref = await refOf(ctx, input)
      await limit(ctx, 'exchange-message')
      const { exchange, recipient } = await sendMessage(ctx.db, ref, input)
      later(ctx, 'exchange message', (deps) => notifyMessage(ctx.db, deps, exchange, recipient, ukToday()))
      return { success: true as const, message: EXCHANGE_MESSAGES.sent }
    }),
  /** POST /api/exchange-links/{token}/attach: links the place to the signed-in account. */
  attach: protectedProcedure
    .input(z.object({ token: exchangeTokenField }))
    .output(z.object({ exchangeId: z.number().int() }))
    .mutation(async ({ ctx, input }) => {
      await limit(ctx, 'exchange-link')
      return { exchangeId: await attachToAccount(ctx.db, input.token, ctx.user) }
    }),
  /** GET /api/exchange-join/{token}: the join page. */
  joinPage: publicProcedure
    .input(z.object({ token: exchangeTokenField }))
    .output(joinPageOutput)
    .query(async ({ ctx, input }) => {
      await limit(ctx, 'exchange-link')
      return getJoinPage(ctx.db, input.token)
    }),
  /**
   * POST /api/exchange-join/{token} {name?, email?}: signed in, joins at once (answers the
   * exchange's id); otherwise emails the personal link that confirms the address.
   */
  joinByLink: publicProcedure
    .input(z.object({ token: exchangeTokenField }))
    .input(joinInput)
    .output(z.object({ joined: z.boolean(), exchangeId: z.number().int().nullable(), message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await limit(ctx, 'exchange-join')
      const result = await joinByLink(ctx.db, input.token, ctx.user, input)
      if (result.kind === 'joined') {
        later(ctx, 'exchange latecomer', (deps) =>
          notifyChanged(ctx.db, deps, result.exchange, result.changed, result.participant.id),
        )
        return { joined: true, exchangeId: result.exchange.id, message: EXCHANGE_MESSAGES.joined }
      }
      later(ctx, 'exchange join confirmation', (deps) =>
        notifyJoinConfirm(ctx.db, deps, result.exchange, result.participant),
      )
      return { joined: false, exchangeId: null, message: EXCHANGE_MESSAGES.checkEmail }
    }),
})
