import {
  Button,
  Checkbox,
  Group,
  Image,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core'
import { useState, type FormEvent, type ReactNode } from 'react'
import {
  formatOtherPrice,
  LINK_IMAGE_ID_PATTERN,
  type CatalogMatch,
  type LinkPreview,
  type OtherPrice,
  parseMoneyText,
  PRIORITY_LABELS,
  WISH_LIST_LIMITS,
  WISH_LIST_PRIORITIES,
  type OwnerItemOutput,
  type WishListPriority,
} from '@presently/domain'
import { MoneyInput, moneyText } from '../../lib/money-input'
import { LinkPreviewField } from '../link-previews/link-preview-field'

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
  /** Issue 38: the picture a link preview read (its id, and the shop's URL of it to show). */
  imageId: string | null
  image: string | null
  /** Issue 38: the page's price in another currency, kept as it is unless a £ price is typed. */
  otherPrice: OtherPrice | null
  /** What the last link preview put in the title and price (so a later preview may replace it). */
  previewed: { title: string; price: string } | null
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
    imageId: pictureIdOf(item?.productId === null ? item.image : null),
    image: item?.productId === null ? item.image : null,
    otherPrice: item?.otherPrice ?? null,
    previewed: null,
  }
}

/** The picture id in a link preview picture's URL (/api/link-previews/images/{id}). */
function pictureIdOf(image: string | null | undefined): string | null {
  const id = image?.split('/').at(-1) ?? ''
  return image?.startsWith('/api/link-previews/images/') && LINK_IMAGE_ID_PATTERN.test(id) ? id : null
}

/**
 * A draft filled from a link preview (issue 38): the page's title and price go into fields that
 * are empty or still hold an earlier preview's words (never over what the user typed), and its
 * picture and a price in another currency are taken.
 */
export function draftFromPreview(draft: ItemDraft, preview: LinkPreview): ItemDraft {
  const untouched = (field: 'title' | 'price') =>
    draft[field].trim() === '' || draft[field] === draft.previewed?.[field]
  const title = preview.title && untouched('title') ? preview.title : draft.title
  const price = untouched('price') ? (preview.price !== null ? moneyText(preview.price) : '') : draft.price
  return {
    ...draft,
    title,
    price,
    otherPrice: preview.otherPrice,
    imageId: preview.imageId ?? draft.imageId,
    image: preview.imageId ? preview.image : draft.image,
    previewed: { title, price },
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
  catalogActions,
  previewOnMount = false,
}: {
  initial: ItemDraft
  catalog?: boolean
  submitLabel: string
  pending: boolean
  error?: string | null
  onSubmit: (draft: ItemDraft) => void
  /** Issue 38: what to offer when the pasted link is a product of the shop ("Add this instead"). */
  catalogActions?: (product: CatalogMatch) => ReactNode
  /** Issue 38: read the initial link at once (a shared link). */
  previewOnMount?: boolean
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
            <LinkPreviewField
              value={draft.link}
              onChange={(link) => set('link', link)}
              onPreview={(preview) => setDraft((d) => draftFromPreview(d, preview))}
              catalogActions={catalogActions}
              previewOnMount={previewOnMount}
            />
            <TextInput
              label="What is it?"
              required
              maxLength={200}
              value={draft.title}
              onChange={(e) => set('title', e.currentTarget.value)}
            />
            {draft.image ? (
              <Group gap="sm">
                <Image src={draft.image} alt="The item's picture" w={64} h={64} fit="contain" radius="sm" />
                <Button
                  variant="subtle"
                  size="xs"
                  onClick={() => setDraft((d) => ({ ...d, imageId: null, image: null }))}
                >
                  Remove picture
                </Button>
              </Group>
            ) : null}
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
        {!catalog && draft.otherPrice && !draft.price.trim() ? (
          <Text size="sm">
            The shop’s price is {formatOtherPrice(draft.otherPrice)}: it is kept in that currency, never converted. Type
            a price in pounds to use that instead.
          </Text>
        ) : null}
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
  const price = readPrice(draft.price)
  return {
    ...common,
    title: draft.title,
    link: draft.link.trim() ? draft.link.trim() : null,
    price,
    imageId: draft.imageId,
    // A price in pounds replaces a price in another currency (issue 38).
    otherPrice: price === null ? draft.otherPrice : null,
  }
}

/** The price of a draft in pounds; none when blank (the form refuses a price it cannot read). */
function readPrice(text: string): number | null {
  const parsed = parseMoneyText(text, PRICE_RULE)
  return parsed.ok ? parsed.pounds : null
}
