import type { WatchKind } from '@presently/domain'
import { PriceDropNote } from '../prices/price-drop-note'
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Image,
  Modal,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core'
import { IconExternalLink } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { formatOtherPrice, type OwnerItemOutput, type WishListOutput } from '@presently/domain'
import { StatusMessage } from '../catalog/status-message'
import { occasionsQueryOptions } from '../people/query-options'
import { apiErrorMessage, isNotFound } from '../../lib/api-errors'
import { AnchorLink, ButtonLink } from '../../lib/links'
import { useTRPC } from '../../lib/trpc'
import { useSingleFlightMutation } from '../../lib/single-flight'
import { itemPrice, priorityColor, priorityLabel, ukDate } from './format'
import { draftOf, ItemForm, itemFields } from './item-form'
import { WISH_LIST_UI } from './messages'

/** The owner's page of one list, /my-account/lists/{id} (issue 23): details, sharing and items. */
export function WishListDetail({ id }: { id: number }) {
  const trpc = useTRPC()
  const query = useQuery(trpc.wishLists.byId.queryOptions({ id }, { retry: false }))
  if (query.isPending) return <Skeleton height={200} aria-label="Loading the wish list" />
  if (query.isError) {
    return isNotFound(query.error) ? (
      <StatusMessage
        title="Wish list not found"
        action={
          <ButtonLink to="/my-account/lists" variant="light">
            Back to your lists
          </ButtonLink>
        }
      />
    ) : (
      <Alert color="red" role="alert">
        {apiErrorMessage(query.error, WISH_LIST_UI.loadError)}
      </Alert>
    )
  }
  const list = query.data
  return (
    <Stack gap="lg">
      <ListHeader list={list} />
      <SharePanel list={list} />
      <Stack gap="sm" component="section" aria-labelledby="items-heading">
        <Title order={2} size="h3" id="items-heading">
          Items
        </Title>
        {list.items.length === 0 ? <Text c="dimmed">{WISH_LIST_UI.noItems}</Text> : null}
        {list.items.map((item) => (
          <OwnerItemCard key={item.id} listId={list.id} item={item} />
        ))}
      </Stack>
      <AddItemCard listId={list.id} />
    </Stack>
  )
}

function useRefresh() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: trpc.wishLists.pathKey() })
}

function ListHeader({ list }: { list: WishListOutput }) {
  const trpc = useTRPC()
  const navigate = useNavigate()
  const refresh = useRefresh()
  const [editing, setEditing] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const remove = useMutation(
    trpc.wishLists.delete.mutationOptions({
      onSuccess: async () => {
        await refresh()
        void navigate({ to: '/my-account/lists' })
      },
    }),
  )
  return (
    <Stack gap={6}>
      <AnchorLink to="/my-account/lists" size="sm">
        ← All wish lists
      </AnchorLink>
      <Title order={1}>{list.name}</Title>
      <Group gap="xs">
        {list.occasionLabel ? <Badge variant="light">{list.occasionLabel}</Badge> : null}
        {list.date ? <Text size="sm">{ukDate(list.date)}</Text> : null}
      </Group>
      {list.note ? <Text>{list.note}</Text> : null}
      <Group gap="xs">
        <Button variant="default" size="xs" onClick={() => setEditing(true)}>
          Edit details
        </Button>
        <Button variant="subtle" color="red" size="xs" onClick={() => setConfirming(true)}>
          Delete list
        </Button>
      </Group>
      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        title="Edit list"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <EditListForm list={list} onDone={() => setEditing(false)} />
      </Modal>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Delete this list?"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack>
          <Text>The link stops working. Anyone who claimed from it is told the item was removed.</Text>
          <Group>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate({ id: list.id })}>
              Delete list
            </Button>
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}

function EditListForm({ list, onDone }: { list: WishListOutput; onDone: () => void }) {
  const trpc = useTRPC()
  const refresh = useRefresh()
  const occasions = useQuery(occasionsQueryOptions(trpc))
  const [name, setName] = useState(list.name)
  const [occasionId, setOccasionId] = useState<string | null>(list.occasionId ? String(list.occasionId) : null)
  const [date, setDate] = useState(list.date ?? '')
  const [note, setNote] = useState(list.note)
  const update = useMutation(
    trpc.wishLists.update.mutationOptions({
      onSuccess: async () => {
        await refresh()
        onDone()
      },
    }),
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    update.mutate({ id: list.id, name, occasionId: occasionId ? Number(occasionId) : null, date: date || null, note })
  }
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <TextInput
          label="List name"
          required
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Select
          label="Occasion"
          clearable
          data={(occasions.data ?? []).map((o) => ({ value: String(o.id), label: o.label }))}
          value={occasionId}
          onChange={setOccasionId}
        />
        <TextInput type="date" label="Date" value={date} onChange={(e) => setDate(e.currentTarget.value)} />
        <Textarea label="Note" maxLength={500} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        {update.isError ? (
          <Alert color="red" role="alert">
            {apiErrorMessage(update.error, 'Could not save the list')}
          </Alert>
        ) : null}
        <Button type="submit" loading={update.isPending}>
          Save
        </Button>
      </Stack>
    </form>
  )
}

function SharePanel({ list }: { list: WishListOutput }) {
  const trpc = useTRPC()
  const refresh = useRefresh()
  const share = useMutation(trpc.wishLists.share.mutationOptions({ onSuccess: () => void refresh() }))
  const revoke = useMutation(trpc.wishLists.revokeShare.mutationOptions({ onSuccess: () => void refresh() }))
  const url = list.sharePath ? `${window.location.origin}${list.sharePath}` : null
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="share-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="share-heading">
          Share this list
        </Title>
        <Text size="sm" c="dimmed">
          {WISH_LIST_UI.shareIntro}
        </Text>
        {url ? (
          <>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label="Link to share"
                readOnly
                value={url}
                style={{ flex: 1 }}
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyButton value={url}>
                {({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy link'}</Button>}
              </CopyButton>
            </Group>
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                loading={share.isPending}
                onClick={() => share.mutate({ id: list.id, renew: true })}
              >
                Make a new link
              </Button>
              <Button
                variant="subtle"
                color="red"
                size="xs"
                loading={revoke.isPending}
                onClick={() => revoke.mutate({ id: list.id })}
              >
                Stop sharing
              </Button>
            </Group>
          </>
        ) : (
          <Group>
            <Button loading={share.isPending} onClick={() => share.mutate({ id: list.id })}>
              Share this list
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  )
}

/** An item's picture, title (product page or outside link), price, quantity, priority and note. */
export function ItemSummary({
  item,
  watchKinds,
}: {
  item: OwnerItemOutput
  /** Shows "£12 less than when you added it" for a catalog item (issue 39). */
  watchKinds?: readonly WatchKind[]
}) {
  // Issue 43 §5: a 400-character word wraps inside the card and never pushes Edit and Remove out.
  return (
    <Group wrap="nowrap" align="flex-start" gap="md" style={{ flex: 1, minWidth: 0 }}>
      {item.image ? <Image src={item.image} alt="" w={64} h={64} fit="contain" radius="sm" /> : null}
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        {item.awProductId ? (
          <AnchorLink to="/product/$id" params={{ id: String(item.awProductId) }} fw={600} style={WRAP}>
            {item.title}
          </AnchorLink>
        ) : item.link ? (
          <Anchor href={item.link} target="_blank" rel="noopener noreferrer" fw={600} style={WRAP}>
            {item.title} <IconExternalLink size={14} aria-label="(opens another site)" />
          </Anchor>
        ) : (
          <Text fw={600} style={WRAP}>
            {item.title}
          </Text>
        )}
        <Group gap="xs">
          {item.price !== null ? <Text size="sm">{itemPrice(item.price)}</Text> : null}
          {item.price === null && item.otherPrice ? <Text size="sm">{formatOtherPrice(item.otherPrice)}</Text> : null}
          {item.priceReadAt ? (
            <Text size="xs" c="dimmed">
              price on {readDate(item.priceReadAt)}
            </Text>
          ) : null}
          {item.quantity > 1 ? <Text size="sm">× {item.quantity}</Text> : null}
          <Badge color={priorityColor(item.priority)} variant="outline">
            {priorityLabel(item.priority)}
          </Badge>
          {item.groupGift ? <Badge color="grape.9">{WISH_LIST_UI.groupGift}</Badge> : null}
          {item.available ? null : <Badge color="gray.8">No longer available</Badge>}
        </Group>
        {watchKinds && item.productId !== null ? <PriceDropNote productId={item.productId} kinds={watchKinds} /> : null}
        {item.note ? (
          <Text size="sm" c="dimmed" style={WRAP}>
            {item.note}
          </Text>
        ) : null}
      </Stack>
    </Group>
  )
}

/** Breaks a long unbroken word anywhere rather than overflow its card. */
const WRAP = { overflowWrap: 'anywhere' } as const

function OwnerItemCard({ listId, item }: { listId: number; item: OwnerItemOutput }) {
  const trpc = useTRPC()
  const refresh = useRefresh()
  const [editing, setEditing] = useState(false)
  const update = useMutation(
    trpc.wishLists.updateItem.mutationOptions({
      onSuccess: async () => {
        await refresh()
        setEditing(false)
      },
    }),
  )
  const remove = useMutation(trpc.wishLists.deleteItem.mutationOptions({ onSuccess: () => void refresh() }))
  const catalog = item.productId !== null
  return (
    <Card withBorder radius="md" padding="sm" component="article" aria-label={item.title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <ItemSummary item={item} watchKinds={['list']} />
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          <Button variant="default" size="xs" onClick={() => setEditing(true)} aria-label={`Edit ${item.title}`}>
            Edit
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="xs"
            loading={remove.isPending}
            onClick={() => remove.mutate({ listId, itemId: item.id })}
            aria-label={`Remove ${item.title}`}
          >
            Remove
          </Button>
        </Group>
      </Group>
      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        title={`Edit ${item.title}`}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <ItemForm
          initial={draftOf(item)}
          catalog={catalog}
          submitLabel="Save"
          pending={update.isPending}
          error={update.isError ? apiErrorMessage(update.error, 'Could not save the item') : null}
          onSubmit={(draft) => update.mutate({ listId, itemId: item.id, ...itemFields(draft, catalog) })}
        />
      </Modal>
    </Card>
  )
}

/** "28 November 2026": the day a price was read (Europe/London). */
function readDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  })
}

function AddItemCard({ listId }: { listId: number }) {
  const trpc = useTRPC()
  const refresh = useRefresh()
  const [round, setRound] = useState(0)
  const add = useSingleFlightMutation(
    trpc.wishLists.addItem.mutationOptions({
      onSuccess: async () => {
        await refresh()
        setRound((r) => r + 1)
      },
    }),
  )
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="add-item-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="add-item-heading">
          Add an item from anywhere
        </Title>
        <Text size="sm" c="dimmed">
          For products from this shop, use “Add to a wish list” beside the heart on any product.
        </Text>
        <ItemForm
          key={round}
          initial={draftOf()}
          submitLabel="Add item"
          pending={add.isPending}
          error={add.isError ? apiErrorMessage(add.error, 'Could not add the item') : null}
          onSubmit={(draft) => add.mutate({ listId, ...itemFields(draft, false) })}
          catalogActions={(product) => (
            <Button
              size="xs"
              loading={add.isPending}
              onClick={() => add.mutate({ listId, productId: product.productId })}
            >
              Add this product instead
            </Button>
          )}
        />
      </Stack>
    </Card>
  )
}
