import '../../mantine-dates-styles'
import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core'
import { DateInput } from '@mantine/dates'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ukToday, type GiftOutput } from '@presently/domain'
import { apiErrorMessage } from '../../lib/api-errors'
import { useTRPC } from '../../lib/trpc'
import { useSingleFlightMutation } from '../../lib/single-flight'
import { parseUkDate } from '../events/uk-date'
import { occasionsQueryOptions } from '../selection/query-options'
import { GIFT_UI } from './messages'
import { refreshAfterGiftChange } from './query-options'

interface Draft {
  title: string
  link: string
  pricePaid: number | string
  givenOn: string | null
  occasionId: string | null
  note: string
}

const draftOf = (gift: GiftOutput | null): Draft => ({
  title: gift?.title ?? '',
  link: gift?.link ?? '',
  pricePaid: gift?.pricePaid ?? '',
  givenOn: gift?.givenOn ?? ukToday(),
  occasionId: gift?.occasionId ? String(gift.occasionId) : null,
  note: gift?.note ?? '',
})

/**
 * Add or edit a present given by hand (issue 22): title, optional link (http/https), price paid,
 * date given, occasion and note. The server checks every field and its message is shown.
 */
export function GiftFormModal({
  personId,
  gift,
  opened,
  onClose,
}: {
  personId: number
  /** The present being edited; null adds one. */
  gift: GiftOutput | null
  opened: boolean
  onClose: () => void
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={gift ? GIFT_UI.editGift : GIFT_UI.addGift}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened ? <GiftForm personId={personId} gift={gift} onClose={onClose} /> : null}
    </Modal>
  )
}

function GiftForm({ personId, gift, onClose }: { personId: number; gift: GiftOutput | null; onClose: () => void }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const occasions = useQuery(occasionsQueryOptions(trpc))
  const [draft, setDraft] = useState<Draft>(() => draftOf(gift))
  const onSuccess = async () => {
    onClose()
    await refreshAfterGiftChange(queryClient, trpc)
  }
  const create = useSingleFlightMutation(trpc.gifts.create.mutationOptions({ onSuccess }))
  const update = useMutation(trpc.gifts.update.mutationOptions({ onSuccess }))
  const failed = create.error ?? update.error
  const pending = create.isPending || update.isPending

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    const values = {
      title: draft.title,
      link: draft.link.trim() || null,
      pricePaid: typeof draft.pricePaid === 'number' ? draft.pricePaid : null,
      givenOn: draft.givenOn ?? '',
      occasionId: draft.occasionId ? Number(draft.occasionId) : null,
      note: draft.note.trim() || null,
    }
    if (gift) update.mutate({ id: gift.id, ...values })
    else create.mutate({ personId, ...values })
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="What was it?"
          withAsterisk
          maxLength={200}
          value={draft.title}
          onChange={(e) => setDraft((d) => ({ ...d, title: e.currentTarget.value }))}
          data-autofocus
        />
        <TextInput
          label="Link"
          description="Optional: an http or https address"
          type="url"
          maxLength={2000}
          value={draft.link}
          onChange={(e) => setDraft((d) => ({ ...d, link: e.currentTarget.value }))}
        />
        <Group grow align="flex-start">
          <NumberInput
            label="Price paid (£)"
            min={0}
            max={100_000}
            decimalScale={2}
            value={draft.pricePaid}
            onChange={(pricePaid) => setDraft((d) => ({ ...d, pricePaid }))}
          />
          <DateInput
            label="Given on"
            withAsterisk
            valueFormat="DD/MM/YYYY"
            placeholder="DD/MM/YYYY"
            dateParser={(input) => parseUkDate(input)}
            value={draft.givenOn}
            onChange={(givenOn) => setDraft((d) => ({ ...d, givenOn }))}
            firstDayOfWeek={1}
            popoverProps={{ withinPortal: true }}
          />
        </Group>
        <Select
          label="Occasion"
          placeholder="Select Occasion"
          searchable
          clearable
          data={(occasions.data ?? []).map((o) => ({ value: String(o.id), label: o.label }))}
          value={draft.occasionId}
          onChange={(occasionId) => setDraft((d) => ({ ...d, occasionId }))}
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label="Note"
          autosize
          minRows={2}
          maxLength={1000}
          value={draft.note}
          onChange={(e) => setDraft((d) => ({ ...d, note: e.currentTarget.value }))}
        />
        {failed ? (
          <Alert color="red" role="alert" title={GIFT_UI.saveFailed}>
            {apiErrorMessage(failed, 'Please try again.')}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {GIFT_UI.cancel}
          </Button>
          <Button type="submit" loading={pending}>
            {GIFT_UI.saveGift}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
