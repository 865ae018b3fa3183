import { z } from 'zod'
import QRCode from 'qrcode'
import {
  createExchangeInput,
  EXCHANGE_MESSAGES,
  exchangeListItemOutput,
  exclusionInput,
  idField,
  inviteInput,
  organiserExchangeOutput,
  revealInput,
  runAgainInput,
  updateExchangeInput,
  updateParticipantInput,
} from '@presently/domain'
import { protectedProcedure, router, type Context } from '../trpc.ts'
import {
  createExchange,
  deleteExchange,
  getOrganiserExchange,
  inviteParticipants,
  listExchanges,
  renewJoinLink,
  revokeJoinLink,
  setExclusion,
  setHousehold,
  updateExchange,
} from '../services/exchanges/organiser.ts'
import {
  drawExchange,
  removeParticipant,
  revealToAll,
  revealToOrganiser,
  runAgain,
} from '../services/exchanges/draw.ts'
import { notifyChanged, notifyDrawn, notifyEveryone, notifyInvited } from '../services/exchanges/notify.ts'
import type { ExchangeMailDeps } from '../services/exchanges/mail.ts'
import { ownExchange } from '../services/exchanges/access.ts'
import { nextYearName } from '@presently/domain'

const exchangeId = z.object({ id: idField })
const done = z.object({ success: z.literal(true), message: z.string() })

/**
 * Sends mail after the answer through the server's mailer (ctx.auth); a caller without the
 * server (tests that do not look at mail) sends none.
 */
export function later(ctx: Context, label: string, task: (deps: ExchangeMailDeps) => Promise<void>): void {
  const auth = ctx.auth
  if (!auth) return
  auth.afterResponse(label, () => task({ mailer: auth.mailer, appUrl: auth.appUrl }))
}

function appUrlOf(ctx: Context): string {
  return ctx.auth?.appUrl ?? 'http://localhost'
}

/** The QR code of a join link as an SVG document (issue 36: for a notice board or a party). */
export async function joinQrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
}

/**
 * The organiser's gift exchanges (issue 36): the caller's own only (another user's id answers
 * NOT_FOUND), and no answer carries a pair, a giftee or a message, except the explicit, recorded
 * emergency reveal.
 */
export const exchangesRouter = router({
  /** GET /api/exchanges. */
  list: protectedProcedure
    .output(z.array(exchangeListItemOutput))
    .query(({ ctx }) => listExchanges(ctx.db, ctx.user.id)),
  /** POST /api/exchanges. */
  create: protectedProcedure
    .input(createExchangeInput)
    .output(organiserExchangeOutput)
    .mutation(async ({ ctx, input }) => {
      const id = await createExchange(ctx.db, ctx.user.id, input)
      return getOrganiserExchange(ctx.db, ctx.user.id, id, appUrlOf(ctx))
    }),
  /** GET /api/exchanges/{id}. */
  byId: protectedProcedure
    .input(exchangeId)
    .output(organiserExchangeOutput)
    .query(({ ctx, input }) => getOrganiserExchange(ctx.db, ctx.user.id, input.id, appUrlOf(ctx))),
  /** PATCH /api/exchanges/{id}. */
  update: protectedProcedure
    .input(exchangeId)
    .input(updateExchangeInput)
    .output(organiserExchangeOutput)
    .mutation(async ({ ctx, input }) => {
      await updateExchange(ctx.db, ctx.user.id, input.id, input)
      return getOrganiserExchange(ctx.db, ctx.user.id, input.id, appUrlOf(ctx))
    }),
  /** DELETE /api/exchanges/{id}. */
  delete: protectedProcedure
    .input(exchangeId)
    .output(done)
    .mutation(async ({ ctx, input }) => {
      await deleteExchange(ctx.db, ctx.user.id, input.id)
      return { success: true as const, message: EXCHANGE_MESSAGES.deleted }
    }),
  /** POST /api/exchanges/{id}/invitations {text}. */
  invite: protectedProcedure
    .input(exchangeId)
    .input(inviteInput)
    .output(z.object({ invited: z.number().int(), skipped: z.number().int() }))
    .mutation(async ({ ctx, input }) => {
      const { exchange, invited, skipped } = await inviteParticipants(ctx.db, ctx.user.id, input.id, input.text)
      later(ctx, 'exchange invitations', (deps) => notifyInvited(ctx.db, deps, exchange, invited))
      return { invited: invited.length, skipped }
    }),
  /** DELETE /api/exchanges/{id}/participants/{participantId}. */
  removeParticipant: protectedProcedure
    .input(z.object({ id: idField, participantId: idField }))
    .output(done)
    .mutation(async ({ ctx, input }) => {
      const { exchange, changed } = await removeParticipant(ctx.db, ctx.user.id, input.id, input.participantId)
      later(ctx, 'exchange re-draw', (deps) => notifyChanged(ctx.db, deps, exchange, changed))
      return { success: true as const, message: EXCHANGE_MESSAGES.removed }
    }),
  /** PATCH /api/exchanges/{id}/participants/{participantId} {household}. */
  setHousehold: protectedProcedure
    .input(z.object({ id: idField, participantId: idField }))
    .input(updateParticipantInput)
    .output(done)
    .mutation(async ({ ctx, input }) => {
      await setHousehold(ctx.db, ctx.user.id, input.id, input.participantId, input.household)
      return { success: true as const, message: EXCHANGE_MESSAGES.saved }
    }),
  /** POST /api/exchanges/{id}/exclusions {giverId, receiverId}. */
  addExclusion: protectedProcedure
    .input(exchangeId)
    .input(exclusionInput)
    .output(done)
    .mutation(async ({ ctx, input }) => {
      await setExclusion(ctx.db, ctx.user.id, input.id, input, true)
      return { success: true as const, message: EXCHANGE_MESSAGES.saved }
    }),
  /** DELETE /api/exchanges/{id}/exclusions {giverId, receiverId}. */
  removeExclusion: protectedProcedure
    .input(exchangeId)
    .input(exclusionInput)
    .output(done)
    .mutation(async ({ ctx, input }) => {
      await setExclusion(ctx.db, ctx.user.id, input.id, input, false)
      return { success: true as const, message: EXCHANGE_MESSAGES.saved }
    }),
  /** POST /api/exchanges/{id}/join-link: a new join link. */
  renewJoinLink: protectedProcedure
    .input(exchangeId)
    .output(done)
    .mutation(async ({ ctx, input }) => {
      await renewJoinLink(ctx.db, ctx.user.id, input.id)
      return { success: true as const, message: EXCHANGE_MESSAGES.saved }
    }),
  /** DELETE /api/exchanges/{id}/join-link. */
  revokeJoinLink: protectedProcedure
    .input(exchangeId)
    .output(done)
    .mutation(async ({ ctx, input }) => {
      await revokeJoinLink(ctx.db, ctx.user.id, input.id)
      return { success: true as const, message: EXCHANGE_MESSAGES.joinRevoked }
    }),
  /** GET /api/exchanges/{id}/join-qr.svg as {svg}: the join link's QR code. */
  joinQr: protectedProcedure
    .input(exchangeId)
    .output(z.object({ svg: z.string().nullable() }))
    .query(async ({ ctx, input }) => {
      const view = await getOrganiserExchange(ctx.db, ctx.user.id, input.id, appUrlOf(ctx))
      return { svg: view.joinUrl ? await joinQrSvg(view.joinUrl) : null }
    }),
  /** POST /api/exchanges/{id}/draw: draws names (409 with the cause when impossible). */
  draw: protectedProcedure
    .input(exchangeId)
    .output(done)
    .mutation(async ({ ctx, input }) => {
      const { exchange, drawn } = await drawExchange(ctx.db, input.id, ctx.user.id)
      later(ctx, 'exchange drawn', (deps) =>
        notifyDrawn(
          ctx.db,
          deps,
          exchange,
          drawn.map((p) => p.id),
        ),
      )
      return { success: true as const, message: EXCHANGE_MESSAGES.drawn }
    }),
  /** POST /api/exchanges/{id}/reveal {confirmName}: the recorded emergency reveal. */
  reveal: protectedProcedure
    .input(exchangeId)
    .input(revealInput)
    .output(z.object({ pairs: z.array(z.object({ santa: z.string(), giftee: z.string() })) }))
    .mutation(async ({ ctx, input }) => {
      const { exchange, pairs } = await revealToOrganiser(ctx.db, ctx.user.id, input.id, input.confirmName)
      later(ctx, 'exchange reveal', (deps) => notifyEveryone(ctx.db, deps, exchange, 'organiser_revealed'))
      return { pairs }
    }),
  /** POST /api/exchanges/{id}/reveal-to-all: after the date, every pair to everyone. */
  revealToAll: protectedProcedure
    .input(exchangeId)
    .output(done)
    .mutation(async ({ ctx, input }) => {
      const exchange = await revealToAll(ctx.db, ctx.user.id, input.id)
      later(ctx, 'exchange reveal to all', (deps) => notifyEveryone(ctx.db, deps, exchange, 'revealed_to_all'))
      return { success: true as const, message: EXCHANGE_MESSAGES.saved }
    }),
  /** POST /api/exchanges/{id}/run-again: next year's exchange; answers its id. */
  runAgain: protectedProcedure
    .input(exchangeId)
    .input(runAgainInput)
    .output(z.object({ id: z.number().int() }))
    .mutation(async ({ ctx, input }) => {
      const old = await ownExchange(ctx.db, ctx.user.id, input.id)
      const next = await runAgain(ctx.db, ctx.user.id, input.id, input, nextYearName(old.name, old.exchangeDate))
      later(ctx, 'exchange run again', (deps) => notifyInvited(ctx.db, deps, next.exchange, next.invited))
      return { id: next.id }
    }),
})
