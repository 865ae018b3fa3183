import { z } from 'zod'
import {
  AppError,
  confirmGuestInput,
  confirmGuestOutput,
  GUEST_MESSAGES,
  guestClaimsOutput,
  guestOutput,
  guestTokenField,
  idField,
  WISH_LIST_MESSAGES,
} from '@presently/domain'
import { publicProcedure, router, type Context } from '../trpc.ts'
import { confirmGuest } from '../services/guests/confirm-guest.ts'
import { deleteGuest, findGuestByPersonalToken, guestOutputOf } from '../services/guests/guest-identity.ts'
import { guestClaimsPage, guestRemoveByItem } from '../services/wish-lists/guest-claims.ts'

const personal = z.object({ token: guestTokenField })
const personalItem = z.object({ token: guestTokenField, itemId: idField })
const done = z.object({ success: z.literal(true), message: z.string() })

/** Counts one guest-link call against the caller's IP (absent in tests without the server). */
async function limit(ctx: Context): Promise<void> {
  await ctx.auth?.rateLimit('guest-link')
}

/**
 * Guests (issue 37; docs/decisions/guests.md): the confirmation link, the device's guest and
 * cookie, and the guest's personal page by its link (/my-claims/{token}). No account needed;
 * every call is limited per IP; an unknown or revoked token answers 404.
 */
export const guestsRouter = router({
  /** POST /api/guests/confirm {token}: spends the link and keeps the guest on this device. */
  confirm: publicProcedure
    .input(confirmGuestInput)
    .output(confirmGuestOutput)
    .mutation(async ({ ctx, input }) => {
      await limit(ctx)
      const { guest, outcomes } = await confirmGuest(ctx.db, input.token)
      await ctx.guests?.setCookie(guest.id)
      return { success: true as const, message: GUEST_MESSAGES.confirmed, guest: guestOutputOf(guest), outcomes }
    }),
  /** GET /api/guests/me: the guest confirmed on this device, or null. */
  me: publicProcedure.output(z.object({ guest: guestOutput.nullable() })).query(async ({ ctx }) => {
    const guest = (await ctx.guests?.current()) ?? null
    return { guest: guest ? guestOutputOf(guest) : null }
  }),
  /** POST /api/guests/sign-out: forgets the guest on this device (their claims stay). */
  signOut: publicProcedure.output(done).mutation(({ ctx }) => {
    ctx.guests?.clearCookie()
    return { success: true as const, message: GUEST_MESSAGES.signedOut }
  }),
  /** GET /api/my-claims/{token}: the guest's claims, pledges and watched lists. */
  claims: publicProcedure
    .input(personal)
    .output(guestClaimsOutput)
    .query(async ({ ctx, input }) => {
      await limit(ctx)
      return guestClaimsPage(ctx.db, await findGuestByPersonalToken(ctx.db, input.token))
    }),
  /** DELETE /api/my-claims/{token}/claims/{itemId}. */
  removeClaim: publicProcedure
    .input(personalItem)
    .output(done)
    .mutation(async ({ ctx, input }) => {
      await limit(ctx)
      await guestRemoveByItem(ctx.db, await findGuestByPersonalToken(ctx.db, input.token), 'claim', input.itemId)
      return { success: true as const, message: WISH_LIST_MESSAGES.unclaimed }
    }),
  /** DELETE /api/my-claims/{token}/pledges/{itemId}. */
  removePledge: publicProcedure
    .input(personalItem)
    .output(done)
    .mutation(async ({ ctx, input }) => {
      await limit(ctx)
      await guestRemoveByItem(ctx.db, await findGuestByPersonalToken(ctx.db, input.token), 'pledge', input.itemId)
      return { success: true as const, message: 'Pledge removed' }
    }),
  /** DELETE /api/my-claims/{token}: deletes the guest's name, email, claims and pledges now. */
  deleteMe: publicProcedure
    .input(personal)
    .output(done)
    .mutation(async ({ ctx, input }) => {
      await limit(ctx)
      const guest = await findGuestByPersonalToken(ctx.db, input.token)
      if (!(await deleteGuest(ctx.db, guest.id))) throw new AppError('NOT_FOUND', GUEST_MESSAGES.personalNotFound)
      const current = await ctx.guests?.current()
      if (current?.id === guest.id) ctx.guests?.clearCookie()
      return { success: true as const, message: GUEST_MESSAGES.deleted }
    }),
})
