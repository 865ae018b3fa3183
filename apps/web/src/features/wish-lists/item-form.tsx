import { Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import {
  parseMoneyText,
  PRIORITY_LABELS,
  WISH_LIST_LIMITS,
  WISH_LIST_PRIORITIES,
  type OwnerItemOutput,
  type WishListPriority,
} from '@presently/domain'
import { MoneyInput, moneyText } from '../../lib/money-input'

/** An item's price: pounds and pence, £0 to £100,000 (issue 23; issue 43 §2). */
const PRICE_RULE = { label: 'Price', max: WISH_LIST_LIMITS.poundsMax } as const

export interface ItemDraft {
  title: string
  link: string
  price: string
  quantity: string | number
  priority: WishListPriority
  note: string
  groupGift: boolean
}

/** The draft of an existing item (or an empty one). */
export function draftOf(item?: OwnerItemOutput): ItemDraft {
  return {
    title: item?.title ?? '',
    link: item?.link ?? '',
    price: moneyText(item?.price),
    quantity: item?.quantity ?? 1,
    priority: item?.priority ?? 'would_like',
    note: item?.note ?? '',
    groupGift: item?.groupGift ?? false,
  }
}

const priorities = WISH_LIST_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))

/**
 * The fields of an item from anywhere (title, link, price, quantity, priority, note, group gift);
 * a catalog item (`catalog`) edits only quantity, priority, note and group gift.
 */
export function ItemForm({
  initial,
  catalog = false,
  submitLabel,
  pending,
  error,
  onSubmit,
}: {
  initial: ItemDraft
  catalog?: boolean
  submitLabel: string
  pending: boolean
  error?: string | null
  onSubmit: (draft: ItemDraft) => void
}) {
  const [draft, setDraft] = useState(initial)
  const [showErrors, setShowErrors] = useState(false)
  const set = <K extends keyof ItemDraft>(key: K, value: ItemDraft[K]) => setDraft((d) => ({ ...d, [key]: value }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!catalog && !parseMoneyText(draft.price, PRICE_RULE).ok) {
      setShowErrors(true)
      return
    }
    onSubmit(draft)
  }
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        {catalog ? null : (
          <>
            <TextInput
              label="What is it?"
              required
              maxLength={200}
              value={draft.title}
              onChange={(e) => set('title', e.currentTarget.value)}
            />
            <TextInput
              label="Link"
              description="Where to find it (http:// or https://)"
              type="url"
              maxLength={2000}
              value={draft.link}
              onChange={(e) => set('link', e.currentTarget.value)}
            />
          </>
        )}
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          {catalog ? null : (
            <MoneyInput
              label="Price (£)"
              rule={PRICE_RULE}
              showError={showErrors}
              value={draft.price}
              onChange={(v) => set('price', v)}
            />
          )}
          <NumberInput
            label="How many"
            min={1}
            max={99}
            allowDecimal={false}
            value={draft.quantity}
            onChange={(v) => set('quantity', v)}
          />
          <Select
            label="Priority"
            data={priorities}
            allowDeselect={false}
            value={draft.priority}
            onChange={(v) => set('priority', v ?? 'would_like')}
          />
        </SimpleGrid>
        <Textarea
          label="Note"
          description="Size, colour, anything that helps"
          maxLength={500}
          autosize
          minRows={1}
          value={draft.note}
          onChange={(e) => set('note', e.currentTarget.value)}
        />
        <Checkbox
          label="Group gift: people pledge amounts towards it"
          checked={draft.groupGift}
          onChange={(e) => set('groupGift', e.currentTarget.checked)}
        />
        {error ? (
          <div role="alert" style={{ color: 'var(--mantine-color-red-8)' }}>
            {error}
          </div>
        ) : null}
        <Group>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** The API fields of a draft: empty text is none, numbers as numbers. */
export function itemFields(draft: ItemDraft, catalog: boolean) {
  const common = {
    quantity: Number(draft.quantity) || 1,
    priority: draft.priority,
    note: draft.note,
    groupGift: draft.groupGift,
  }
  if (catalog) return common
  return {
    ...common,
    title: draft.title,
    link: draft.link.trim() ? draft.link.trim() : null,
    price: readPrice(draft.price),
  }
}

/** The price of a draft in pounds; none when blank (the form refuses a price it cannot read). */
function readPrice(text: string): number | null {
  const parsed = parseMoneyText(text, PRICE_RULE)
  return parsed.ok ? parsed.pounds : null
}
