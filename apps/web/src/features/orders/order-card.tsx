import { Badge, Group, Stack, Text } from '@mantine/core'
import type { OrderOutput } from '@presently/domain'
import { CardLink } from '../../lib/links'
import { LikedProductImage } from '../likes/liked-product-card'
import { formatOrderDate } from './format'
import { ORDER_UI } from './messages'
import classes from './orders.module.css'
import { OrderOutcome } from '../gifts/order-outcome'

/**
 * One order in My Orders (spec account-area §2 "Orders"): a card linking to its detail, with the
 * product's image and title (or "Product details unavailable" once the product is gone), the
 * order id, the person's name, the occasion's label and the date.
 */
export function OrderCard({ order }: { order: OrderOutput }) {
  const { product } = order.clickthrough
  const title = product?.title ?? ORDER_UI.productUnavailable
  // The outcome's buttons sit below the card's link, never inside it (no nested interactive content).
  return (
    <div className={classes.item}>
      <OrderCardLink order={order} title={title} />
      <div className={classes.outcome}>
        <OrderOutcome order={order} />
      </div>
    </div>
  )
}

function OrderCardLink({ order, title }: { order: OrderOutput; title: string }) {
  const { product, person, occasion } = order.clickthrough
  return (
    <CardLink
      to="/my-account/my-order-details/$id"
      params={{ id: String(order.id) }}
      withBorder
      radius="md"
      padding="md"
      className={classes.card}
      data-testid="order-card"
    >
      <Group wrap="nowrap" align="flex-start" gap="md">
        <LikedProductImage
          src={product?.imageUrl ?? null}
          title={product?.title ?? 'Product details unavailable'}
          categoryName={product?.categoryName ?? null}
        />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm" lineClamp={2} c={product ? undefined : 'dimmed'} className={classes.title}>
            {title}
          </Text>
          {product?.disabled ? (
            <Badge color="gray" variant="light" size="sm">
              No longer available
            </Badge>
          ) : null}
          <Group gap="lg" className={classes.facts}>
            <Fact label="Order">#{order.id}</Fact>
            <Fact label="For">{person?.name ?? 'Deleted person'}</Fact>
            <Fact label="Occasion">{occasion?.label ?? '—'}</Fact>
            <Fact label="Date">
              <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
            </Fact>
          </Group>
        </Stack>
      </Group>
    </CardLink>
  )
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Text size="xs" c="dimmed">
      {label}:{' '}
      <Text span size="xs" c="dark.7" fw={500}>
        {children}
      </Text>
    </Text>
  )
}
