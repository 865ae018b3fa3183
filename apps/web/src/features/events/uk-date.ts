import { isValidIsoDate, toIsoDate } from '@presently/domain'

/**
 * A date typed the UK way, "DD/MM/YYYY" (also "D/M/YYYY", "DD-MM-YYYY", "DD.MM.YYYY"), or an ISO
 * "YYYY-MM-DD", as "YYYY-MM-DD"; null for anything else, an impossible date (31/04/2024) or a
 * year outside 1900..2100. Used by the Add Event dialog's date box (dates are sent as
 * yyyy-MM-dd, spec account-area §5).
 */
export function parseUkDate(input: string): string | null {
  const text = input.trim()
  const uk = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text)
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  let date: string | null = null
  if (uk) date = toIsoDate(Number(uk[3]), Number(uk[2]), Number(uk[1]))
  else if (iso) date = text
  if (!date || !isValidIsoDate(date)) return null
  const year = Number(date.slice(0, 4))
  return year >= 1900 && year <= 2100 ? date : null
}
