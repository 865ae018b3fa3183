import { IconX } from '@tabler/icons-react'
import { ButtonLink } from '../../lib/links'

/**
 * "Clear filter" of the search and promo pages' category tree: clears the category and goes to /
 * (spec browsing-and-purchase §2 "Category tree").
 */
export function ClearCategoryFilter() {
  return (
    <ButtonLink to="/" variant="subtle" size="compact-xs" leftSection={<IconX size={12} aria-hidden />}>
      Clear filter
    </ButtonLink>
  )
}
