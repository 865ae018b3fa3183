import { SCHEDULE_PRESET_OPTIONS, SUNDAY_WEEKLY_SCHEDULE } from '@presently/domain'

/** The value of the "Custom cron" choice in the schedule picker. */
export const CUSTOM_SCHEDULE = 'custom'

/** Picker choices: the presets of spec account-area §9, then a custom cron. */
export const SCHEDULE_CHOICES = [
  ...SCHEDULE_PRESET_OPTIONS.map((preset) => ({ value: preset.value, label: preset.label })),
  { value: CUSTOM_SCHEDULE, label: 'Custom cron expression' },
]

/** A readable name of a stored schedule: its preset's label (Sunday weekly recognised, §9), else the cron. */
export function scheduleLabel(schedule: string): string {
  if (schedule === SUNDAY_WEEKLY_SCHEDULE) return 'Weekly on Sunday at 8:00 AM'
  return SCHEDULE_PRESET_OPTIONS.find((preset) => preset.value === schedule)?.label ?? `Custom (${schedule})`
}

/**
 * The schedule to save from the picker (a preset, or the custom text when "Custom" is chosen);
 * null when nothing is chosen or the custom field is blank ("Please select or enter a schedule").
 */
export function scheduleToSave(choice: string | null, custom: string): string | null {
  if (!choice) return null
  if (choice !== CUSTOM_SCHEDULE) return choice
  const text = custom.trim()
  return text === '' ? null : text
}

const nextRunFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'full',
  timeStyle: 'short',
  timeZone: 'Europe/London',
})

/** "Monday, 30 November 2026 at 08:00" in UK time, or "Not scheduled" while stopped. */
export function formatNextRun(iso: string | null): string {
  return iso ? nextRunFormat.format(new Date(iso)) : 'Not scheduled'
}
