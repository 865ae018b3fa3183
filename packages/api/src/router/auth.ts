import { z } from 'zod'
import {
  AUTH_MESSAGES,
  forgotPasswordInput,
  loginInput,
  loginWithCodeInput,
  registerInput,
  resendConfirmationInput,
  resetPasswordInput,
  sessionUserOutput,
  tokenInput,
} from '@presently/domain'
import { publicProcedure, router, withAuthPlumbing } from '../trpc.ts'
import { limitedLogin, limitedLoginWithCode } from '../services/auth/login.ts'
import { register } from '../services/auth/register.ts'
import { confirmEmail, resendConfirmation } from '../services/auth/confirm-email.ts'
import { forgotPassword, resetPassword, validateResetToken } from '../services/auth/reset-password.ts'
import { unsubscribe } from '../services/auth/unsubscribe.ts'
import { invalidateSession } from '../services/auth/session.ts'
import { getSessionUser } from '../services/auth/users.ts'

const messageOutput = z.object({ message: z.string() })
const authProcedure = publicProcedure.use(withAuthPlumbing)

/**
 * Sign-in, registration and email links (spec browsing-and-purchase §4, §7 /api/auth/*). The
 * REST adapter (apps/server/src/rest/auth.ts) answers the same calls with the same services.
 */
export const authRouter = router({
  /**
   * The current session's user, or null when anonymous (spec browsing-and-purchase §4
   * "Session"). GET /api/auth/session.
   */
  session: publicProcedure
    .output(z.object({ user: sessionUserOutput.nullable() }))
    .query(async ({ ctx }) => ({ user: ctx.user ? await getSessionUser(ctx.db, ctx.user.id) : null })),

  /** Which sign-in providers are configured, so the UI can hide the Google button. GET /api/auth/providers. */
  providers: publicProcedure
    .output(z.object({ google: z.boolean() }))
    .query(({ ctx }) => ({ google: ctx.auth?.providers.google ?? false })),

  /** POST /api/auth/login: sets the session cookie. */
  login: authProcedure
    .input(loginInput)
    .output(z.object({ user: sessionUserOutput, message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const { user, token, session } = await limitedLogin(ctx.db, ctx.auth, input)
      ctx.auth.setSessionCookie(token, session.expiresAt)
      return { user, message: AUTH_MESSAGES.loginSuccess }
    }),

  /**
   * POST /api/auth/login/code (issue 41): the sign-in that answered signInCodeSent, finished with
   * the emailed code; sets the session cookie. Same answer as login.
   */
  loginWithCode: authProcedure
    .input(loginWithCodeInput)
    .output(z.object({ user: sessionUserOutput, message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const { user, token, session } = await limitedLoginWithCode(ctx.db, ctx.auth, input)
      ctx.auth.setSessionCookie(token, session.expiresAt)
      return { user, message: AUTH_MESSAGES.loginSuccess }
    }),

  /** POST /api/auth/register: creates an unconfirmed account and mails the confirmation link. */
  register: authProcedure
    .input(registerInput)
    .output(z.object({ user: z.null(), email: z.string(), message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await ctx.auth.rateLimit('register', input.email)
      const { email } = await register(ctx.db, ctx.auth, input)
      return { user: null, email, message: AUTH_MESSAGES.registerSuccess }
    }),

  /** POST /api/auth/logout: ends the session and clears the cookie. */
  logout: authProcedure.output(messageOutput).mutation(async ({ ctx }) => {
    if (ctx.auth.sessionId) await invalidateSession(ctx.db, ctx.auth.sessionId)
    ctx.auth.clearSessionCookie()
    return { message: AUTH_MESSAGES.logoutSuccess }
  }),

  /** POST /api/auth/resend-confirmation: the same answer whether or not a mail went out. */
  resendConfirmation: authProcedure
    .input(resendConfirmationInput)
    .output(messageOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.auth.rateLimit('resend-confirmation', input.email)
      resendConfirmation(ctx.db, ctx.auth, input.email)
      return { message: AUTH_MESSAGES.resendSuccess }
    }),

  /** POST /api/auth/forgot-password: always the neutral message (spec browsing-and-purchase §8). */
  forgotPassword: authProcedure
    .input(forgotPasswordInput)
    .output(messageOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.auth.rateLimit('forgot-password', input.email)
      forgotPassword(ctx.db, ctx.auth, input.email)
      return { message: AUTH_MESSAGES.forgotPasswordNeutral }
    }),

  /** GET /api/auth/validate-token/{token}: whether a reset link still works. */
  validateResetToken: publicProcedure
    .input(tokenInput)
    .output(z.object({ valid: z.boolean() }))
    .query(async ({ ctx, input }) => ({ valid: await validateResetToken(ctx.db, input.token) })),

  /** POST /api/auth/reset-password: new password from a reset link; ends every session. */
  resetPassword: authProcedure
    .input(resetPasswordInput)
    .output(messageOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.auth.rateLimit('reset-password')
      await resetPassword(ctx.db, input)
      return { message: AUTH_MESSAGES.resetSuccess }
    }),

  /** POST /api/auth/confirm-email. */
  confirmEmail: publicProcedure
    .input(tokenInput)
    .output(messageOutput)
    .mutation(async ({ ctx, input }) => {
      await confirmEmail(ctx.db, input.token)
      return { message: AUTH_MESSAGES.confirmSuccess }
    }),

  /** POST /api/auth/unsubscribe. */
  unsubscribe: publicProcedure
    .input(tokenInput)
    .output(messageOutput)
    .mutation(async ({ ctx, input }) => {
      await unsubscribe(ctx.db, input.token)
      return { message: AUTH_MESSAGES.unsubscribeSuccess }
    }),
})
