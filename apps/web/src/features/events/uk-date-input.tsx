import '../../mantine-dates-styles'
import { DateInput, type DateInputProps } from '@mantine/dates'
import { useState } from 'react'
import { parseUkDate, ukDateProblem } from './uk-date'

/**
 * A date box typed the UK way (DD/MM/YYYY) or picked from the calendar, as "YYYY-MM-DD" (issue
 * 43 §2). What was typed stays in the box when it is not a date (Mantine's DateInput would wipe it
 * on leaving), the value becomes null, and the box says why: "31/04/2027 does not exist: April
 * 2027 has 30 days". That message wins over the caller's `error` (its "required").
 */
export function UkDateInput({
  value,
  onChange,
  error,
  showError = false,
  ...props
}: Omit<DateInputProps, 'value' | 'onChange' | 'error' | 'dateParser' | 'valueFormat' | 'fixOnBlur'> & {
  value: string | null
  onChange: (value: string | null) => void
  error?: string | undefined
  /** Set once a submit was refused, so a problem shows before the box is left. */
  showError?: boolean
}) {
  const [typed, setTyped] = useState<string | null>(null)
  const [left, setLeft] = useState(false)
  const problem = typed === null ? null : ukDateProblem(typed)
  return (
    <DateInput
      placeholder="DD/MM/YYYY"
      {...props}
      valueFormat="DD/MM/YYYY"
      dateParser={(input) => parseUkDate(input)}
      fixOnBlur={false}
      value={value}
      onChange={(next) => {
        setTyped(null)
        onChange(next)
      }}
      onInput={(event) => {
        const text = event.currentTarget.value
        setTyped(text)
        // A box that reads "31/04/2027" must not keep the date it held before.
        if (value !== null && (text.trim() === '' || parseUkDate(text) === null)) onChange(null)
      }}
      onBlur={(event) => {
        setLeft(true)
        props.onBlur?.(event)
      }}
      error={(problem && (left || showError) ? problem : undefined) ?? error}
    />
  )
}
