import type { FastifyInstance } from 'fastify'
import {
  confirmEmail,
  forgotPassword,
  getSessionUser,
  invalidateSession,
  login,
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
  registerInput,
  resendConfirmationInput,
  resetPasswordInput,
  tokenInput,
} from '@presently/domain'
import type { Db } from '@presently/db'
import type { Auth } from '../plugins/auth.ts'
import { allowEmptyJsonBody, ok, parseInput } from './parse.ts'

/**
 * The auth calls of spec browsing-and-purchase §7 (/api/auth/*), answered by the same services
 * as the tRPC auth router. Shapes: {success, data, message}; errors {success:false, message}.
 * Responses are never cached.
 */
export async function registerAuthRoutes(app: FastifyInstance, db: Db, auth: Auth): Promise<void> {
  await app.register((scope, _options, done) => {
    allowEmptyJsonBody(scope)
    scope.addHook('onSend', (_request, reply, payload, done) => {
      void reply.header('cache-control', 'no-store')
      done(null, payload)
    })

    /** 200 {success, data:{user}} when signed in; 401 "Unauthorized" otherwise (spec §7). */
    scope.get('/api/auth/session', async (request, reply) => {
      const user = request.user ? await getSessionUser(db, request.user.id) : null
      if (!user) return reply.status(401).send({ success: false, message: AUTH_MESSAGES.unauthorized })
      return ok({ user })
    })

    /** {google: boolean}: the sign-in providers configured, so the UI can hide the Google button. */
    scope.get('/api/auth/providers', () => auth.providers)

    scope.post('/api/auth/login', async (request, reply) => {
      const input = parseInput(loginInput, request.body)
      const plumbing = auth.plumbing(request, reply)
      await plumbing.rateLimit('login', input.email)
      const { user, token, session } = await login(db, input)
      plumbing.setSessionCookie(token, session.expiresAt)
      return ok({ user }, AUTH_MESSAGES.loginSuccess)
    })

    scope.post('/api/auth/register', async (request, reply) => {
      const input = parseInput(registerInput, request.body)
      const plumbing = auth.plumbing(request, reply)
      await plumbing.rateLimit('register', input.email)
      const { email } = await register(db, plumbing, input)
      return reply.status(201).send(ok({ user: null, email }, AUTH_MESSAGES.registerSuccess))
    })

    scope.post('/api/auth/logout', async (request, reply) => {
      if (request.sessionId) await invalidateSession(db, request.sessionId)
      auth.cookies.clear(reply)
      return ok(undefined, AUTH_MESSAGES.logoutSuccess)
    })

    scope.post('/api/auth/resend-confirmation', async (request, reply) => {
      const { email } = parseInput(resendConfirmationInput, request.body)
      const plumbing = auth.plumbing(request, reply)
      await plumbing.rateLimit('resend-confirmation', email)
      await resendConfirmation(db, plumbing, email)
      return ok(undefined, AUTH_MESSAGES.resendSuccess)
    })

    scope.post('/api/auth/forgot-password', async (request, reply) => {
      const { email } = parseInput(forgotPasswordInput, request.body)
      const plumbing = auth.plumbing(request, reply)
      await plumbing.rateLimit('forgot-password', email)
      await forgotPassword(db, plumbing, email)
      return ok(undefined, AUTH_MESSAGES.forgotPasswordNeutral)
    })

    /** {valid: boolean}: whether a reset link still works (the reset page checks on load). */
    scope.get('/api/auth/validate-token/:token', async (request) => {
      const parsed = tokenInput.safeParse(request.params)
      return { valid: parsed.success ? await validateResetToken(db, parsed.data.token) : false }
    })

    scope.post('/api/auth/reset-password', async (request, reply) => {
      const input = parseInput(resetPasswordInput, request.body)
      await auth.plumbing(request, reply).rateLimit('reset-password')
      await resetPassword(db, input)
      return ok(undefined, AUTH_MESSAGES.resetSuccess)
    })

    scope.post('/api/auth/confirm-email', async (request) => {
      const { token } = parseInput(tokenInput, request.body)
      await confirmEmail(db, token)
      return ok(undefined, AUTH_MESSAGES.confirmSuccess)
    })

    scope.post('/api/auth/unsubscribe', async (request) => {
      const { token } = parseInput(tokenInput, request.body)
      await unsubscribe(db, token)
      return ok(undefined, AUTH_MESSAGES.unsubscribeSuccess)
    })

    // One-click unsubscribe (RFC 8058): mail clients POST "List-Unsubscribe=One-Click" as a form
    // to the List-Unsubscribe URL of each mail, with the token in the query.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, body)
    })
    scope.post('/api/auth/unsubscribe/one-click', async (request) => {
      const { token } = parseInput(tokenInput, request.query)
      await unsubscribe(db, token)
      return ok(undefined, AUTH_MESSAGES.unsubscribeSuccess)
    })
    // A client that opens the URL instead lands on the unsubscribe page, which asks nothing more.
    scope.get('/api/auth/unsubscribe/one-click', async (request, reply) => {
      const { token } = parseInput(tokenInput, request.query)
      return reply.redirect(`/unsubscribe?token=${encodeURIComponent(token)}`)
    })
    done()
  })
}
