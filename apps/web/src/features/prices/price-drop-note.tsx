import { Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { droppedSinceLabel, type WatchKind } from '@presently/domain'
import { useTRPC } from '../../lib/trpc'

/**
 * "£12 less than when you liked it" (issue 39) under a watched product the signed-in user sees
 * (a liked product, a list item, a pick): shown only when the price is lower now than when the
 * watch of `kinds` (the first of them the user has) started. One small query per product; the
 * tRPC client batches those of one page into one request.
 */
export function PriceDropNote({ productId, kinds }: { productId: number; kinds: readonly WatchKind[] }) {
  const trpc = useTRPC()
  const query = useQuery({ ...trpc.prices.sinceWatched.queryOptions({ productIds: [productId] }), staleTime: 60_000 })
  const watch = kinds.map((kind) => query.data?.find((w) => w.kind === kind)).find((w) => w !== undefined)
  const label = watch ? droppedSinceLabel(watch) : null
  if (!label) return null
  return (
    // A span shown as a block: it may sit inside a paragraph (a pick's reason).
    <Text component="span" display="block" size="xs" fw={600} c="teal.9" data-testid="price-drop-note">
      {label}
    </Text>
  )
}
