import { z } from 'zod'
import { safeText } from './input.ts'

/** The Email Manager's two campaign jobs (spec account-area §2 Tools). */
export const jobNameField = z.enum(['upcoming-events', 'profile-completion'], {
  error: 'Unknown job: use upcoming-events or profile-completion',
})
export type JobNameInput = z.infer<typeof jobNameField>

/** Messages of the Email Manager (spec account-area §5 and §8, verbatim). */
export const JOB_MESSAGES = {
  scheduleRequired: 'Please select or enter a schedule',
  emailRequired: 'Please enter an email address',
  emailInvalid: 'Please enter a valid email',
  loadStatusFailed: 'Failed to load scheduler status',
  loadProfileStatusFailed: 'Failed to load profile completion status',
  fetchStatusFailed: 'Failed to fetch scheduler status',
  triggerFailed: 'Failed to trigger job',
  startFailed: 'Failed to start scheduler',
  stopFailed: 'Failed to stop scheduler',
  updateScheduleFailed: 'Failed to update schedule',
  testEmailFailed: 'Failed to send test email',
  successTitle: 'Success!',
  errorTitle: 'Error',
} as const

/** Schedule presets (spec account-area §9); the default when unset is weekly Monday. */
export const SCHEDULE_PRESET_OPTIONS = [
  { value: '0 8 * * 1', label: 'Weekly on Monday at 8:00 AM' },
  { value: '0 8 * * *', label: 'Daily at 8:00 AM' },
  { value: '0 8 * * 1-5', label: 'Weekdays at 8:00 AM' },
  { value: '0 0 1 * *', label: 'Monthly on the 1st at midnight' },
] as const
/** Recognised when read (spec §9), not offered as a preset. */
export const SUNDAY_WEEKLY_SCHEDULE = '0 8 * * 0'

/** PUT /api/notifications/jobs/{job}/schedule body; the cron itself is checked on the server. */
export const jobScheduleInput = z.object({
  schedule: safeText({ max: 200 }).pipe(z.string().min(1, JOB_MESSAGES.scheduleRequired)),
})

/** POST /api/notifications/test-email and /api/test/test-profile-completion body. */
export const testEmailInput = z.object({
  email: z
    .string({ error: JOB_MESSAGES.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, JOB_MESSAGES.emailRequired)
    .pipe(z.email(JOB_MESSAGES.emailInvalid).max(254, JOB_MESSAGES.emailInvalid)),
})

/** Job status (spec account-area §3). */
export const jobStatusOutput = z.object({
  isRunning: z.boolean(),
  schedule: z.string(),
  nextRun: z.string().nullable(),
  frequencyDescription: z.string(),
})
export type JobStatusOutput = z.infer<typeof jobStatusOutput>

/** Job run result (spec account-area §3). */
export const jobRunResultOutput = z.object({
  success: z.boolean(),
  message: z.string(),
  runResult: z.object({
    stats: z.object({ emailsSent: z.number().int(), usersChecked: z.number().int(), alreadySent: z.number().int() }),
  }),
  /** Why nothing was sent ("No reminders due: 0 events in the window (...)"), else null (issue 26). */
  reason: z.string().nullable(),
  details: z.string(),
})
export type JobRunResultOutput = z.infer<typeof jobRunResultOutput>

/** {success, message} of start, stop and the test emails. */
export const jobMessageOutput = z.object({ success: z.boolean(), message: z.string() })
