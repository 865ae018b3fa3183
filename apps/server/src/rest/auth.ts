import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  confirmEmail,
  forgotPassword,
  getSessionUser,
  invalidateSessionToken,
  limitedLogin,
  limitedLoginWithCode,
  register,
  resendConfirmation,
  resetPassword,
  unsubscribe,
  validateResetToken,
} from '@presently/api'
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
import type { Db } from '@presently/db'
import { SESSION_COOKIE, type Auth } from '../plugins/auth.ts'
import { allowEmptyJsonBody, ok } from './parse.ts'
import { errorResponses, messageOutput, signedInOnly, wrapped } from './schema.ts'

const userOutput = wrapped(z.object({ user: sessionUserOutput }))
const tokenQuery = tokenInput.describe('The token of the mailed link')

/**
 * The auth calls of spec browsing-and-purchase §7 (/api/auth/*), answered by the same services
 * as the tRPC auth router. Shapes: {success, data, message}; errors {success:false, message}.
 * Responses are never cached.
 */
export async function registerAuthRoutes(app: FastifyInstance, db: Db, auth: Auth): Promise<void> {
  await app.register((plain, _options, done) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>()
    allowEmptyJsonBody(scope)
    scope.addHook('onSend', (_request, reply, payload, done) => {
      void reply.header('cache-control', 'no-store')
      done(null, payload)
    })

    /** 200 {success, data:{user}} when signed in; 401 "Unauthorized" otherwise (spec §7). */
    scope.get(
      '/api/auth/session',
      {
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user; 401 when signed out (not an error for the UI)',
          security: signedInOnly,
          response: { 200: userOutput, ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        const user = request.user ? await getSessionUser(db, request.user.id) : null
        if (!user) return reply.status(401).send({ success: false, message: AUTH_MESSAGES.unauthorized })
        return ok({ user })
      },
    )

    /** {google: boolean}: the sign-in providers configured, so the UI can hide the Google button. */
    scope.get(
      '/api/auth/providers',
      {
        schema: {
          tags: ['auth'],
          summary: 'The sign-in providers configured on this server',
          response: { 200: z.object({ google: z.boolean() }) },
        },
      },
      () => auth.providers,
    )

    scope.post(
      '/api/auth/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Signs in with email and password; sets the session cookie',
          body: loginInput,
          response: { 200: userOutput, ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request, reply) => {
        const input = request.body
        const plumbing = auth.plumbing(request, reply)
        const { user, token, session } = await limitedLogin(db, plumbing, input)
        plumbing.setSessionCookie(token, session.expiresAt)
        return ok({ user }, AUTH_MESSAGES.loginSuccess)
      },
    )

    // Issue 41: while an account is under attack, /api/auth/login answers 401 with
    // AUTH_MESSAGES.signInCodeSent (right password or wrong) and mails a code to a right one;
    // this call finishes that sign-in. Beside the spec's login, whose shape is unchanged.
    scope.post(
      '/api/auth/login/code',
      {
        schema: {
          tags: ['auth'],
          summary: 'Finishes a sign-in that asked for the emailed one-time code; sets the session cookie',
          body: loginWithCodeInput,
          response: { 200: userOutput, ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request, reply) => {
        const plumbing = auth.plumbing(request, reply)
        const { user, token, session } = await limitedLoginWithCode(db, plumbing, request.body)
        plumbing.setSessionCookie(token, session.expiresAt)
        return ok({ user }, AUTH_MESSAGES.loginSuccess)
      },
    )

    scope.post(
      '/api/auth/register',
      {
        schema: {
          tags: ['auth'],
          summary: 'Creates an unconfirmed account and mails the confirmation link',
          body: registerInput,
          response: {
            201: wrapped(z.object({ user: z.null(), email: z.string() })),
            ...errorResponses(400, 409, 429),
          },
        },
      },
      async (request, reply) => {
        const input = request.body
        const plumbing = auth.plumbing(request, reply)
        await plumbing.rateLimit('register', input.email)
        const { email } = await register(db, plumbing, input)
        return reply.status(201).send(ok({ user: null, email }, AUTH_MESSAGES.registerSuccess))
      },
    )

    /** Ends the cookie's session on the server and clears the cookie. */
    scope.post(
      '/api/auth/logout',
      {
        schema: {
          tags: ['auth'],
          summary: 'Ends the session (server-side) and clears the cookie; no payload',
          response: { 200: messageOutput },
        },
      },
      async (request, reply) => {
        const token = request.cookies[SESSION_COOKIE]
        if (token) await invalidateSessionToken(db, token)
        auth.cookies.clear(reply)
        return ok(undefined, AUTH_MESSAGES.logoutSuccess)
      },
    )

    scope.post(
      '/api/auth/resend-confirmation',
      {
        schema: {
          tags: ['auth'],
          summary: 'Mails a new confirmation link to an unconfirmed account (same answer for any email)',
          body: resendConfirmationInput,
          response: { 200: messageOutput, ...errorResponses(400, 429) },
        },
      },
      async (request, reply) => {
        const { email } = request.body
        const plumbing = auth.plumbing(request, reply)
        await plumbing.rateLimit('resend-confirmation', email)
        resendConfirmation(db, plumbing, email)
        return ok(undefined, AUTH_MESSAGES.resendSuccess)
      },
    )

    scope.post(
      '/api/auth/forgot-password',
      {
        schema: {
          tags: ['auth'],
          summary: 'Mails a 1-hour reset link when the account exists (always the neutral answer)',
          body: forgotPasswordInput,
          response: { 200: messageOutput, ...errorResponses(400, 429) },
        },
      },
      async (request, reply) => {
        const { email } = request.body
        const plumbing = auth.plumbing(request, reply)
        await plumbing.rateLimit('forgot-password', email)
        forgotPassword(db, plumbing, email)
        return ok(undefined, AUTH_MESSAGES.forgotPasswordNeutral)
      },
    )

    /** {valid: boolean}: whether a reset link still works (the reset page checks on load). */
    scope.get(
      '/api/auth/validate-token/:token',
      {
        schema: {
          tags: ['auth'],
          summary: 'Whether a password-reset link still works (spends nothing)',
          params: z.object({ token: z.string().describe('The token of the reset link') }),
          response: { 200: z.object({ valid: z.boolean() }) },
        },
      },
      async (request) => {
        // Any malformed token is simply not valid: the reset page shows "Invalid or Expired Link".
        const parsed = tokenInput.safeParse(request.params)
        return { valid: parsed.success ? await validateResetToken(db, parsed.data.token) : false }
      },
    )

    scope.post(
      '/api/auth/reset-password',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sets a new password from a reset link and ends every session of the account',
          body: resetPasswordInput,
          response: { 200: messageOutput, ...errorResponses(400, 429) },
        },
      },
      async (request, reply) => {
        await auth.plumbing(request, reply).rateLimit('reset-password')
        await resetPassword(db, request.body)
        return ok(undefined, AUTH_MESSAGES.resetSuccess)
      },
    )

    scope.post(
      '/api/auth/confirm-email',
      {
        schema: {
          tags: ['auth'],
          summary: 'Confirms an email address from the mailed link',
          body: tokenInput,
          response: { 200: messageOutput, ...errorResponses(400) },
        },
      },
      async (request) => {
        await confirmEmail(db, request.body.token)
        return ok(undefined, AUTH_MESSAGES.confirmSuccess)
      },
    )

    scope.post(
      '/api/auth/unsubscribe',
      {
        schema: {
          tags: ['auth'],
          summary: 'Unsubscribes the account of a mailed link from email notifications',
          body: tokenInput,
          response: { 200: messageOutput, ...errorResponses(400) },
        },
      },
      async (request) => {
        await unsubscribe(db, request.body.token)
        return ok(undefined, AUTH_MESSAGES.unsubscribeSuccess)
      },
    )

    // One-click unsubscribe (RFC 8058): mail clients POST "List-Unsubscribe=One-Click" as a form
    // to the List-Unsubscribe URL of each mail, with the token in the query.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, body)
    })
    scope.post(
      '/api/auth/unsubscribe/one-click',
      {
        schema: {
          tags: ['auth'],
          summary: 'One-click unsubscribe (RFC 8058) for mail clients: the token in the query',
          querystring: tokenQuery,
          response: { 200: messageOutput, ...errorResponses(400) },
        },
      },
      async (request) => {
        await unsubscribe(db, request.query.token)
        return ok(undefined, AUTH_MESSAGES.unsubscribeSuccess)
      },
    )
    // A client that opens the URL instead lands on the unsubscribe page, which asks nothing more.
    scope.get(
      '/api/auth/unsubscribe/one-click',
      {
        schema: {
          tags: ['auth'],
          summary: 'Redirects to the unsubscribe page (a mail client that opens the link)',
          querystring: tokenQuery,
          response: { 302: z.undefined().describe('Redirect to /unsubscribe?token=...'), ...errorResponses(400) },
        },
      },
      async (request, reply) => reply.redirect(`/unsubscribe?token=${encodeURIComponent(request.query.token)}`),
    )
    done()
  })
}
