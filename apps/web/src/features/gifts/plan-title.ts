/** The plan's year bounds, as the server checks them (issue 22). */
export const PLAN_YEAR = { min: 1900, max: 2200 } as const

/** Whether the address's year is one a plan can be for: a whole number within PLAN_YEAR. */
export function isPlanYear(year: string): boolean {
  const value = Number(year)
  return /^\d+$/.test(year) && value >= PLAN_YEAR.min && value <= PLAN_YEAR.max
}

/**
 * The browser tab's title of /my-account/plan/{occasion}/{year} (issue 22): "Christmas 2026 plan"
 * with the occasion's own label, whether the address names it by label ("Christmas", the events
 * page's links) or by value typed in lower case ("christmas"); "Plan" for an occasion that is
 * not one of `occasions` or a year out of bounds, never the address's text as it was typed.
 */
export function planTitle(
  occasion: string,
  year: string,
  occasions: ReadonlyArray<{ value: string; label: string }>,
): string {
  const wanted = occasion.trim().toLowerCase()
  const found = occasions.find((o) => o.label.toLowerCase() === wanted || o.value.toLowerCase() === wanted)
  return found && isPlanYear(year) ? `${found.label} ${Number(year)} plan` : 'Plan'
}
