import { z } from 'zod'
import {
  AppError,
  claimInput,
  GUEST_MESSAGES,
  guestClaimInput,
  guestItemAnswer,
  guestPledgeInput,
  idField,
  linkPersonInput,
  pledgeInput,
  shareTokenField,
  sharedItemAnswer,
  sharedListOutput,
  watchAnswer,
  watchInput,
  WISH_LIST_MESSAGES,
} from '@presently/domain'
import { protectedProcedure, publicProcedure, router, type Context } from '../trpc.ts'
import type { MailDeps } from '../services/auth/auth-emails.ts'
import type { Guest } from '../services/guests/guest-identity.ts'
import { guestClaimItem, guestPledgeToItem, guestUnclaimItem, setWatch } from '../services/wish-lists/guest-claims.ts'
import {
  claimItem,
  getSharedList,
  linkSharedList,
  pledgeToItem,
  unclaimItem,
} from '../services/wish-lists/shared-list.ts'

const token = z.object({ token: shareTokenField })
const itemRef = z.object({ token: shareTokenField, itemId: idField })

/** Counts one shared-list call against the caller's IP (absent in tests without the server). */
async function limit(ctx: Context): Promise<void> {
  await ctx.auth?.rateLimit('shared-list')
}

/** The guest confirmed on this device (issue 37), or null. */
async function deviceGuest(ctx: Context): Promise<Guest | null> {
  return (await ctx.guests?.current()) ?? null
}

/** The mailer and APP_URL for guests' confirmation mails (the server always lends them). */
function mailDeps(ctx: Context): MailDeps {
  if (!ctx.auth) throw new Error('guest calls need the server plumbing (mailer)')
  return { mailer: ctx.auth.mailer, appUrl: ctx.auth.appUrl }
}

/** A guest call's limits (issue 37): per IP, and per the email given (or the device guest's). */
async function guestLimit(ctx: Context, email: string | undefined): Promise<void> {
  await ctx.auth?.rateLimit('shared-list')
  await ctx.auth?.rateLimit('guest-claim', email)
}

/** Guest calls are for visitors without an account: a signed-in user claims as themselves. */
function assertSignedOut(ctx: Context): void {
  if (ctx.user) throw new AppError('BAD_REQUEST', 'You are signed in: claim with your account')
}

/**
 * A shared wish list by its token (issue 23): readable by anyone with the link; claiming,
 * pledging and linking need an account. Every call counts against the per-IP shared-list limit.
 * (The server's request log drops the query strings of these paths: the token is never logged.)
 */
export const sharedListsRouter = router({
  /** GET /api/shared-lists/{token}. */
  byToken: publicProcedure
    .input(token)
    .output(sharedListOutput)
    .query(async ({ ctx, input }) => {
      await limit(ctx)
      const guest = ctx.user ? null : await deviceGuest(ctx)
      return getSharedList(ctx.db, ctx.user?.id ?? null, input.token, guest)
    }),
  /** POST /api/shared-lists/{token}/items/{itemId}/guest-claim (issue 37). */
  guestClaim: publicProcedure
    .input(itemRef)
    .input(guestClaimInput)
    .output(guestItemAnswer)
    .mutation(async ({ ctx, input }) => {
      assertSignedOut(ctx)
      const cookieGuest = await deviceGuest(ctx)
      await guestLimit(ctx, input.email ?? cookieGuest?.email)
      return guestClaimItem(ctx.db, mailDeps(ctx), {
        token: input.token,
        itemId: input.itemId,
        quantity: input.quantity,
        actor: { name: input.name, email: input.email, showName: input.showName, cookieGuest },
      })
    }),
  /** DELETE /api/shared-lists/{token}/items/{itemId}/guest-claim (issue 37): the device's guest. */
  guestUnclaim: publicProcedure
    .input(itemRef)
    .output(sharedItemAnswer)
    .mutation(async ({ ctx, input }) => {
      await limit(ctx)
      const guest = await deviceGuest(ctx)
      if (!guest) throw new AppError('NOT_FOUND', WISH_LIST_MESSAGES.claimNotFound)
      const item = await guestUnclaimItem(ctx.db, guest, input.token, input.itemId)
      return { success: true as const, message: WISH_LIST_MESSAGES.unclaimed, item }
    }),
  /** POST /api/shared-lists/{token}/items/{itemId}/guest-pledges (issue 37). */
  guestPledge: publicProcedure
    .input(itemRef)
    .input(guestPledgeInput)
    .output(guestItemAnswer)
    .mutation(async ({ ctx, input }) => {
      assertSignedOut(ctx)
      const cookieGuest = await deviceGuest(ctx)
      await guestLimit(ctx, input.email ?? cookieGuest?.email)
      return guestPledgeToItem(ctx.db, mailDeps(ctx), {
        token: input.token,
        itemId: input.itemId,
        amount: input.amount,
        actor: { name: input.name, email: input.email, showName: input.showName, cookieGuest },
      })
    }),
  /** PUT /api/shared-lists/{token}/watch {watch} (issue 37): accounts and the device's guest. */
  watch: publicProcedure
    .input(token)
    .input(watchInput)
    .output(watchAnswer)
    .mutation(async ({ ctx, input }) => {
      await limit(ctx)
      const guest = ctx.user ? null : await deviceGuest(ctx)
      if (!ctx.user && !guest) throw new AppError('UNAUTHORIZED', GUEST_MESSAGES.signedOut)
      const { watching } = await setWatch(
        ctx.db,
        ctx.user ? { userId: ctx.user.id } : { guestId: guest!.id },
        input.token,
        input.watch,
      )
      return {
        success: true as const,
        message: watching ? WISH_LIST_MESSAGES.watching : WISH_LIST_MESSAGES.notWatching,
        watching,
      }
    }),
  /** POST /api/shared-lists/{token}/items/{itemId}/claim {quantity?}. */
  claim: protectedProcedure
    .input(itemRef)
    .input(claimInput)
    .output(sharedItemAnswer)
    .mutation(async ({ ctx, input }) => {
      await limit(ctx)
      const item = await claimItem(ctx.db, ctx.user.id, input.token, input.itemId, input.quantity)
      return { success: true as const, message: WISH_LIST_MESSAGES.claimed, item }
    }),
  /** DELETE /api/shared-lists/{token}/items/{itemId}/claim. */
  unclaim: protectedProcedure
    .input(itemRef)
    .output(sharedItemAnswer)
    .mutation(async ({ ctx, input }) => {
      await limit(ctx)
      const item = await unclaimItem(ctx.db, ctx.user.id, input.token, input.itemId)
      return { success: true as const, message: WISH_LIST_MESSAGES.unclaimed, item }
    }),
  /** POST /api/shared-lists/{token}/items/{itemId}/pledges {amount}. */
  pledge: protectedProcedure
    .input(itemRef)
    .input(pledgeInput)
    .output(sharedItemAnswer)
    .mutation(async ({ ctx, input }) => {
      await limit(ctx)
      const item = await pledgeToItem(ctx.db, ctx.user.id, input.token, input.itemId, input.amount)
      return { success: true as const, message: WISH_LIST_MESSAGES.pledged, item }
    }),
  /** POST /api/shared-lists/{token}/link {personId}. */
  link: protectedProcedure
    .input(token)
    .input(linkPersonInput)
    .output(z.object({ person: z.object({ id: z.number().int(), name: z.string() }).nullable() }))
    .mutation(async ({ ctx, input }) => {
      await limit(ctx)
      return linkSharedList(ctx.db, ctx.user.id, input.token, input.personId)
    }),
})
