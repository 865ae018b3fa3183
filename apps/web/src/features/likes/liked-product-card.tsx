import { Badge, Box, Card, Group, Stack, Text } from '@mantine/core'
import { formatPrice, type LikedProduct, type OccasionOutput } from '@presently/domain'
import { useDroppable } from '@dnd-kit/core'
import { ProductImage } from '../catalog/product-image'
import { productUrlId } from '../catalog/product-path'
import { AnchorLink } from '../../lib/links'
import type { ChipDragData } from './association-chip'
import { AssociationEditor } from './association-editor'
import type { AssociationNames } from './association-label'
import { LikeButton } from './like-button'
import { PriceDropNote } from '../prices/price-drop-note'
import { LIKE_UI } from './messages'
import classes from './liked-products.module.css'

/** The watch a liked product's price is compared with (issue 39). */
const LIKE_WATCH = ['like'] as const

/** Size of liked-list images (spec account-area §9: resized to 64x64 by image-serving providers). */
export const LIKED_IMAGE_PX = 64 as const

/** What a card's drop zone carries: the like a dropped chip is copied to. */
export interface CardDropData {
  likeId: number
  title: string
}

interface LikedProductCardProps {
  like: LikedProduct
  names: AssociationNames
  people: { id: number; name: string }[]
  occasions: OccasionOutput[]
}

/**
 * The 64x64 picture of a liked or ordered product: its image resized by its host where it can,
 * else (or on error) its category's illustration, as on cards and the product page (issue 14).
 */
export function LikedProductImage({
  src,
  title,
  categoryName,
}: {
  src: string | null
  title: string
  categoryName: string | null
}) {
  return (
    <Box w={LIKED_IMAGE_PX} h={LIKED_IMAGE_PX} className={classes.thumb} style={{ flex: 'none' }}>
      <ProductImage product={{ title, imageUrl: src, categoryName }} size={LIKED_IMAGE_PX} />
    </Box>
  )
}

/** A liked product's title: a link to its page, or plain text once staff disabled it. */
export function LikedProductTitle({
  like,
}: {
  like: Pick<LikedProduct, 'productId' | 'awProductId' | 'productTitle' | 'disabled'>
}) {
  if (like.disabled) {
    return (
      <Text fw={600} size="sm" lineClamp={2} className={classes.title}>
        {like.productTitle}
      </Text>
    )
  }
  return (
    <AnchorLink
      to="/product/$id"
      params={{ id: productUrlId({ id: like.productId, awProductId: like.awProductId }) }}
      fw={600}
      size="sm"
      c="dark.8"
      lineClamp={2}
      className={classes.title}
    >
      {like.productTitle}
    </AnchorLink>
  )
}

/**
 * One liked product in a row: the 64x64 image, the title linking to the product, the price (and
 * "Unavailable" once staff disabled it) and the unlike heart. The Liked Products cards and the
 * Person page's liked list both show it (spec account-area §2, §4).
 */
export function LikedProductSummary({
  like,
}: {
  like: Pick<
    LikedProduct,
    'productId' | 'awProductId' | 'productTitle' | 'productImage' | 'productCategory' | 'price' | 'disabled'
  >
}) {
  return (
    <Group align="flex-start" wrap="nowrap" gap="sm">
      <LikedProductImage src={like.productImage} title={like.productTitle} categoryName={like.productCategory} />
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <LikedProductTitle like={like} />
        <Group gap="xs">
          <Text fw={700} size="sm" c="brand.8">
            {formatPrice(like.price)}
          </Text>
          {like.disabled ? (
            <Badge color="gray" variant="light" size="sm">
              {LIKE_UI.unavailable}
            </Badge>
          ) : null}
        </Group>
        <PriceDropNote productId={like.productId} kinds={LIKE_WATCH} />
      </Stack>
      <LikeButton product={{ id: like.productId, title: like.productTitle }} likedHint size="md" />
    </Group>
  )
}

/**
 * A card of the Liked Products grid (spec account-area §2): the 64x64 image, the title linking
 * to the product, the price, the unlike heart and the association editor. The card is a drop
 * zone for event chips dragged from other cards ("Drop here to create event association").
 */
export function LikedProductCard({ like, names, people, occasions }: LikedProductCardProps) {
  const drop: CardDropData = { likeId: like.id, title: like.productTitle }
  const { setNodeRef, isOver, active } = useDroppable({ id: `like-${like.id}`, data: drop })
  const dragged = active?.data.current as ChipDragData | undefined
  const candidate = !!dragged && dragged.fromLikeId !== like.id
  return (
    <Card
      ref={setNodeRef}
      withBorder
      radius="md"
      padding="md"
      className={classes.card}
      data-drop-candidate={candidate || undefined}
      data-drop-target={(candidate && isOver) || undefined}
      data-testid="liked-product-card"
      component="article"
      aria-label={like.productTitle}
    >
      <LikedProductSummary like={like} />
      <Card.Section withBorder inheritPadding py="xs" mt="sm">
        <AssociationEditor
          productLikeId={like.id}
          productTitle={like.productTitle}
          initial={like.associations}
          names={names}
          people={people}
          occasions={occasions}
        />
      </Card.Section>
      {candidate && isOver ? (
        <div className={classes.dropOverlay} aria-hidden>
          {LIKE_UI.dropHere}
        </div>
      ) : null}
    </Card>
  )
}
