import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import {
  getJobStatus,
  renderJobEmail,
  runCampaign,
  sendJobTestEmail,
  setJobEnabled,
  setJobSchedule,
  type JobName,
} from '@presently/api'
import {
  jobMessageOutput,
  jobNameField,
  jobRunResultOutput,
  jobScheduleInput,
  jobStatusOutput,
  testEmailInput,
} from '@presently/domain'
import type { Db } from '@presently/db'
import type { Mailer } from '@presently/email'
import { errorResponses, signedInOnly } from './schema.ts'
import { adminOnly, registerSignedInScope, signedIn } from './signed-in.ts'

export interface JobRoutesOptions {
  mailer: Mailer
  appUrl: string
  /** Re-syncs Agenda after start, stop or a new schedule (the server's scheduler). */
  sync: (job: JobName) => Promise<void>
}

const jobParams = z.object({ job: jobNameField })
/** The preview is an email, not a page of the shop: its inline styles are all it needs. */
const PREVIEW_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; base-uri 'none'; form-action 'none'"

/**
 * The Email Manager's calls (spec account-area §7 /api/notifications/*, /api/test/*), answered
 * by the services of the tRPC jobs router: admins only (401 signed out, 403 staff and users).
 */
export async function registerJobRoutes(app: FastifyInstance, db: Db, options: JobRoutesOptions): Promise<void> {
  const deps = { mailer: options.mailer, appUrl: options.appUrl }
  await registerSignedInScope(app, (scope) => {
    scope.get(
      '/api/notifications/jobs/:job/status',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['notifications'],
          summary: 'Admin: status, schedule, next run (Europe/London) and frequency of a campaign job',
          security: signedInOnly,
          params: jobParams,
          response: { 200: jobStatusOutput, ...errorResponses(400, 401, 403) },
        },
      },
      (request) => getJobStatus(db, request.params.job),
    )

    for (const action of ['start', 'stop'] as const) {
      scope.post(
        `/api/notifications/jobs/:job/${action}`,
        {
          onRequest: adminOnly,
          schema: {
            tags: ['notifications'],
            summary:
              action === 'start' ? 'Admin: starts a campaign job on its schedule' : 'Admin: stops a campaign job',
            security: signedInOnly,
            params: jobParams,
            response: { 200: jobMessageOutput, ...errorResponses(400, 401, 403) },
          },
        },
        async (request) => {
          const job = request.params.job
          await setJobEnabled(db, job, action === 'start')
          await options.sync(job)
          return { success: true, message: `Scheduler ${action === 'start' ? 'started' : 'stopped'} for ${job}` }
        },
      )
    }

    scope.post(
      '/api/notifications/jobs/:job/trigger',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['notifications'],
          summary: 'Admin: runs a campaign job now (each user gets at most one email per schedule period)',
          security: signedInOnly,
          params: jobParams,
          response: { 200: jobRunResultOutput, ...errorResponses(400, 401, 403) },
        },
      },
      (request) => runCampaign(db, deps, request.params.job),
    )

    scope.put(
      '/api/notifications/jobs/:job/schedule',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['notifications'],
          summary: 'Admin: sets a preset or custom 5-field cron schedule (400 with the reason when invalid)',
          security: signedInOnly,
          params: jobParams,
          body: jobScheduleInput,
          response: { 200: jobStatusOutput, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const job = request.params.job
        await setJobSchedule(db, job, request.body.schedule)
        await options.sync(job)
        return getJobStatus(db, job)
      },
    )

    scope.get(
      '/api/notifications/preview/:job',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['notifications'],
          summary: "Admin: the campaign email's HTML, built from the signed-in admin's own data",
          security: signedInOnly,
          params: jobParams,
          response: { 200: z.string().describe('text/html'), ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const mail = await renderJobEmail(db, options.appUrl, request.params.job, signedIn(request).id)
        return reply.type('text/html; charset=utf-8').header('content-security-policy', PREVIEW_CSP).send(mail.html)
      },
    )

    const testRoutes = [
      { url: '/api/notifications/test-email', job: 'upcoming-events' as const },
      { url: '/api/test/test-profile-completion', job: 'profile-completion' as const },
    ]
    for (const { url, job } of testRoutes) {
      scope.post(
        url,
        {
          onRequest: adminOnly,
          schema: {
            tags: ['notifications'],
            summary: `Admin: sends the ${job} email, built from the admin's data, to an address`,
            security: signedInOnly,
            body: testEmailInput,
            response: { 200: jobMessageOutput, ...errorResponses(400, 401, 403) },
          },
        },
        async (request) => {
          await sendJobTestEmail(db, deps, job, { userId: signedIn(request).id, to: request.body.email })
          return { success: true, message: `Test email sent to ${request.body.email}` }
        },
      )
    }
  })
}
