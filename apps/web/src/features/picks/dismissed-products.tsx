import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { formatPrice } from '@presently/domain'
import { PICKS_UI } from './messages'
import { useDismissals, useDismissedProducts } from './use-dismissals'

/**
 * The products hidden from a person's gift ideas ("Not for {name}"), each with Undo (issue 20:
 * "stored, listed and undoable on the person page"). Nothing is shown while there are none.
 */
export function DismissedProducts({ personId, personName }: { personId: number; personName: string }) {
  const list = useDismissedProducts(personId)
  const { undo } = useDismissals(personId)
  if (!list.data || list.data.length === 0) return null
  return (
    <Stack gap="xs" component="section" aria-labelledby="dismissed-title" data-testid="dismissed-products">
      <Title order={3} size="h5" id="dismissed-title">
        {PICKS_UI.dismissedTitle(personName)}
      </Title>
      {list.data.map((item) => (
        <Group key={item.productId} justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm" lineClamp={1}>
            {item.title} · {formatPrice(item.price)}
          </Text>
          <Button
            size="xs"
            variant="light"
            onClick={() => undo(item.productId)}
            aria-label={PICKS_UI.undoLabel(item.title)}
          >
            {PICKS_UI.undo}
          </Button>
        </Group>
      ))}
    </Stack>
  )
}
