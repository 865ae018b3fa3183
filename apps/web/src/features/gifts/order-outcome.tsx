import { Button, Group, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { formatPrice, isUnconfirmed, parseMoneyText, ukToday, type OrderOutput } from '@presently/domain'
import { MoneyInput, moneyText } from '../../lib/money-input'
import { apiErrorMessage } from '../../lib/api-errors'
import { useTRPC } from '../../lib/trpc'
import { GIFT_UI } from './messages'
import { refreshAfterGiftChange } from './query-options'

/** The price paid for an order: pounds and pence, £0 to £100,000 (issue 22; issue 43 §2). */
const PRICE_RULE = { label: 'Price paid' } as const

/**
 * What became of an order (issue 22): "Bought" with the price paid (default the price at click
 * time) or "Didn't buy"; an unmarked order older than 30 days reads "Not confirmed".
 */
export function OrderOutcome({ order }: { order: OrderOutput }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState(false)
  const [price, setPrice] = useState(() => moneyText(order.pricePaid ?? order.priceAtClick))
  const [showError, setShowError] = useState(false)
  const save = useMutation(
    trpc.gifts.setOrderOutcome.mutationOptions({
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Error', message: apiErrorMessage(error, GIFT_UI.outcomeFailed) }),
      onSuccess: async () => {
        setEditing(false)
        await refreshAfterGiftChange(queryClient, trpc)
      },
    }),
  )
  const title = order.clickthrough.product?.title ?? 'this order'

  if (editing) {
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault()
          const parsed = parseMoneyText(price, PRICE_RULE)
          if (!parsed.ok) {
            setShowError(true)
            return
          }
          save.mutate({ orderId: order.id, outcome: 'bought', pricePaid: parsed.pounds })
        }}
      >
        <Group gap="sm" align="flex-end" wrap="wrap">
          <MoneyInput
            label="Price paid (£)"
            size="xs"
            rule={PRICE_RULE}
            showError={showError}
            value={price}
            onChange={setPrice}
            w={140}
            data-autofocus
          />
          <Button type="submit" size="xs" loading={save.isPending}>
            Save
          </Button>
          <Button size="xs" variant="default" onClick={() => setEditing(false)}>
            {GIFT_UI.cancel}
          </Button>
        </Group>
      </form>
    )
  }

  const status =
    order.outcome === 'bought' ? (
      <Text span size="sm" fw={700} c="dark.7">
        {GIFT_UI.bought}
        {order.pricePaid !== null ? ` · ${formatPrice(order.pricePaid)}` : ''}
      </Text>
    ) : order.outcome === 'not_bought' ? (
      <Text span size="sm" fw={700} c="dark.7">
        {GIFT_UI.notBought}
      </Text>
    ) : isUnconfirmed(order, ukToday()) ? (
      <Text span size="sm" fw={700} c="dark.7">
        {GIFT_UI.notConfirmed}
      </Text>
    ) : null

  return (
    <Group gap="sm" wrap="wrap" data-testid="order-outcome">
      {status}
      {order.outcome === null ? (
        <Text size="xs" c="dimmed">
          Did you buy it?
        </Text>
      ) : null}
      <Button size="xs" variant="light" onClick={() => setEditing(true)} aria-label={`Bought: ${title}`}>
        {order.outcome === 'bought' ? 'Change price' : GIFT_UI.bought}
      </Button>
      {order.outcome !== 'not_bought' ? (
        <Button
          size="xs"
          variant="default"
          loading={save.isPending}
          onClick={() => save.mutate({ orderId: order.id, outcome: 'not_bought' })}
          aria-label={`Didn't buy: ${title}`}
        >
          {GIFT_UI.notBought}
        </Button>
      ) : null}
    </Group>
  )
}
