import { TagsInput } from '@mantine/core'
import { useState } from 'react'
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
 * Why a typed lead time cannot be a chip (issue 43 §2: "Lead time 90 ... refuse it where it is
 * typed"), or null when it can: "90 is not a lead time: whole days from 1 to 60".
 */
export function leadDayProblem(text: string): string | null {
  const day = Number(text.trim())
  return /^\d+$/.test(text.trim()) && day >= 1 && day <= 60
    ? null
    : `${text.trim()} is not a lead time: whole days from 1 to 60`
}

/**
 * Up to three lead times in whole days (issue 21): typed (Enter or comma) or picked from the
 * suggestions; shown longest first. A typed day outside 1 to 60 never becomes a chip: it stays in
 * the box with the reason under it (issue 43 §2).
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
  const [search, setSearch] = useState('')
  const [refused, setRefused] = useState<string | null>(null)
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
      onChange={(next) => {
        const bad = next.find((v) => !value.includes(v) && leadDayProblem(v) !== null)
        if (bad !== undefined) {
          // Keep what was typed so it can be mended; the chips stay as they were.
          setRefused(leadDayProblem(bad))
          setSearch(bad.trim())
          return
        }
        setRefused(null)
        onChange(next.map((v) => v.trim()))
      }}
      searchValue={search}
      onSearchChange={(text) => {
        setSearch(text)
        setRefused(null)
      }}
      onKeyDown={(event) => {
        // Enter, a comma or a space would make a chip of what is typed: refuse it there.
        if (!['Enter', ',', ' '].includes(event.key) || search.trim() === '') return
        const problem = leadDayProblem(search)
        if (problem !== null) {
          event.preventDefault()
          setRefused(problem)
        }
      }}
      maxTags={REMINDER_LEAD_TIMES_MAX}
      splitChars={[',', ' ']}
      clearable
      error={refused ?? error}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
    />
  )
}
