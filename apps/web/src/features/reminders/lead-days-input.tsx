import { TagsInput } from '@mantine/core'
import { REMINDER_LEAD_TIMES_MAX, REMINDER_MESSAGES } from '@presently/domain'

/** Lead times offered as suggestions (any whole number 1-60 may be typed). */
const SUGGESTED = ['1', '2', '3', '7', '10', '14', '21', '30']

/**
 * Client-side check of lead times (the server checks again, issue 21): whole days 1 to 60, at
 * most 3 after duplicates are folded. @returns the days longest first, or the message.
 */
export function parseLeadDays(values: readonly string[]): { days: number[] } | { error: string } {
  const days = [...new Set(values.map((v) => Number(v.trim())))]
  if (days.some((d) => !Number.isInteger(d) || d < 1 || d > 60)) return { error: REMINDER_MESSAGES.leadDaysRange }
  if (days.length > REMINDER_LEAD_TIMES_MAX) return { error: REMINDER_MESSAGES.leadDaysCount }
  return { days: days.sort((a, b) => b - a) }
}

/**
 * Up to three lead times in whole days (issue 21): typed (Enter or comma) or picked from the
 * suggestions; shown longest first.
 */
export function LeadDaysInput({
  label,
  value,
  onChange,
  error,
  disabled,
}: {
  label: string
  value: string[]
  onChange: (value: string[]) => void
  error?: string | undefined
  disabled?: boolean
}) {
  return (
    <TagsInput
      label={label}
      description="Whole days before the date, 1 to 60; up to three"
      // Beside two chosen days a phone leaves room for a short hint only ("Type a number and pres").
      placeholder={
        value.length === 0
          ? 'Type a number and press Enter'
          : value.length < REMINDER_LEAD_TIMES_MAX
            ? 'Add a day'
            : undefined
      }
      data={SUGGESTED}
      value={value}
      onChange={onChange}
      maxTags={REMINDER_LEAD_TIMES_MAX}
      splitChars={[',', ' ']}
      clearable
      error={error}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
    />
  )
}
