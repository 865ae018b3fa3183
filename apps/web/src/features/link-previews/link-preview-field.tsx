import { Alert, Badge, Button, Card, Group, Image, Loader, Stack, Text, TextInput } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef, useState, type ClipboardEvent, type ReactNode } from 'react'
import { formatOtherPrice, formatPrice, type CatalogMatch, type LinkPreview } from '@presently/domain'
import { apiErrorMessage } from '../../lib/api-errors'
import { AnchorLink } from '../../lib/links'
import { useTRPC } from '../../lib/trpc'
import { BuyErrorDialog } from '../orders/buy-error-dialog'
import { useBuyNow } from '../orders/use-buy-now'
import { useSelection } from '../selection/use-selection'

/** A web address the shop can read: http or https, nothing else. */
export function isWebLink(text: string): boolean {
  try {
    const url = new URL(text.trim())
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

export interface LinkPreviewFieldProps {
  /** The link as typed or pasted. */
  value: string
  onChange: (link: string) => void
  /** What the shop's page said, to fill the form's own fields (every one stays editable). */
  onPreview: (preview: LinkPreview) => void
  /** Actions offered beside a catalog product the link turned out to be (e.g. "Add this instead"). */
  catalogActions?: (product: CatalogMatch) => ReactNode
  /** Read the link given at first at once (a shared link arriving with the page). */
  previewOnMount?: boolean
  label?: string
}

/**
 * The link field of any form that adds an item from anywhere (issue 38: wish-list items, a
 * present recorded by hand, and gift exchanges' lists later): pasting a link, or leaving the field
 * after typing one, asks the server to read the page and shows its title, picture, price and shop
 * name in a second or two; `onPreview` fills the form. A page that cannot be read shows a plain
 * message and the form stays usable by hand. A link to a product the shop sells offers that
 * product, with its Buy Now.
 */
export function LinkPreviewField({
  value,
  onChange,
  onPreview,
  catalogActions,
  previewOnMount = false,
  label = 'Link',
}: LinkPreviewFieldProps) {
  const trpc = useTRPC()
  const read = useMutation(trpc.linkPreviews.preview.mutationOptions())
  const lastRead = useRef<string | null>(null)
  const [preview, setPreview] = useState<LinkPreview | null>(null)

  const readLink = (link: string) => {
    const trimmed = link.trim()
    if (!isWebLink(trimmed) || trimmed === lastRead.current) return
    lastRead.current = trimmed
    setPreview(null)
    read.mutate(
      { url: trimmed },
      {
        onSuccess: (answer) => {
          if (lastRead.current !== trimmed) return
          setPreview(answer)
          if (answer.status !== 'unreadable') onPreview(answer)
        },
      },
    )
  }

  const initial = useRef(value)
  useEffect(() => {
    if (previewOnMount) readLink(initial.current)
    // Only the value the page opened with; later values are read on paste and blur.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [previewOnMount])

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text').trim()
    if (!isWebLink(pasted)) return
    event.preventDefault()
    onChange(pasted)
    readLink(pasted)
  }

  return (
    <Stack gap="xs">
      <TextInput
        label={label}
        description="Paste a product link from any shop and we fill in the rest"
        type="url"
        inputMode="url"
        maxLength={2000}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onPaste={onPaste}
        onBlur={() => readLink(value)}
      />
      <div aria-live="polite">
        {read.isPending ? (
          <Group gap="xs">
            <Loader size="xs" aria-hidden />
            <Text size="sm">Reading the page…</Text>
          </Group>
        ) : read.isError ? (
          <Alert color="yellow" variant="light" p="xs">
            {apiErrorMessage(read.error, 'We could not read this page. You can still fill in the item by hand.')}
          </Alert>
        ) : preview ? (
          <PreviewCard preview={preview} catalogActions={catalogActions} />
        ) : null}
      </div>
    </Stack>
  )
}

function PreviewCard({
  preview,
  catalogActions,
}: {
  preview: LinkPreview
  catalogActions?: (product: CatalogMatch) => ReactNode
}) {
  if (preview.status === 'unreadable') {
    return (
      <Alert color="yellow" variant="light" p="xs">
        {preview.message}
      </Alert>
    )
  }
  const product = preview.catalogProduct
  return (
    <Card withBorder radius="md" padding="xs" aria-label="What the link shows">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        {preview.image ? <Image src={preview.image} alt="" w={72} h={72} fit="contain" radius="sm" /> : null}
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          {product ? <Badge variant="light">In our shop</Badge> : null}
          <Text fw={600} lineClamp={2}>
            {preview.title}
          </Text>
          <Group gap="xs">
            {preview.price !== null ? <Text size="sm">{formatPrice(preview.price)}</Text> : null}
            {preview.otherPrice ? (
              <Text size="sm">{formatOtherPrice(preview.otherPrice)} (the shop’s currency, not converted)</Text>
            ) : null}
            {preview.shopName ? (
              <Text size="sm" c="dimmed">
                from {preview.shopName}
              </Text>
            ) : null}
          </Group>
          {product ? <CatalogOffer product={product} actions={catalogActions} /> : null}
        </Stack>
      </Group>
    </Card>
  )
}

/** The shop's own product for the link: its page, Buy Now, and the form's own actions. */
function CatalogOffer({ product, actions }: { product: CatalogMatch; actions?: (p: CatalogMatch) => ReactNode }) {
  // The header pickers' selection (person and occasion), as the product page's Buy Now uses.
  const { personId, occasionId, peopleLoading, occasionsLoading } = useSelection()
  const buy = useBuyNow({ personId, occasionId })
  return (
    <Stack gap={4}>
      <Text size="sm">This product is in our shop: add it from here to keep its price up to date.</Text>
      <Group gap="xs">
        {actions?.(product)}
        <Button
          size="xs"
          variant="default"
          loading={buy.isPending || peopleLoading || occasionsLoading}
          onClick={() => buy.buy(product.productId)}
        >
          Buy Now
        </Button>
        <AnchorLink to="/product/$id" params={{ id: String(product.awProductId) }} size="sm">
          See the product
        </AnchorLink>
      </Group>
      <BuyErrorDialog message={buy.errorMessage} onClose={buy.reset} />
    </Stack>
  )
}
