import { Badge, Button, Group, NativeSelect, Text } from '@mantine/core'
import { PAGE_SIZES, SORT_ORDERS, type SortOrder } from '@presently/domain'
import { IconAdjustmentsHorizontal } from '@tabler/icons-react'
import { priceSummaryText, type PriceBand } from './price-band'
import { BROWSE_DEFAULT_SORT, isSortOrder, SORT_LABELS } from './sort-order'

const sortOptions = SORT_ORDERS.map((value) => ({ value, label: SORT_LABELS[value] }))
const sizeOptions = PAGE_SIZES.map((size) => String(size))

interface SortSelectProps {
  /** The chosen order, or null for the default one. */
  sort: SortOrder | null
  onSortChange: (sort: SortOrder | null) => void
  /**
   * The name of the server's own order when no sort is chosen, offered as the empty value:
   * "Best match" (relevance) for searches, "Featured" (the promo's order) for promos. Null when
   * the default order is one of the sort orders (name A-Z when browsing a category).
   */
  defaultSortLabel: string | null
  size?: 'xs' | 'sm'
  w?: number | string
}

/** The sort order select ("Sort by"). */
export function SortSelect({ sort, onSortChange, defaultSortLabel, size = 'xs', w = 170 }: SortSelectProps) {
  return (
    <NativeSelect
      label="Sort by"
      size={size}
      data={defaultSortLabel ? [{ value: '', label: defaultSortLabel }, ...sortOptions] : sortOptions}
      value={sort ?? (defaultSortLabel ? '' : BROWSE_DEFAULT_SORT)}
      onChange={(event) => {
        const value = event.currentTarget.value
        if (value === '') onSortChange(null)
        else if (isSortOrder(value)) onSortChange(value)
      }}
      w={w}
    />
  )
}

interface ListingToolbarProps extends Omit<SortSelectProps, 'size' | 'w'> {
  /** Total matching products (within the price band), or undefined while loading. */
  total: number | undefined
  /** The applied price band and the total without it, for "Showing N of M ..." */
  band: PriceBand | null
  totalWithoutBand: number | undefined
  pageSize: number
  onPageSizeChange: (size: number) => void
  /** Below 768 px: sort moves into the filters drawer, opened by this. */
  onOpenFilters?: () => void
  /** How many filters (price band, category) are applied, shown on the Filters button. */
  activeFilters?: number
}

/** Result count (or the price-filter summary), sort order and items per page above a listing grid. */
export function ListingToolbar({
  total,
  band,
  totalWithoutBand,
  sort,
  onSortChange,
  pageSize,
  onPageSizeChange,
  defaultSortLabel,
  onOpenFilters,
  activeFilters = 0,
}: ListingToolbarProps) {
  let summary = '\u00a0'
  if (band && total !== undefined && totalWithoutBand !== undefined) {
    summary = priceSummaryText(total, totalWithoutBand, band)
  } else if (!band && total !== undefined) {
    summary = `${total.toLocaleString('en-GB')} ${total === 1 ? 'gift idea' : 'gift ideas'}`
  }
  return (
    <Group justify="space-between" align="flex-end" gap="sm" mb="md" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="result-count" style={{ flex: '1 1 220px' }}>
        {summary}
      </Text>
      <Group gap="sm" wrap="nowrap" align="flex-end">
        {onOpenFilters ? (
          <Button
            variant="default"
            size="xs"
            h={30}
            leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
            rightSection={
              activeFilters > 0 ? (
                <Badge size="sm" circle>
                  {activeFilters}
                  <span className="visually-hidden"> applied</span>
                </Badge>
              ) : undefined
            }
            onClick={onOpenFilters}
          >
            Filters
          </Button>
        ) : (
          <SortSelect sort={sort} onSortChange={onSortChange} defaultSortLabel={defaultSortLabel} />
        )}
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
