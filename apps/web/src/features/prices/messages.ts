/** The words of prices that move (issue 39), UK English. */
export const PRICE_UI = {
  lowestIn30Days: 'Lowest price in 30 days',
  lowestIn30DaysText: 'Lowest in 30 days',
  was: 'Was',
  noLongerSold: 'No longer sold',
  outOfStock: 'Out of stock',
  today: 'Today',
  chartTitle: (days: number) => `Price over the last ${days} days`,
  range: (low: string, high: string) => (low === high ? low : `${low} – ${high}`),
  chartDescription: (now: string, low: string, high: string) =>
    `Price now ${now}; lowest ${low}, highest ${high} over the period.`,
  noChanges: 'The price did not change.',
} as const

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2 })
const ukDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'Europe/London' })

/** 2800 -> "£28.00". */
export function formatPence(pence: number): string {
  return gbp.format(pence / 100)
}

/** An ISO instant as its UK day, "3 Nov". */
export function londonDate(iso: string): string {
  return ukDate.format(new Date(iso))
}
