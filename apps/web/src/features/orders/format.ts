/** UK dates of orders: "23 November 2025" and "23 November 2025 at 14:05" (Europe/London). */
const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' })
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/London',
})

/** The order's date, from its ISO timestamp. */
export function formatOrderDate(iso: string): string {
  return dateFormat.format(new Date(iso))
}

/** The order's date and time, from its ISO timestamp (the detail page's "Ordered on ..."). */
export function formatOrderDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso))
}
