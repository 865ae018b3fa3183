import { Alert, Button, Center, SimpleGrid, Stack } from '@mantine/core'
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import type { LikedProduct, OccasionOutput } from '@presently/domain'
import { useTRPC } from '../../lib/trpc'
import { ChipPreview, type ChipDragData } from './association-chip'
import type { AssociationNames } from './association-label'
import { keyboardCoordinates } from './keyboard-coordinates'
import { LikedProductCard, type CardDropData } from './liked-product-card'
import { LIKE_UI } from './messages'
import { useCopyAssociation } from './use-associations'

const NO_OCCASIONS: OccasionOutput[] = []

const dragData = (data: unknown) => data as ChipDragData | undefined
const dropData = (data: unknown) => data as CardDropData | undefined

const announcements: Announcements = {
  onDragStart: ({ active }) => `Picked up ${dragData(active.data.current)?.label ?? 'the chip'}.`,
  onDragOver: ({ active, over }) => {
    const label = dragData(active.data.current)?.label ?? 'The chip'
    const title = dropData(over?.data.current)?.title
    return title ? `${label} is over ${title}.` : `${label} is not over a product.`
  },
  onDragEnd: ({ active, over }) => {
    const data = dragData(active.data.current)
    const target = dropData(over?.data.current)
    if (!data || !target || target.likeId === data.fromLikeId) return `${data?.label ?? 'The chip'} was put back.`
    return `${data.label} was added to ${target.title}.`
  },
  onDragCancel: ({ active }) => `Moving ${dragData(active.data.current)?.label ?? 'the chip'} was cancelled.`,
}

const screenReaderInstructions = {
  draggable:
    'To add this person and occasion to another liked product, press Space or Enter to pick it up, ' +
    'move it onto that product with the arrow keys, then press Space or Enter to drop it. Press Escape to cancel.',
}

/**
 * The Liked Products grid (spec account-area §2) with drag and drop of event chips between cards
 * (@dnd-kit): a chip dropped on another card copies its association there (POST
 * /api/product-like-associations); dropped on its own card it does nothing (§4). Pointer drags
 * start after 5 px, so a click still removes or focuses; the keyboard moves 25 px per arrow press.
 */
export function LikedProductsBoard({
  likes,
  more,
}: {
  likes: LikedProduct[]
  /** The next page of likes, when there is one (a user may like thousands of products). */
  more?: { count: number; loading: boolean; load: () => void }
}) {
  const trpc = useTRPC()
  const peopleQuery = useQuery(trpc.people.list.queryOptions(undefined, { staleTime: 60_000 }))
  const occasionsQuery = useQuery(trpc.reference.occasions.queryOptions(undefined, { staleTime: 60_000 }))
  const occasions = occasionsQuery.data ?? NO_OCCASIONS
  const { names, people } = useMemo(() => {
    const list = peopleQuery.data ?? []
    return {
      people: list.map(({ id, name }) => ({ id, name })),
      names: {
        people: new Map(list.map((p) => [p.id, p.name])),
        occasions: new Map((occasionsQuery.data ?? []).map((o) => [o.id, o.label])),
      } satisfies AssociationNames,
    }
  }, [peopleQuery.data, occasionsQuery.data])
  const [dragged, setDragged] = useState<ChipDragData | null>(null)
  const [copyFailed, setCopyFailed] = useState(false)
  const copy = useCopyAssociation(() => setCopyFailed(true))
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  )

  const onDragStart = ({ active }: DragStartEvent) => setDragged(dragData(active.data.current) ?? null)
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null)
    const data = dragData(active.data.current)
    const target = dropData(over?.data.current)
    if (!data || !target || target.likeId === data.fromLikeId) return
    setCopyFailed(false)
    copy.mutate({
      productLikeId: target.likeId,
      personId: data.association.personId,
      occasionId: data.association.occasionId,
    })
  }

  return (
    <Stack gap="md">
      {copyFailed ? (
        <Alert color="red" withCloseButton onClose={() => setCopyFailed(false)} role="alert">
          {LIKE_UI.copyFailed}
        </Alert>
      ) : null}
      <DndContext
        sensors={sensors}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragged(null)}
        accessibility={{ announcements, screenReaderInstructions }}
      >
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md" data-testid="liked-products-grid">
          {likes.map((like) => (
            <LikedProductCard key={like.id} like={like} names={names} people={people} occasions={occasions} />
          ))}
        </SimpleGrid>
        <DragOverlay dropAnimation={null}>{dragged ? <ChipPreview label={dragged.label} /> : null}</DragOverlay>
      </DndContext>
      {more ? (
        <Center>
          <Button variant="default" loading={more.loading} onClick={more.load}>
            Show more ({more.count} more)
          </Button>
        </Center>
      ) : null}
    </Stack>
  )
}
