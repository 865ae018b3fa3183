import { z } from 'zod'
import { REMINDERS_UNSUBSCRIBED, reminderSettingsInput, reminderSettingsOutput } from '@presently/domain'
import { protectedProcedure, publicProcedure, router } from '../trpc.ts'
import { getReminderSettings, saveReminderSettings, unsubscribeFromReminders } from '../services/reminders/settings.ts'

/** Gift reminders (issue 21): the account's settings and the reminder email's own unsubscribe. */
export const remindersRouter = router({
  /** GET /api/my-account/reminder-settings. */
  settings: protectedProcedure
    .output(reminderSettingsOutput)
    .query(({ ctx }) => getReminderSettings(ctx.db, ctx.user.id)),
  /** PUT /api/my-account/reminder-settings {enabled, leadDays[]}. */
  saveSettings: protectedProcedure
    .input(reminderSettingsInput)
    .output(reminderSettingsOutput)
    .mutation(({ ctx, input }) => saveReminderSettings(ctx.db, ctx.user.id, input)),
  /** POST /api/reminders/unsubscribe {token}: turns reminders off (the reminder email's link). */
  unsubscribe: publicProcedure
    .input(z.object({ token: z.string().max(200) }))
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await unsubscribeFromReminders(ctx.db, input.token)
      return { message: REMINDERS_UNSUBSCRIBED }
    }),
})
