import { Alert, Button, Card, Group, NativeSelect, Skeleton, Stack, Text } from '@mantine/core'
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { ORDER_PAGE_SIZES } from '@presently/domain'
import { StatusMessage } from '../catalog/status-message'
import { isUnauthorized } from '../likes/query-options'
import { useSession } from '../session/session'
import { apiErrorMessage } from '../../lib/api-errors'
import { ButtonLink } from '../../lib/links'
import { useTRPC } from '../../lib/trpc'
import { ORDER_UI } from './messages'
import { OrderCard } from './order-card'
import type { OrdersPageState } from './orders-search'
import { myOrdersQueryOptions } from './query-options'

/**
 * The orders list (spec account-area §2 "Orders"): a card per order, newest first; "No orders
 * found." when there are none; "Please log in to view your orders." without a session; a footer
 * with "Showing N of total orders", Previous and Next, "Page X of Y" and the page size (5, 10,
 * 20, 50; a change goes back to page 1, §4).
 */
export function OrdersList({ page, size, onChange }: OrdersPageState & { onChange: (next: OrdersPageState) => void }) {
  const trpc = useTRPC()
  const { user, isPending: sessionPending } = useSession()
  const query = useQuery({ ...myOrdersQueryOptions(trpc, page, size), enabled: !!user })

  if (!sessionPending && !user) return <Text>{ORDER_UI.loginRequired}</Text>
  if (query.isError) {
    if (isUnauthorized(query.error)) return <Text>{ORDER_UI.loginRequired}</Text>
    return (
      <Alert color="red" role="alert" title={ORDER_UI.fetchOrdersFailed}>
        {apiErrorMessage(query.error, ORDER_UI.fetchOrdersFailed)}
      </Alert>
    )
  }
  if (query.isPending) return <OrdersSkeleton count={Math.min(size, 5)} />
  const { orders, total } = query.data
  if (total === 0) {
    return (
      <StatusMessage
        title={ORDER_UI.empty}
        action={
          <ButtonLink to="/" variant="light">
            Find a gift
          </ButtonLink>
        }
      >
        Gifts you buy through Presently appear here, with who they were for and the occasion.
      </StatusMessage>
    )
  }
  const totalPages = Math.max(1, Math.ceil(total / size))
  return (
    <Stack gap="md">
      <Stack gap="sm" data-testid="orders-list" aria-busy={query.isPlaceholderData || undefined}>
        {orders.map((order) => (
          <OrderCard key={order.id} order={order} />
        ))}
        {orders.length === 0 ? <Text c="dimmed">{ORDER_UI.empty}</Text> : null}
      </Stack>
      <Group justify="space-between" gap="md" wrap="wrap">
        <Text size="sm" c="dimmed" data-testid="orders-showing">
          Showing {orders.length} of {total} orders
        </Text>
        <Group component="nav" aria-label="Pagination" gap="sm" wrap="nowrap">
          <Button
            variant="default"
            size="sm"
            leftSection={<IconChevronLeft size={16} aria-hidden />}
            disabled={page <= 1}
            onClick={() => onChange({ page: page - 1, size })}
          >
            Previous
          </Button>
          <Text size="sm" fw={500} aria-live="polite" data-testid="page-indicator">
            Page {page} of {totalPages}
          </Text>
          <Button
            variant="default"
            size="sm"
            rightSection={<IconChevronRight size={16} aria-hidden />}
            disabled={page >= totalPages}
            onClick={() => onChange({ page: page + 1, size })}
          >
            Next
          </Button>
        </Group>
        <NativeSelect
          size="sm"
          label="Orders per page"
          data={ORDER_PAGE_SIZES.map(String)}
          value={String(size)}
          onChange={(event) => onChange({ page: 1, size: Number(event.currentTarget.value) })}
          styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 }, label: { fontWeight: 400 } }}
        />
      </Group>
    </Stack>
  )
}

function OrdersSkeleton({ count }: { count: number }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading orders">
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} withBorder radius="md" padding="md">
          <Group wrap="nowrap" align="flex-start">
            <Skeleton width={64} height={64} radius="sm" />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton height={12} width="70%" />
              <Skeleton height={10} width="90%" />
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  )
}
