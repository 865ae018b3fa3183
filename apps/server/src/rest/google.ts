import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { decodeIdToken, generateCodeVerifier, generateState, Google } from 'arctic'
import { signInWithGoogle } from '@presently/api'
import { AppError, AUTH_MESSAGES, googleClaimsInput, safeText } from '@presently/domain'
import type { Db } from '@presently/db'
import type { Auth } from '../plugins/auth.ts'
import { errorResponses } from './schema.ts'

export interface GoogleOptions {
  appUrl: string
  /** GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET; undefined when Google sign-in is off. */
  credentials?: { clientId: string; clientSecret: string }
}

const STATE_COOKIE = 'google_oauth_state'
const VERIFIER_COOKIE = 'google_code_verifier'
const GOOGLE_ISSUERS = new Set(['https://accounts.google.com', 'accounts.google.com'])

/** What Google appends to the callback URL (RFC 6749 §4.1.2); anything else is ignored. */
const callbackQuery = z.object({
  code: safeText({ max: 2048 }).optional(),
  state: safeText({ max: 512 }).optional(),
  error: safeText({ max: 512 }).optional(),
})
const redirect = z.undefined().describe('Redirect')

/**
 * Where a failed Google sign-in lands: the auth page with a code the UI can word
 * (google_cancelled, google_unverified, google_conflict, google_failed). Codes rather than
 * messages, so a crafted link cannot put arbitrary text on the page.
 */
function failure(reply: FastifyReply, code: string) {
  return reply.redirect(`/auth?error=${code}`)
}

/**
 * Google sign-in with PKCE (arctic): GET /api/auth/google redirects to Google with a state and
 * a code verifier kept in short-lived HttpOnly cookies; GET /api/auth/google/callback checks the
 * state, exchanges the code, reads the ID token's claims, signs in (or creates the account),
 * sets the session cookie and redirects to /. Without credentials both answer 503.
 */
export function registerGoogleRoutes(app: FastifyInstance, db: Db, auth: Auth, options: GoogleOptions): void {
  const { credentials } = options
  const redirectUri = new URL('/api/auth/google/callback', options.appUrl).toString()
  const google = credentials ? new Google(credentials.clientId, credentials.clientSecret, redirectUri) : undefined
  // Lax so the cookies come back on Google's top-level redirect; scoped to the callback path.
  const flowCookie = auth.cookies.options({ path: '/api/auth/google', maxAge: 10 * 60 })

  const route = app.withTypeProvider<ZodTypeProvider>()
  route.get(
    '/api/auth/google',
    {
      schema: {
        tags: ['auth'],
        summary: "Starts Google sign-in: redirects to Google's consent page (503 when not configured)",
        response: { 302: redirect, ...errorResponses(503) },
      },
    },
    async (_request, reply) => {
      if (!google) throw new AppError('SERVICE_UNAVAILABLE', AUTH_MESSAGES.googleNotConfigured)
      const state = generateState()
      const codeVerifier = generateCodeVerifier()
      const url = google.createAuthorizationURL(state, codeVerifier, ['openid', 'email', 'profile'])
      void reply.setCookie(STATE_COOKIE, state, flowCookie)
      void reply.setCookie(VERIFIER_COOKIE, codeVerifier, flowCookie)
      return reply.header('cache-control', 'no-store').redirect(url.toString())
    },
  )

  route.get(
    '/api/auth/google/callback',
    {
      schema: {
        tags: ['auth'],
        summary: 'Where Google returns: signs in and redirects to / (or to /auth?error=...)',
        querystring: callbackQuery,
        response: { 302: redirect, ...errorResponses(400, 503) },
      },
    },
    async (request, reply) => {
      if (!google || !credentials) throw new AppError('SERVICE_UNAVAILABLE', AUTH_MESSAGES.googleNotConfigured)
      const query = request.query
      const storedState = request.cookies[STATE_COOKIE]
      const codeVerifier = request.cookies[VERIFIER_COOKIE]
      void reply.clearCookie(STATE_COOKIE, flowCookie).clearCookie(VERIFIER_COOKIE, flowCookie)
      void reply.header('cache-control', 'no-store')
      if (query.error) return failure(reply, 'google_cancelled')
      if (!query.code || !query.state || !storedState || !codeVerifier || query.state !== storedState) {
        return failure(reply, 'google_failed')
      }

      let claims: Record<string, unknown>
      try {
        const tokens = await google.validateAuthorizationCode(query.code, codeVerifier)
        // The ID token came straight from Google's token endpoint over TLS, so its signature need
        // not be checked (OpenID Connect Core §3.1.3.7); issuer, audience and expiry still are.
        claims = decodeIdToken(tokens.idToken()) as Record<string, unknown>
      } catch (err) {
        request.log.warn({ err }, 'Google sign-in: code exchange failed')
        return failure(reply, 'google_failed')
      }
      const user = googleClaimsInput.safeParse(claims)
      const valid =
        GOOGLE_ISSUERS.has(String(claims.iss)) &&
        claims.aud === credentials.clientId &&
        typeof claims.exp === 'number' &&
        claims.exp * 1000 > Date.now() &&
        user.success
      if (!valid || !user.success) {
        request.log.warn({ iss: claims.iss, aud: claims.aud }, 'Google sign-in: unexpected ID token claims')
        return failure(reply, 'google_failed')
      }

      try {
        const { token, session } = await signInWithGoogle(db, {
          sub: user.data.sub,
          email: user.data.email,
          emailVerified: user.data.email_verified === true,
          name: user.data.name,
        })
        auth.cookies.set(reply, token, session.expiresAt)
        return reply.redirect('/')
      } catch (err) {
        if (err instanceof AppError && err.code === 'FORBIDDEN') return failure(reply, 'google_unverified')
        if (err instanceof AppError && err.code === 'CONFLICT') return failure(reply, 'google_conflict')
        throw err
      }
    },
  )
}
