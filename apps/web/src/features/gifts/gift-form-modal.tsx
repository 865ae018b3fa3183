import { Alert, Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { parseMoneyText, ukToday, type GiftOutput } from '@presently/domain'
import { MoneyInput, moneyText } from '../../lib/money-input'
import { apiErrorMessage } from '../../lib/api-errors'
import { useTRPC } from '../../lib/trpc'
import { useSingleFlightMutation } from '../../lib/single-flight'
import { UkDateInput } from '../events/uk-date-input'
import { occasionsQueryOptions } from '../selection/query-options'
import { GIFT_UI } from './messages'
import { refreshAfterGiftChange } from './query-options'

/** The price paid for a present: pounds and pence, £0 to £100,000 (issue 22; issue 43 §2). */
const PRICE_RULE = { label: 'Price paid' } as const

interface Draft {
  title: string
  link: string
  pricePaid: string
  givenOn: string | null
  occasionId: string | null
  note: string
}

const draftOf = (gift: GiftOutput | null): Draft => ({
  title: gift?.title ?? '',
  link: gift?.link ?? '',
  pricePaid: moneyText(gift?.pricePaid),
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
  const [showErrors, setShowErrors] = useState(false)
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
    const price = parseMoneyText(draft.pricePaid, PRICE_RULE)
    if (!price.ok || draft.givenOn === null) {
      setShowErrors(true)
      return
    }
    const values = {
      title: draft.title,
      link: draft.link.trim() || null,
      pricePaid: price.pounds,
      givenOn: draft.givenOn,
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
          <MoneyInput
            label="Price paid (£)"
            rule={PRICE_RULE}
            showError={showErrors}
            value={draft.pricePaid}
            onChange={(pricePaid) => setDraft((d) => ({ ...d, pricePaid }))}
          />
          <UkDateInput
            label="Given on"
            withAsterisk
            value={draft.givenOn}
            onChange={(givenOn) => setDraft((d) => ({ ...d, givenOn }))}
            showError={showErrors}
            error={showErrors && draft.givenOn === null ? 'Given on is required' : undefined}
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
