import type { FastifyInstance, FastifyRequest } from 'fastify'
import { changePassword, setPassword, updateUnsubscribed, type SessionUser } from '@presently/api'
import {
  AppError,
  AUTH_MESSAGES,
  changePasswordInput,
  setPasswordInput,
  updateUnsubscribedInput,
} from '@presently/domain'
import type { Db } from '@presently/db'
import { allowEmptyJsonBody, ok, parseInput } from './parse.ts'

function signedIn(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.unauthorized)
  return request.user
}

/**
 * Account settings calls of spec account-area §7 (/api/user/*), answered by the same services
 * as the tRPC account router. A request without a session gets 401 "Unauthorized".
 */
export async function registerUserRoutes(app: FastifyInstance, db: Db): Promise<void> {
  await app.register((scope, _options, done) => {
    allowEmptyJsonBody(scope)
    scope.addHook('onSend', (_request, reply, payload, done) => {
      void reply.header('cache-control', 'no-store')
      done(null, payload)
    })

    scope.post('/api/user/set-password', async (request) => {
      const user = signedIn(request)
      const { password } = parseInput(setPasswordInput, request.body)
      await setPassword(db, { userId: user.id, password })
      return ok(undefined, AUTH_MESSAGES.passwordSet)
    })

    /** Ends every other session of the account; this one stays signed in. */
    scope.post('/api/user/change-password', async (request) => {
      const user = signedIn(request)
      const input = parseInput(changePasswordInput, request.body)
      await changePassword(db, { userId: user.id, currentSessionId: request.sessionId, ...input })
      return ok(undefined, AUTH_MESSAGES.passwordChanged)
    })

    scope.post('/api/user/update-unsubscribed', async (request) => {
      const user = signedIn(request)
      const { unsubscribed } = parseInput(updateUnsubscribedInput, request.body)
      const data = await updateUnsubscribed(db, { userId: user.id, unsubscribed })
      return ok(data, unsubscribed ? AUTH_MESSAGES.unsubscribedUpdated : AUTH_MESSAGES.subscribedUpdated)
    })
    done()
  })
}
