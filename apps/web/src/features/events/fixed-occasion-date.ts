import { FIXED_OCCASION_DAYS, nextOccurrence, ukToday } from '@presently/domain'

/**
 * The next day of an occasion that falls on the same day every year (FIXED_OCCASION_DAYS:
 * Christmas 25 December, Valentine's Day 14 February), "YYYY-MM-DD", counted from `today` (the UK
 * date by default); null for any other occasion. A browser pass found a newcomer typing 25/12 by
 * hand for Christmas.
 */
export function fixedOccasionDate(occasionValue: string | undefined, today: string = ukToday()): string | null {
  const day = occasionValue ? FIXED_OCCASION_DAYS[occasionValue] : undefined
  return day ? nextOccurrence(`2000-${day}`, today) : null
}

/**
 * The date an event form keeps when its occasion changes from `previous` to `next` (occasion
 * values): a date the user typed stays; an empty one, or the day filled in for the previous
 * occasion, becomes the next occasion's own day (fixedOccasionDate), else empty (null).
 */
export function dateForOccasionChange(
  date: string | null,
  previous: string | undefined,
  next: string | undefined,
  today: string = ukToday(),
): string | null {
  const typed = date && date !== fixedOccasionDate(previous, today) ? date : null
  return typed ?? fixedOccasionDate(next, today)
}
