import { Box, Group, Input, Text, TextInput } from '@mantine/core'
import { dateOfBirthError, dobBoxComplete, ukToday } from '@presently/domain'
import { useId, useLayoutEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react'
import type { DateOfBirthParts } from './form-values'

type Box = keyof DateOfBirthParts
const ORDER: readonly Box[] = ['day', 'month', 'year']
const MAX_LENGTH: Record<Box, number> = { day: 2, month: 2, year: 4 }
const LABELS: Record<Box, string> = { day: 'Day', month: 'Month', year: 'Year' }
const PLACEHOLDERS: Record<Box, string> = { day: 'DD', month: 'MM', year: 'YYYY' }
const WIDTHS: Record<Box, number> = { day: 64, month: 64, year: 88 }

interface DateOfBirthInputProps {
  value: DateOfBirthParts
  onChange: (value: DateOfBirthParts) => void
  error: string | undefined
  onErrorChange: (error: string | undefined) => void
}

/**
 * Date of birth as day, month and year boxes (spec account-area §5): digits only; day and month
 * hold 2 digits, the year 4. Focus moves on once the day (01-31) or month (01-12) is complete,
 * or when a single digit is too large to start a valid value (dobBoxComplete). Leaving a box
 * checks what is there (dateOfBirthError); a valid date clears the error. Backspace in an empty
 * box goes back one; "/" moves on; pasting "DD/MM/YYYY" fills all three.
 */
export function DateOfBirthInput({ value, onChange, error, onErrorChange }: DateOfBirthInputProps) {
  const id = useId()
  const errorId = `${id}-error`
  const refs = useRef<Partial<Record<Box, HTMLInputElement | null>>>({})
  // Moving focus blurs the box before React renders the new value, so handlers read this.
  const latest = useRef(value)
  useLayoutEffect(() => {
    latest.current = value
  }, [value])
  const update = (parts: DateOfBirthParts) => {
    latest.current = parts
    onChange(parts)
  }

  const focusBox = (box: Box | undefined) => {
    if (!box) return
    const input = refs.current[box]
    input?.focus()
    input?.select()
  }
  const next = (box: Box) => ORDER[ORDER.indexOf(box) + 1]
  const previous = (box: Box) => ORDER[ORDER.indexOf(box) - 1]

  const change = (box: Box, raw: string) => {
    const digits = raw.replace(/\D/g, '').slice(0, MAX_LENGTH[box])
    const grew = digits.length > latest.current[box].length
    update({ ...latest.current, [box]: digits })
    if (box !== 'year' && grew && dobBoxComplete(box, digits)) focusBox(next(box))
  }

  const leave = (box: Box) => {
    let parts = latest.current
    // A lone day or month digit reads as its two-digit form ("4" is "04").
    if (box !== 'year' && /^[1-9]$/.test(parts[box])) {
      parts = { ...parts, [box]: parts[box].padStart(2, '0') }
      update(parts)
    }
    onErrorChange(dateOfBirthError(parts, ukToday()) ?? undefined)
  }

  const keyDown = (box: Box, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && latest.current[box] === '' && box !== 'day') {
      event.preventDefault()
      focusBox(previous(box))
    } else if ((event.key === '/' || event.key === '.' || event.key === '-') && box !== 'year') {
      event.preventDefault()
      if (latest.current[box] !== '') focusBox(next(box))
    }
  }

  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(event.clipboardData.getData('text'))
    if (!match) return
    event.preventDefault()
    const parts = { day: match[1]!.padStart(2, '0'), month: match[2]!.padStart(2, '0'), year: match[3]! }
    update(parts)
    onErrorChange(dateOfBirthError(parts, ukToday()) ?? undefined)
    focusBox('year')
  }

  return (
    <Box component="fieldset" p={0} m={0} style={{ border: 0, minWidth: 0 }} aria-describedby={`${id}-hint`}>
      <Input.Label component="legend" size="sm" p={0} mb={2}>
        Date of birth
      </Input.Label>
      <Text id={`${id}-hint`} size="xs" c="dimmed" mb={6}>
        Optional. For example 27/03/1985.
      </Text>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        {ORDER.map((box) => (
          <TextInput
            key={box}
            ref={(element) => {
              refs.current[box] = element
            }}
            label={LABELS[box]}
            size="sm"
            w={WIDTHS[box]}
            styles={{ label: { fontSize: 'var(--mantine-font-size-xs)', fontWeight: 500 } }}
            placeholder={PLACEHOLDERS[box]}
            inputMode="numeric"
            autoComplete={box === 'day' ? 'bday-day' : box === 'month' ? 'bday-month' : 'bday-year'}
            maxLength={MAX_LENGTH[box]}
            value={value[box]}
            error={Boolean(error)}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => change(box, event.currentTarget.value)}
            onBlur={() => leave(box)}
            onKeyDown={(event) => keyDown(box, event)}
            onPaste={paste}
            data-testid={`dob-${box}`}
          />
        ))}
      </Group>
      {error ? (
        <Input.Error id={errorId} mt={6} role="alert">
          {error}
        </Input.Error>
      ) : null}
    </Box>
  )
}
