const gbp = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

/** Formats an amount in pounds as en-GB GBP with two decimals, e.g. 1234.5 -> "£1,234.50" (spec browsing-and-purchase §9). */
export function formatPrice(amount: number): string {
  return gbp.format(amount)
}
