import type { FastifyInstance } from 'fastify'
import { getReminderSettings, saveReminderSettings, unsubscribeFromReminders } from '@presently/api'
import { REMINDERS_UNSUBSCRIBED, reminderSettingsInput, reminderSettingsOutput } from '@presently/domain'
import type { Db } from '@presently/db'
import { registerSignedInScope, signedIn } from './signed-in.ts'
import { errorResponses, signedInOnly } from './schema.ts'
import { registerUnsubscribeRoutes } from './unsubscribe-routes.ts'

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

  await registerUnsubscribeRoutes(app, {
    path: '/api/reminders',
    tag: 'reminders',
    only: 'reminders',
    noun: { one: 'reminder', many: 'reminders' },
    unsubscribe: (token) => unsubscribeFromReminders(db, token),
    message: REMINDERS_UNSUBSCRIBED,
  })
}
