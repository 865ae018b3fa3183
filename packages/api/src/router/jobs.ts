import { z } from 'zod'
import {
  jobMessageOutput,
  jobNameField,
  jobRunResultOutput,
  jobScheduleInput,
  jobStatusOutput,
  testEmailInput,
} from '@presently/domain'
import { adminProcedure, router, withAuthPlumbing } from '../trpc.ts'
import { getJobStatus, setJobEnabled, setJobSchedule } from '../services/jobs/job-settings.ts'
import { runCampaign } from '../services/jobs/run-campaign.ts'
import { renderJobEmail, sendJobTestEmail } from '../services/jobs/preview.ts'

const jobInput = z.object({ job: jobNameField })

/**
 * The Email Manager's campaign jobs (spec account-area §2 Tools, §7 /api/notifications/*):
 * admins only (§6), FORBIDDEN for staff and users. Start, stop and schedule persist in
 * job_settings and, on the server, re-sync Agenda (ctx.jobScheduler).
 */
export const jobsRouter = router({
  /** GET /api/notifications/jobs/{job}/status. */
  status: adminProcedure
    .input(jobInput)
    .output(jobStatusOutput)
    .query(({ ctx, input }) => getJobStatus(ctx.db, input.job)),

  /** POST /api/notifications/jobs/{job}/start. */
  start: adminProcedure
    .input(jobInput)
    .output(jobMessageOutput)
    .mutation(async ({ ctx, input }) => {
      await setJobEnabled(ctx.db, input.job, true)
      await ctx.jobScheduler?.sync(input.job)
      return { success: true, message: `Scheduler started for ${input.job}` }
    }),

  /** POST /api/notifications/jobs/{job}/stop. */
  stop: adminProcedure
    .input(jobInput)
    .output(jobMessageOutput)
    .mutation(async ({ ctx, input }) => {
      await setJobEnabled(ctx.db, input.job, false)
      await ctx.jobScheduler?.sync(input.job)
      return { success: true, message: `Scheduler stopped for ${input.job}` }
    }),

  /** POST /api/notifications/jobs/{job}/trigger: "run now" (exactly once per period and user). */
  trigger: adminProcedure
    .use(withAuthPlumbing)
    .input(jobInput)
    .output(jobRunResultOutput)
    .mutation(({ ctx, input }) => runCampaign(ctx.db, { mailer: ctx.auth.mailer, appUrl: ctx.auth.appUrl }, input.job)),

  /** PUT /api/notifications/jobs/{job}/schedule: 400 with the reason for a bad cron. */
  setSchedule: adminProcedure
    .input(jobInput.extend(jobScheduleInput.shape))
    .output(jobStatusOutput)
    .mutation(async ({ ctx, input }) => {
      await setJobSchedule(ctx.db, input.job, input.schedule)
      await ctx.jobScheduler?.sync(input.job)
      return getJobStatus(ctx.db, input.job)
    }),

  /** GET /api/notifications/preview/{job}: the email's HTML for the signed-in admin. */
  preview: adminProcedure
    .use(withAuthPlumbing)
    .input(jobInput)
    .output(z.object({ subject: z.string(), html: z.string(), text: z.string() }))
    .query(({ ctx, input }) => renderJobEmail(ctx.db, ctx.auth.appUrl, input.job, ctx.user.id)),

  /** POST /api/notifications/test-email (upcoming-events) and /api/test/test-profile-completion. */
  sendTestEmail: adminProcedure
    .use(withAuthPlumbing)
    .input(testEmailInput.extend({ job: jobNameField.default('upcoming-events') }))
    .output(jobMessageOutput)
    .mutation(async ({ ctx, input }) => {
      await sendJobTestEmail(ctx.db, { mailer: ctx.auth.mailer, appUrl: ctx.auth.appUrl }, input.job, {
        userId: ctx.user.id,
        to: input.email,
      })
      return { success: true, message: `Test email sent to ${input.email}` }
    }),
})
