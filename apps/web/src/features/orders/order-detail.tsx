import { Alert, Badge, Box, Card, Divider, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import { IconAlertTriangle, IconArrowLeft, IconArrowRight } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import type { OrderOutput } from '@presently/domain'
import { ProductImage } from '../catalog/product-image'
import { productUrlId } from '../catalog/product-path'
import { apiErrorMessage, isNotFound } from '../../lib/api-errors'
import { AnchorLink, ButtonLink } from '../../lib/links'
import { useTRPC } from '../../lib/trpc'
import { formatOrderDate, formatOrderDateTime } from './format'
import { ORDER_UI } from './messages'
import { orderQueryOptions } from './query-options'

/** An order id from the URL: a whole number from 1, else null (shown as not found). */
function parseOrderId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null
  const id = Number(raw)
  return id >= 1 && id <= 2_147_483_647 ? id : null
}

function BackToOrders() {
  return (
    <AnchorLink to="/my-account/my-orders" size="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      <IconArrowLeft size={16} aria-hidden /> Back to My Orders
    </AnchorLink>
  )
}

/**
 * Order detail (spec account-area §2 "Order detail"): back link, the product's image and title,
 * "View Product" when it has an affiliate id (and is still sold), the order id, date, occasion,
 * "For" the person (linking to their edit page) and "Ordered on <date and time>". States: a
 * skeleton while loading, "Order not found. ..." for a missing order or another user's (404),
 * "Error loading order information" otherwise.
 */
export function OrderDetail({ id: rawId }: { id: string }) {
  const id = parseOrderId(rawId)
  const trpc = useTRPC()
  const query = useQuery({ ...orderQueryOptions(trpc, id ?? 1), enabled: id !== null })
  let body
  if (id === null || (query.isError && isNotFound(query.error))) {
    body = (
      <Alert color="yellow" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />}>
        {ORDER_UI.notFound}
      </Alert>
    )
  } else if (query.isError) {
    body = (
      <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />} title={ORDER_UI.loadError}>
        {apiErrorMessage(query.error, ORDER_UI.fetchOrderFailed)}
      </Alert>
    )
  } else if (query.isPending) {
    body = <OrderSkeleton />
  } else {
    body = <OrderView order={query.data} />
  }
  return (
    <Stack gap="md">
      <BackToOrders />
      <Title order={1}>Order Details</Title>
      {body}
    </Stack>
  )
}

function OrderView({ order }: { order: OrderOutput }) {
  const { product, person, occasion } = order.clickthrough
  return (
    <Card withBorder radius="md" padding="lg" data-testid="order-detail">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <Box bg="gray.0" p="md" style={{ display: 'flex', justifyContent: 'center', borderRadius: 8 }}>
            <ProductImage
              product={{
                title: product?.title ?? 'Product details unavailable',
                imageUrl: product?.imageUrl ?? null,
                categoryName: product?.categoryName ?? null,
              }}
              size={320}
              priority
            />
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Stack gap="sm">
            <Title order={2} size="h3" c={product ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
              {product?.title ?? ORDER_UI.productUnavailable}
            </Title>
            {product?.disabled ? (
              <Badge color="gray" variant="light">
                No longer available
              </Badge>
            ) : product ? (
              <Group>
                <ButtonLink
                  to="/product/$id"
                  params={{ id: productUrlId({ id: product.id, awProductId: product.awProductId }) }}
                  variant="light"
                  rightSection={<IconArrowRight size={16} aria-hidden />}
                >
                  View Product
                </ButtonLink>
              </Group>
            ) : null}
            <Divider my={4} />
            <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '6px 16px', margin: 0 }}>
              <Term>Order</Term>
              <Detail>#{order.id}</Detail>
              <Term>Date</Term>
              <Detail>
                <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
              </Detail>
              <Term>Occasion</Term>
              <Detail>{occasion?.label ?? '—'}</Detail>
              <Term>For</Term>
              <Detail>
                {person ? (
                  <AnchorLink to="/my-account/edit-person/$id" params={{ id: String(person.id) }}>
                    {person.name}
                  </AnchorLink>
                ) : (
                  'Deleted person'
                )}
              </Detail>
            </dl>
          </Stack>
        </Grid.Col>
      </Grid>
      <Card.Section withBorder inheritPadding py="sm" mt="lg">
        <Text size="sm" c="dimmed">
          Ordered on {formatOrderDateTime(order.createdAt)}
        </Text>
      </Card.Section>
    </Card>
  )
}

function Term({ children }: { children: React.ReactNode }) {
  return (
    <Text component="dt" size="sm" c="dimmed">
      {children}
    </Text>
  )
}

function Detail({ children }: { children: React.ReactNode }) {
  return (
    <Text component="dd" size="sm" fw={500} m={0}>
      {children}
    </Text>
  )
}

function OrderSkeleton() {
  return (
    <Card withBorder radius="md" padding="lg" aria-busy="true" aria-label="Loading order" data-testid="order-skeleton">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <Skeleton style={{ aspectRatio: '1 / 1' }} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Skeleton height={22} />
          <Skeleton height={22} width="60%" mt="xs" />
          <Skeleton height={34} width={140} mt="md" />
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={12} width="50%" mt="md" />
          ))}
        </Grid.Col>
      </Grid>
    </Card>
  )
}
