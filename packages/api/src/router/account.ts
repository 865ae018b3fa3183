import { z } from 'zod'
import {
  AUTH_MESSAGES,
  changePasswordInput,
  DISPLAY_NAME_MESSAGES,
  emailInput,
  ROLES,
  setPasswordInput,
  updateDisplayNameInput,
  updateUnsubscribedInput,
  welcomeOutput,
} from '@presently/domain'
import { adminProcedure, protectedProcedure, router, staffProcedure, withAuthPlumbing } from '../trpc.ts'
import { setPassword } from '../services/account/set-password.ts'
import { changePassword } from '../services/account/change-password.ts'
import { updateUnsubscribed } from '../services/account/update-unsubscribed.ts'
import { updateDisplayName } from '../services/account/update-display-name.ts'
import { setRole } from '../services/account/roles.ts'
import { listRecentEmails } from '../services/account/recent-emails.ts'
import { finishWelcome, getWelcome } from '../services/account/welcome.ts'

const messageOutput = z.object({ message: z.string() })

/** Account settings (account-area §2 "Account settings", §7 /api/user/*) and role tools. */
export const accountRouter = router({
  /** POST /api/user/set-password: for accounts without a password (Google sign-in). */
  setPassword: protectedProcedure
    .input(setPasswordInput)
    .output(messageOutput)
    .mutation(async ({ ctx, input }) => {
      await setPassword(ctx.db, { userId: ctx.user.id, password: input.password })
      return { message: AUTH_MESSAGES.passwordSet }
    }),

  /** POST /api/user/change-password: ends every other session of the account. */
  changePassword: protectedProcedure
    .use(withAuthPlumbing)
    .input(changePasswordInput)
    .output(messageOutput)
    .mutation(async ({ ctx, input }) => {
      await changePassword(ctx.db, { userId: ctx.user.id, currentSessionId: ctx.auth.sessionId, ...input })
      return { message: AUTH_MESSAGES.passwordChanged }
    }),

  /** POST /api/user/update-unsubscribed. */
  updateUnsubscribed: protectedProcedure
    .input(updateUnsubscribedInput)
    .output(z.object({ unsubscribed: z.boolean(), message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const result = await updateUnsubscribed(ctx.db, { userId: ctx.user.id, unsubscribed: input.unsubscribed })
      return {
        ...result,
        message: result.unsubscribed ? AUTH_MESSAGES.unsubscribedUpdated : AUTH_MESSAGES.subscribedUpdated,
      }
    }),

  /** POST /api/user/display-name: the name shown on shared lists and claims (issue 43 §5). */
  updateDisplayName: protectedProcedure
    .input(updateDisplayNameInput)
    .output(z.object({ displayName: z.string().nullable(), message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const result = await updateDisplayName(ctx.db, { userId: ctx.user.id, displayName: input.displayName })
      return {
        ...result,
        message: result.displayName ? DISPLAY_NAME_MESSAGES.saved : DISPLAY_NAME_MESSAGES.cleared,
      }
    }),

  /** GET /api/user/welcome: whether home shows the first-visit start (issue 26). */
  welcome: protectedProcedure.output(welcomeOutput).query(({ ctx }) => getWelcome(ctx.db, ctx.user.id)),

  /** POST /api/user/welcome: the start is finished or skipped; "Welcome back" from now on. */
  finishWelcome: protectedProcedure.output(welcomeOutput).mutation(({ ctx }) => finishWelcome(ctx.db, ctx.user.id)),

  /** Admins grant or revoke staff and admin (the `npm run user` CLI does the same). */
  setRole: adminProcedure
    .input(z.object({ email: emailInput, role: z.enum(ROLES), granted: z.boolean() }))
    .output(z.object({ id: z.number().int(), email: z.string(), is_staff: z.boolean(), is_admin: z.boolean() }))
    .mutation(({ ctx, input }) => setRole(ctx.db, input)),

  /** Staff see the latest sends and their status (no bodies: they hold live links). */
  recentEmails: staffProcedure
    .output(
      z.array(
        z.object({
          id: z.number().int(),
          to: z.string(),
          kind: z.string(),
          subject: z.string(),
          status: z.enum(['outbox', 'queued', 'sent', 'failed', 'cancelled']),
          attempts: z.number().int(),
          lastError: z.string().nullable(),
          createdAt: z.date(),
          sentAt: z.date().nullable(),
        }),
      ),
    )
    .query(({ ctx }) => listRecentEmails(ctx.db)),
})
