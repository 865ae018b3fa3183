import { Group, NativeSelect, Text } from '@mantine/core'
import { PAGE_SIZES, SORT_ORDERS, type SortOrder } from '@presently/domain'
import { BROWSE_DEFAULT_SORT, isSortOrder, SORT_LABELS } from './sort-order'

interface ListingToolbarProps {
  /** Total matching products, or undefined while loading. */
  total: number | undefined
  /** The chosen order, or null for the default one. */
  sort: SortOrder | null
  onSortChange: (sort: SortOrder | null) => void
  pageSize: number
  onPageSizeChange: (size: number) => void
  /** Search results: the default order is relevance, offered as "Best match". */
  bestMatch?: boolean
}

const sortOptions = SORT_ORDERS.map((value) => ({ value, label: SORT_LABELS[value] }))
/** The empty value stands for "no sort chosen" (relevance). */
const searchSortOptions = [{ value: '', label: 'Best match' }, ...sortOptions]
const sizeOptions = PAGE_SIZES.map((size) => String(size))

/** Result count, sort order and items per page above a listing grid. */
export function ListingToolbar({
  total,
  sort,
  onSortChange,
  pageSize,
  onPageSizeChange,
  bestMatch = false,
}: ListingToolbarProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" mb="md" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="result-count">
        {total === undefined
          ? '\u00a0'
          : `${total.toLocaleString('en-GB')} ${total === 1 ? 'gift idea' : 'gift ideas'}`}
      </Text>
      <Group gap="sm" wrap="nowrap">
        <NativeSelect
          label="Sort by"
          size="xs"
          data={bestMatch ? searchSortOptions : sortOptions}
          value={sort ?? (bestMatch ? '' : BROWSE_DEFAULT_SORT)}
          onChange={(event) => {
            const value = event.currentTarget.value
            if (value === '') onSortChange(null)
            else if (isSortOrder(value)) onSortChange(value)
          }}
          w={170}
        />
        <NativeSelect
          label="Per page"
          size="xs"
          data={sizeOptions}
          value={String(pageSize)}
          onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
          w={90}
        />
      </Group>
    </Group>
  )
}
