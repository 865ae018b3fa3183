// No zod here: the web's forms import this (docs/decisions/web-bundle.md).
import { MONEY_MAX_POUNDS } from './gift-budget.ts'

/**
 * What a person types in a money box, read as they meant it (issue 43 §2): "40.50" is forty
 * pounds fifty, never 4050; a minus sign or an amount over the cap is refused with a message that
 * names the field and the range, never clamped. The server's zod fields say the same
 * (`moneyRangeMessage`), so a call that skips the page is refused in the same words.
 */
export interface MoneyRule {
  /** The field as the page names it: "Default budget", "Price paid". */
  label: string
  /** Smallest amount in pounds; default 0. */
  min?: number
  /** Largest amount in pounds; default MONEY_MAX_POUNDS (£100,000). */
  max?: number
  /** Whole pounds only (budgets). */
  whole?: boolean
  /** A blank box is refused ("{label} is required") instead of read as none. */
  required?: boolean
}

export type MoneyParse = { ok: true; pounds: number | null } | { ok: false; error: string }

const GBP = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 })

/** £ and en-GB digits: 100000 -> "£100,000", 0.01 -> "£0.01". */
export function formatPoundsBound(pounds: number): string {
  return `£${GBP.format(pounds)}`
}

/**
 * The range message of a money field, shared by the page and the server (issue 43 §2):
 * "Default budget must be a whole number of pounds from £0 to £100,000".
 */
export function moneyRangeMessage(label: string, rule: { min?: number; max?: number; whole?: boolean } = {}): string {
  const min = formatPoundsBound(rule.min ?? 0)
  const max = formatPoundsBound(rule.max ?? MONEY_MAX_POUNDS)
  return rule.whole
    ? `${label} must be a whole number of pounds from ${min} to ${max}`
    : `${label} must be an amount in pounds from ${min} to ${max}, with at most two decimals`
}

// Digits with optional thousands commas ("1,000"), an optional point and decimals, an optional sign.
const AMOUNT = /^([-+]?)(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d*))?$/

/**
 * Reads a typed amount of pounds (issue 43 §2). Accepts "40", "40.5", "40.50", "£40", "1,000";
 * blank is none (null) unless `required`.
 * @returns `{ ok: true, pounds }` or `{ ok: false, error }` with a message naming `rule.label`:
 *   "Default budget is in whole pounds: type 40 or 41" for 40.50 in a whole-pounds field,
 *   "Price paid must be an amount in pounds from £0 to £100,000, with at most two decimals" for
 *   -5 or 1000000, "Price paid must be a number of pounds, like 12.50" for "twelve".
 */
export function parseMoneyText(text: string | number, rule: MoneyRule): MoneyParse {
  const typed = String(text)
    .trim()
    .replace(/^£\s*/, '')
    .replace(/^([-+])\s*£\s*/, '$1')
  if (typed === '')
    return rule.required ? { ok: false, error: `${rule.label} is required` } : { ok: true, pounds: null }
  const match = AMOUNT.exec(typed)
  const whole = match?.[2] ?? ''
  const decimals = match?.[3] ?? ''
  if (!match || (whole === '' && decimals === '')) {
    return { ok: false, error: `${rule.label} must be a number of pounds, like ${rule.whole ? '40' : '12.50'}` }
  }
  const sign = match[1] === '-' ? -1 : 1
  const pounds = sign * Number(`${whole.replaceAll(',', '') || '0'}.${decimals || '0'}`)
  const min = rule.min ?? 0
  const max = rule.max ?? MONEY_MAX_POUNDS
  if (!Number.isFinite(pounds) || pounds < min || pounds > max) {
    return { ok: false, error: moneyRangeMessage(rule.label, rule) }
  }
  if (rule.whole && !Number.isInteger(pounds)) {
    const lower = Math.floor(pounds)
    const upper = Math.min(Math.ceil(pounds), max)
    return { ok: false, error: `${rule.label} is in whole pounds: type ${lower} or ${upper}` }
  }
  if (decimals.replace(/0+$/, '').length > 2) {
    return { ok: false, error: `${rule.label} is in pounds and pence: at most two decimals, like 25.99` }
  }
  return { ok: true, pounds: Math.round(pounds * 100) / 100 }
}
