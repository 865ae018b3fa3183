import { Button, Group, Text } from '@mantine/core'
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react'

interface ListingPaginationProps {
  page: number
  totalPages: number
  onPageChange: (page: number) => void
}

/**
 * Previous / "Page X of Y" / Next (spec browsing-and-purchase §2 "Pagination"). Previous is
 * disabled on page 1 and Next on the last page; the page moves by one within 1..totalPages.
 */
export function ListingPagination({ page, totalPages, onPageChange }: ListingPaginationProps) {
  return (
    <Group component="nav" aria-label="Pagination" justify="center" gap="md" mt="xl">
      <Button
        variant="default"
        leftSection={<IconChevronLeft size={16} aria-hidden />}
        disabled={page <= 1}
        onClick={() => onPageChange(Math.max(1, page - 1))}
      >
        Previous
      </Button>
      <Text size="sm" fw={500} aria-live="polite" data-testid="page-indicator">
        Page {page} of {totalPages}
      </Text>
      <Button
        variant="default"
        rightSection={<IconChevronRight size={16} aria-hidden />}
        disabled={page >= totalPages}
        onClick={() => onPageChange(Math.min(totalPages, page + 1))}
      >
        Next
      </Button>
    </Group>
  )
}
