import { z } from 'zod'
import { daysBetween, nextOccurrence, type IsoDate } from './event-dates.ts'
import type { EventRule } from './movable-dates.ts'

/**
 * Gift reminders (issue 21, docs/decisions/reminders.md): each event reminds its owner a chosen
 * number of whole UK days before its next occurrence.
 */

/** Lead times are whole days from 1 to 60, at most 3 of them (issue 21). */
export const REMINDER_LEAD_DAYS_MIN = 1
export const REMINDER_LEAD_DAYS_MAX = 60
export const REMINDER_LEAD_TIMES_MAX = 3

/** A new account's settings: on, 14 and 3 days before (issue 21). */
export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = { enabled: true, leadDays: [14, 3] }

/** The boundary's messages (issue 21, verbatim). */
export const REMINDER_MESSAGES = {
  leadDaysRange: 'lead times must be whole days from 1 to 60',
  leadDaysCount: 'at most 3 lead times',
  enabledRequired: 'enabled must be true or false',
} as const

/**
 * A list of lead times: whole days 1..60, duplicates folded, at most 3 after folding, sorted
 * longest first. 400 "lead times must be whole days from 1 to 60" / "at most 3 lead times".
 */
export const leadDaysInput = z
  .array(
    z
      .number({ error: REMINDER_MESSAGES.leadDaysRange })
      .int(REMINDER_MESSAGES.leadDaysRange)
      .min(REMINDER_LEAD_DAYS_MIN, REMINDER_MESSAGES.leadDaysRange)
      .max(REMINDER_LEAD_DAYS_MAX, REMINDER_MESSAGES.leadDaysRange),
    { error: REMINDER_MESSAGES.leadDaysRange },
  )
  .max(50, REMINDER_MESSAGES.leadDaysCount)
  .transform((list) => [...new Set(list)].sort((a, b) => b - a))
  .refine((list) => list.length <= REMINDER_LEAD_TIMES_MAX, REMINDER_MESSAGES.leadDaysCount)

/** GET/PUT /api/my-account/reminder-settings body and answer: `{enabled, leadDays[]}`. */
export const reminderSettingsInput = z.object({
  enabled: z.boolean({ error: REMINDER_MESSAGES.enabledRequired }),
  leadDays: leadDaysInput,
})
export const reminderSettingsOutput = z.object({
  enabled: z.boolean(),
  leadDays: z.array(z.number().int()),
})
export type ReminderSettings = z.infer<typeof reminderSettingsOutput>

/**
 * An event's own reminders (`reminderLeadDays` in the event's body and answer): null uses the
 * account's settings, a list is the event's own lead times, [] means "No reminders".
 */
export const eventLeadDaysInput = leadDaysInput.nullable()

/**
 * The lead times that apply to an event: none when the account's reminders are off, else the
 * event's own list (possibly empty), else the account's.
 */
export function effectiveLeadDays(eventLeadDays: readonly number[] | null, settings: ReminderSettings): number[] {
  if (!settings.enabled) return []
  return [...(eventLeadDays ?? settings.leadDays)]
}

/** A reminder that a run should send: the occurrence it is for and the lead time it answers. */
export interface DueReminder {
  /** The event's next occurrence, today or later (UK date). */
  occurrence: IsoDate
  /** The lead time (days) this reminder stands for; the idempotency key's third part. */
  leadDays: number
  /** Days from today to the occurrence (0 = today). */
  daysAway: number
}

/**
 * The reminder a run on `today` (UK date) should send for one event, if any (issue 21): a
 * reminder is due from its lead day until the event has passed, and a run sends only the latest
 * one due, i.e. the smallest lead time that is at least the days left. So a run that finds the
 * 14-day reminder due sends it; a run after a missed one (the 3-day reminder due too) sends only
 * the 3-day one, never a burst; and an event already past is never reminded of (its next
 * occurrence is a year away). The caller skips it when the (event, occurrence, lead) key is
 * already taken, so each reminder goes at most once.
 *
 * @param leadDays the effective lead times (effectiveLeadDays), any order.
 * @returns null when no lead time reaches today.
 */
export function dueReminder(
  event: { date: IsoDate; rule?: EventRule | null },
  leadDays: readonly number[],
  today: IsoDate,
): DueReminder | null {
  if (leadDays.length === 0) return null
  const occurrence = nextOccurrence(event.date, today, event.rule ?? 'fixed')
  const daysAway = daysBetween(today, occurrence)
  let best: number | undefined
  for (const lead of leadDays) if (lead >= daysAway && (best === undefined || lead < best)) best = lead
  return best === undefined ? null : { occurrence, leadDays: best, daysAway }
}

/** "today", "tomorrow", "in N days" (the reminder email). */
export function daysAwayText(daysAway: number): string {
  if (daysAway === 0) return 'today'
  if (daysAway === 1) return 'tomorrow'
  return `in ${daysAway} days`
}

/** What the reminders-only unsubscribe answers (issue 21). */
export const REMINDERS_UNSUBSCRIBED = 'Reminder emails are off. You can turn them on again in your account settings.'
