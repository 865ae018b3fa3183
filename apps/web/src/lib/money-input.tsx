import { TextInput, type TextInputProps } from '@mantine/core'
import { useState } from 'react'
import { parseMoneyText, type MoneyRule } from '@presently/domain'

/**
 * A box for an amount of pounds (issue 43 §2). It keeps exactly what was typed ("40.50", "-5"),
 * never drops a decimal point or clamps, and says what is wrong on leaving the box (or once
 * `showError` is set by a refused submit), naming the field and the range. Read the amount with
 * `parseMoneyText(value, rule)` on submit; the server checks the same range again.
 */
export function MoneyInput({
  value,
  onChange,
  rule,
  showError = false,
  error,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange' | 'error'> & {
  value: string
  onChange: (value: string) => void
  rule: MoneyRule
  showError?: boolean
  /** A message from elsewhere (the server's), shown when the text itself is fine. */
  error?: string | undefined
}) {
  const [left, setLeft] = useState(false)
  const parsed = parseMoneyText(value, rule)
  const own = !parsed.ok && (left || showError) ? parsed.error : undefined
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      {...props}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={(event) => {
        setLeft(true)
        props.onBlur?.(event)
      }}
      error={own ?? error}
    />
  )
}

/** The text a money box starts with for a stored amount: 40 -> "40", 32.5 -> "32.50", none -> "". */
export function moneyText(pounds: number | null | undefined): string {
  if (pounds === null || pounds === undefined) return ''
  return Number.isInteger(pounds) ? String(pounds) : pounds.toFixed(2)
}
