import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { changePassword, setPassword, updateUnsubscribed, type SessionUser } from '@presently/api'
import {
  AppError,
  AUTH_MESSAGES,
  changePasswordInput,
  setPasswordInput,
  updateUnsubscribedInput,
} from '@presently/domain'
import type { Db } from '@presently/db'
import { allowEmptyJsonBody, ok } from './parse.ts'
import { errorResponses, messageOutput, signedInOnly, wrapped } from './schema.ts'

function signedIn(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.unauthorized)
  return request.user
}

/**
 * Account settings calls of spec account-area §7 (/api/user/*), answered by the same services
 * as the tRPC account router. A request without a session gets 401 "Unauthorized".
 */
export async function registerUserRoutes(app: FastifyInstance, db: Db): Promise<void> {
  await app.register((plain, _options, done) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>()
    allowEmptyJsonBody(scope)
    scope.addHook('onSend', (_request, reply, payload, done) => {
      void reply.header('cache-control', 'no-store')
      done(null, payload)
    })
    // Signed-in first, before the body is even validated: a signed-out caller gets 401 whatever it sent.
    scope.addHook('onRequest', (request, _reply, done) => {
      done(request.user ? undefined : new AppError('UNAUTHORIZED', AUTH_MESSAGES.unauthorized))
    })

    scope.post(
      '/api/user/set-password',
      {
        schema: {
          tags: ['account'],
          summary: 'Sets a first password on an account that has none (Google sign-in)',
          security: signedInOnly,
          body: setPasswordInput,
          response: { 200: messageOutput, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const user = signedIn(request)
        await setPassword(db, { userId: user.id, password: request.body.password })
        return ok(undefined, AUTH_MESSAGES.passwordSet)
      },
    )

    /** Ends every other session of the account; this one stays signed in. */
    scope.post(
      '/api/user/change-password',
      {
        schema: {
          tags: ['account'],
          summary: 'Changes the password and ends every other session of the account',
          security: signedInOnly,
          body: changePasswordInput,
          response: { 200: messageOutput, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const user = signedIn(request)
        await changePassword(db, { userId: user.id, currentSessionId: request.sessionId, ...request.body })
        return ok(undefined, AUTH_MESSAGES.passwordChanged)
      },
    )

    scope.post(
      '/api/user/update-unsubscribed',
      {
        schema: {
          tags: ['account'],
          summary: 'Turns email notifications off (true) or on (false)',
          security: signedInOnly,
          body: updateUnsubscribedInput,
          response: { 200: wrapped(z.object({ unsubscribed: z.boolean() })), ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const user = signedIn(request)
        const { unsubscribed } = request.body
        const data = await updateUnsubscribed(db, { userId: user.id, unsubscribed })
        return ok(data, unsubscribed ? AUTH_MESSAGES.unsubscribedUpdated : AUTH_MESSAGES.subscribedUpdated)
      },
    )
    done()
  })
}
