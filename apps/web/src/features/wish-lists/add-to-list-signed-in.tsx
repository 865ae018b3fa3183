import { ActionIcon, Button, Menu, Modal, Stack, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconListCheck, IconPlus } from '@tabler/icons-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent, type MouseEvent } from 'react'
import { apiErrorMessage } from '../../lib/api-errors'
import { useTRPC } from '../../lib/trpc'
import { useSingleFlightMutation } from '../../lib/single-flight'
import { WISH_LIST_UI } from './messages'

export interface AddToListProps {
  product: { id: number; title: string }
  /** "icon": the round button over a product card; "button": the product page's labelled button. */
  variant?: 'icon' | 'button'
}

/**
 * The signed-in part of AddToListMenu (its own chunk, loaded only for a signed-in user:
 * docs/decisions/web-bundle.md): the menu of the user's lists and "New list".
 */
export default function SignedInAddToList({ product, variant = 'icon' }: AddToListProps) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [opened, setOpened] = useState(false)
  const [creating, setCreating] = useState(false)
  const lists = useQuery({ ...trpc.wishLists.list.queryOptions(), enabled: opened })
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.wishLists.pathKey() })
  const add = useSingleFlightMutation(
    trpc.wishLists.addItem.mutationOptions({
      onSuccess: () => void refresh(),
    }),
  )
  const addTo = (list: { id: number; name: string }) =>
    add.mutate(
      { listId: list.id, productId: product.id },
      {
        onSuccess: () => notifications.show({ color: 'green', message: `Added to ${list.name}` }),
        onError: (error) => notifications.show({ color: 'red', message: apiErrorMessage(error, 'Could not add it') }),
      },
    )
  const stop = (event: MouseEvent) => {
    // Over a card link: the menu must not open the product.
    event.preventDefault()
    event.stopPropagation()
  }
  const label = `Add ${product.title} to a wish list`
  return (
    <>
      {/* In the page's main landmark (axe: region), not at the end of the body; no focus
          placeholder (a focusable div is not a menu's child: axe aria-required-children), so
          the first item takes the focus. */}
      <Menu
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        withinPortal
        portalProps={{ target: '#main' }}
        withInitialFocusPlaceholder={false}
      >
        <Menu.Target>
          {variant === 'icon' ? (
            <ActionIcon size="lg" radius="xl" variant="default" aria-label={label} onClick={stop}>
              <IconListCheck size="60%" aria-hidden />
            </ActionIcon>
          ) : (
            <Button variant="default" leftSection={<IconListCheck size={18} aria-hidden />} aria-label={label}>
              {WISH_LIST_UI.addToList}
            </Button>
          )}
        </Menu.Target>
        {/* Named by aria-label, not a Menu.Label: a menu holds only items and separators (axe). */}
        <Menu.Dropdown aria-label={WISH_LIST_UI.addToList} onClick={(event) => event.stopPropagation()}>
          {lists.isPending ? <Menu.Item disabled>Loading your lists…</Menu.Item> : null}
          {(lists.data ?? []).map((list) => (
            <Menu.Item key={list.id} onClick={() => addTo(list)}>
              {list.name}
            </Menu.Item>
          ))}
          <Menu.Divider role="separator" />
          <Menu.Item leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            {WISH_LIST_UI.newList}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <NewListDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(list) => {
          setCreating(false)
          addTo(list)
        }}
      />
    </>
  )
}

/** Names a new wish list; `onCreated` gets it. */
export function NewListDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean
  onClose: () => void
  onCreated: (list: { id: number; name: string }) => void
}) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [name, setName] = useState('')
  const create = useSingleFlightMutation(
    trpc.wishLists.create.mutationOptions({
      onSuccess: (list) => {
        void queryClient.invalidateQueries({ queryKey: trpc.wishLists.pathKey() })
        setName('')
        onCreated(list)
      },
    }),
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    create.mutate({ name })
  }
  return (
    <Modal opened={opened} onClose={onClose} title="New wish list" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} onClick={(event) => event.stopPropagation()}>
        <Stack>
          <TextInput
            label="List name"
            placeholder="Christmas 2026"
            required
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={create.isError ? apiErrorMessage(create.error, 'Could not create the list') : undefined}
            data-autofocus
          />
          <Button type="submit" loading={create.isPending}>
            Create list
          </Button>
        </Stack>
      </form>
    </Modal>
  )
}
