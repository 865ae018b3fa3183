import { daysInMonth, isValidIsoDate, MONTH_NAMES, toIsoDate } from '@presently/domain'

/** "DD/MM/YYYY", "D/M/YYYY", "DD-MM-YYYY" or "DD.MM.YYYY": day, month, year. */
const UK_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/

/**
 * A date typed the UK way, "DD/MM/YYYY" (also "D/M/YYYY", "DD-MM-YYYY", "DD.MM.YYYY"), or an ISO
 * "YYYY-MM-DD", as "YYYY-MM-DD"; null for anything else, an impossible date (31/04/2024) or a
 * year outside 1900..2100. Used by the Add Event dialog's date box (dates are sent as
 * yyyy-MM-dd, spec account-area §5).
 */
export function parseUkDate(input: string): string | null {
  const text = input.trim()
  const uk = UK_DATE.exec(text)
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  let date: string | null = null
  if (uk) date = toIsoDate(Number(uk[3]), Number(uk[2]), Number(uk[1]))
  else if (iso) date = text
  if (!date || !isValidIsoDate(date)) return null
  const year = Number(date.slice(0, 4))
  return year >= 1900 && year <= 2100 ? date : null
}

/**
 * What is wrong with a typed date the date boxes cannot read (issue 43 §2: "31/04/2027 ... say
 * the date does not exist"), or null when `parseUkDate` reads it (or it is blank):
 * "31/04/2027 does not exist: April 2027 has 30 days", "Month must be between 01 and 12",
 * "Year must be between 1900 and 2100", else "Type the date as DD/MM/YYYY".
 */
export function ukDateProblem(input: string): string | null {
  const text = input.trim()
  if (text === '' || parseUkDate(text) !== null) return null
  const uk = UK_DATE.exec(text)
  if (!uk) return 'Type the date as DD/MM/YYYY'
  const [day, month, year] = [Number(uk[1]), Number(uk[2]), Number(uk[3])]
  if (month < 1 || month > 12) return 'Month must be between 01 and 12'
  if (year < 1900 || year > 2100) return 'Year must be between 1900 and 2100'
  const days = daysInMonth(year, month)
  if (day < 1 || day > days) return `${text} does not exist: ${MONTH_NAMES[month - 1] ?? ''} ${year} has ${days} days`
  return 'Type the date as DD/MM/YYYY'
}
