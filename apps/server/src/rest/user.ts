import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import {
  changePassword,
  finishWelcome,
  getWelcome,
  setPassword,
  updateDisplayName,
  updateUnsubscribed,
} from '@presently/api'
import {
  AUTH_MESSAGES,
  DISPLAY_NAME_MESSAGES,
  updateDisplayNameInput,
  changePasswordInput,
  setPasswordInput,
  updateUnsubscribedInput,
  welcomeOutput,
} from '@presently/domain'
import type { Db } from '@presently/db'
import { ok } from './parse.ts'
import { registerSignedInScope, signedIn } from './signed-in.ts'
import { errorResponses, messageOutput, signedInOnly, wrapped } from './schema.ts'

/**
 * Account settings calls of spec account-area §7 (/api/user/*), answered by the same services
 * as the tRPC account router. A request without a session gets 401 "Unauthorized".
 */
export async function registerUserRoutes(app: FastifyInstance, db: Db): Promise<void> {
  await registerSignedInScope(app, (scope) => {
    scope.get(
      '/api/user/welcome',
      {
        schema: {
          tags: ['account'],
          summary: 'Whether home shows the first-visit start instead of "Welcome back" (issue 26)',
          security: signedInOnly,
          response: { 200: welcomeOutput, ...errorResponses(401) },
        },
      },
      async (request) => getWelcome(db, signedIn(request).id),
    )

    scope.post(
      '/api/user/welcome',
      {
        schema: {
          tags: ['account'],
          summary: 'Ends the first visit: the start was finished or skipped (issue 26)',
          security: signedInOnly,
          response: { 200: welcomeOutput, ...errorResponses(401) },
        },
      },
      async (request) => finishWelcome(db, signedIn(request).id),
    )

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

    scope.post(
      '/api/user/display-name',
      {
        schema: {
          tags: ['account'],
          summary: 'Sets the name shown to others on shared lists and claims (blank clears it; issue 43)',
          security: signedInOnly,
          body: updateDisplayNameInput,
          response: { 200: wrapped(z.object({ displayName: z.string().nullable() })), ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const data = await updateDisplayName(db, { userId: signedIn(request).id, displayName: request.body.displayName })
        return ok(data, data.displayName ? DISPLAY_NAME_MESSAGES.saved : DISPLAY_NAME_MESSAGES.cleared)
      },
    )
  })
}
