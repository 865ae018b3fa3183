import { formatPrice, PRIORITY_LABELS, type WishListPriority } from '@presently/domain'

/** "£12.50", or null when the item has no price. */
export function itemPrice(price: number | null): string | null {
  return price === null ? null : formatPrice(price)
}

/** The words of a priority ("Must have"). */
export function priorityLabel(priority: WishListPriority): string {
  return PRIORITY_LABELS[priority]
}

/** Mantine colour of a priority badge. */
export function priorityColor(priority: WishListPriority): string {
  return priority === 'must_have' ? 'red.9' : priority === 'would_like' ? 'blue.9' : 'gray.8'
}

/** A date "2026-12-25" as "25 December 2026" (UK). */
export function ukDate(iso: string | null): string | null {
  if (!iso) return null
  const [y, m, d] = iso.split('-').map(Number)
  return new Date(Date.UTC(y!, m! - 1, d)).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
}
