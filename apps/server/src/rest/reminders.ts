import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { getReminderSettings, saveReminderSettings, unsubscribeFromReminders } from '@presently/api'
import { REMINDERS_UNSUBSCRIBED, reminderSettingsInput, reminderSettingsOutput, tokenInput } from '@presently/domain'
import type { Db } from '@presently/db'
import { ok } from './parse.ts'
import { registerSignedInScope, signedIn } from './signed-in.ts'
import { errorResponses, messageOutput, signedInOnly } from './schema.ts'

const tokenQuery = tokenInput.describe('The token of the mailed link')

/**
 * Gift reminders (issue 21): GET/PUT /api/my-account/reminder-settings `{enabled, leadDays[]}`
 * (signed in), and the reminder email's own unsubscribe, which turns off reminders alone:
 * POST /api/reminders/unsubscribe {token} (the body link's page) and the RFC 8058 one-click
 * POST /api/reminders/unsubscribe/one-click?token= (its GET opens the page instead).
 */
export async function registerReminderRoutes(app: FastifyInstance, db: Db): Promise<void> {
  await registerSignedInScope(app, (scope) => {
    scope.get(
      '/api/my-account/reminder-settings',
      {
        schema: {
          tags: ['reminders'],
          summary: 'Reminder settings {enabled, leadDays[]} (default on, 14 and 3 days before)',
          security: signedInOnly,
          response: { 200: reminderSettingsOutput, ...errorResponses(401) },
        },
      },
      async (request) => getReminderSettings(db, signedIn(request).id),
    )
    scope.put(
      '/api/my-account/reminder-settings',
      {
        schema: {
          tags: ['reminders'],
          summary: 'Saves reminder settings: up to 3 lead times, whole days 1-60, duplicates folded',
          security: signedInOnly,
          body: reminderSettingsInput,
          response: { 200: reminderSettingsOutput, ...errorResponses(400, 401) },
        },
      },
      async (request) => saveReminderSettings(db, signedIn(request).id, request.body),
    )
  })

  await app.register((plain, _options, done) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>()
    scope.addHook('onSend', (_request, reply, payload, next) => {
      void reply.header('cache-control', 'no-store')
      next(null, payload)
    })
    // Mail clients POST "List-Unsubscribe=One-Click" as a form (RFC 8058); the token is in the query.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, parsed) => {
      parsed(null, body)
    })
    scope.post(
      '/api/reminders/unsubscribe',
      {
        schema: {
          tags: ['reminders'],
          summary: "Turns off reminder emails alone for the account of a reminder email's link",
          body: tokenInput,
          response: { 200: messageOutput, ...errorResponses(400) },
        },
      },
      async (request) => {
        await unsubscribeFromReminders(db, request.body.token)
        return ok(undefined, REMINDERS_UNSUBSCRIBED)
      },
    )
    scope.post(
      '/api/reminders/unsubscribe/one-click',
      {
        schema: {
          tags: ['reminders'],
          summary: 'One-click unsubscribe from reminders alone (RFC 8058) for mail clients: the token in the query',
          querystring: tokenQuery,
          response: { 200: messageOutput, ...errorResponses(400) },
        },
      },
      async (request) => {
        await unsubscribeFromReminders(db, request.query.token)
        return ok(undefined, REMINDERS_UNSUBSCRIBED)
      },
    )
    scope.get(
      '/api/reminders/unsubscribe/one-click',
      {
        schema: {
          tags: ['reminders'],
          summary: 'Redirects to the unsubscribe page for reminders (a mail client that opens the link)',
          querystring: tokenQuery,
          response: {
            302: z.undefined().describe('Redirect to /unsubscribe?token=...&only=reminders'),
            ...errorResponses(400),
          },
        },
      },
      async (request, reply) =>
        reply.redirect(`/unsubscribe?token=${encodeURIComponent(request.query.token)}&only=reminders`),
    )
    done()
  })
}
