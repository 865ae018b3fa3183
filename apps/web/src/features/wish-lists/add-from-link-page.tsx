import { Alert, Button, Card, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { apiErrorMessage } from '../../lib/api-errors'
import { useTRPC, useTRPCClient } from '../../lib/trpc'
import { useSingleFlightMutation } from '../../lib/single-flight'
import { draftOf, ItemForm, itemFields, type ItemDraft } from './item-form'

/** The name of the list made for a first shared link, when the user has none yet. */
const FIRST_LIST_NAME = 'My wish list'

/**
 * "Add to a wish list" (issue 38): where a link shared to the installed app, or sent by the
 * bookmarklet, lands. The page is read at once into an item (title, picture, price), every field
 * editable; the user picks the list (or names a first one) and saves.
 */
export function AddFromLinkContent({ url, title }: { url: string; title: string }) {
  const trpc = useTRPC()
  const client = useTRPCClient()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const lists = useQuery(trpc.wishLists.list.queryOptions())
  const [listId, setListId] = useState<string | null>(null)
  const [newName, setNewName] = useState(FIRST_LIST_NAME)
  const chosen = listId ?? (lists.data?.[0] ? String(lists.data[0].id) : null)
  const save = useSingleFlightMutation({
    mutationFn: async (item: { draft: ItemDraft } | { productId: number }) => {
      const id = chosen ? Number(chosen) : (await client.wishLists.create.mutate({ name: newName })).id
      const fields = 'draft' in item ? itemFields(item.draft, false) : { productId: item.productId }
      await client.wishLists.addItem.mutate({ listId: id, ...fields })
      return id
    },
    onSuccess: async (id: number) => {
      await queryClient.invalidateQueries({ queryKey: trpc.wishLists.pathKey() })
      await navigate({ to: '/my-account/lists/$id', params: { id: String(id) } })
    },
  })
  if (lists.isPending) return <Skeleton height={240} aria-label="Loading your wish lists" />
  // The shared title is a first guess: the page's own reading may replace it.
  const initial = { ...draftOf(), link: url, title, previewed: { title, price: '' } }
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="The item">
      <Stack gap="md">
        {lists.data && lists.data.length > 0 ? (
          <Select
            label="Wish list"
            allowDeselect={false}
            data={lists.data.map((l) => ({ value: String(l.id), label: l.name }))}
            value={chosen}
            onChange={setListId}
          />
        ) : (
          <TextInput
            label="Name of your first wish list"
            required
            maxLength={100}
            value={newName}
            onChange={(e) => setNewName(e.currentTarget.value)}
          />
        )}
        {lists.isError ? (
          <Alert color="red" role="alert">
            {apiErrorMessage(lists.error, 'Could not load your wish lists')}
          </Alert>
        ) : null}
        {url ? null : <Text size="sm">Paste a product link from any shop below.</Text>}
        <ItemForm
          initial={initial}
          submitLabel="Add to the list"
          pending={save.isPending}
          previewOnMount={url !== ''}
          error={save.isError ? apiErrorMessage(save.error, 'Could not add the item') : null}
          onSubmit={(draft) => save.mutate({ draft })}
          catalogActions={(product) => (
            <Button size="xs" loading={save.isPending} onClick={() => save.mutate({ productId: product.productId })}>
              Add this product instead
            </Button>
          )}
        />
      </Stack>
    </Card>
  )
}
