import { Button, Group, Skeleton, Stack, Text } from '@mantine/core'
import { IconEyeOff, IconShoppingBag } from '@tabler/icons-react'
import type { ProductPickOutput } from '@presently/domain'
import { ProductCard, ProductCardSkeleton } from '../catalog/product-card'
import { WithProductCardActions } from '../catalog/product-actions'
import { PICKS_UI } from './messages'
import { PriceDropNote } from '../prices/price-drop-note'

/** A pick the user already watches shows the drop since its like, list item or claim (issue 39). */
const PICK_WATCH = ['like', 'list', 'claim'] as const
import classes from './picks.module.css'

export interface PickCardProps {
  pick: ProductPickOutput
  personName: string
  onBuy: (productId: number) => void
  buying: boolean
  onDismiss: (productId: number) => void
  dismissing: boolean
}

/**
 * One gift pick (issue 20): the listing's product card (picture or illustration, brand, title,
 * rating, price, the like heart), its reason, Buy Now (the click-through flow for the chosen
 * person and occasion) and "Not for {name}". In the picks grid (picks.module.css `.grid`) its
 * three parts are rows of a subgrid, so the picks of a row have cards of one height, reasons
 * starting level and their buttons in one line at the bottom (issue 24).
 */
export function PickCard({ pick, personName, onBuy, buying, onDismiss, dismissing }: PickCardProps) {
  const { product } = pick
  return (
    <div className={classes.pick} data-testid="gift-pick">
      <WithProductCardActions product={{ id: product.id, title: product.title }}>
        <ProductCard
          product={{
            id: product.id,
            awProductId: product.awProductId,
            title: product.title,
            imageUrl: product.imageUrl,
            price: product.price,
            brand: product.brand,
            categoryName: product.categoryName,
            category_level1: product.category_level1,
            category_level2: product.category_level2,
            category_level3: product.category_level3,
            averageRating: product.rating,
            reviewCount: product.reviewCount,
          }}
        />
      </WithProductCardActions>
      <Text size="sm" className={classes.reason} data-testid="gift-pick-reason">
        {pick.reason}
        <PriceDropNote productId={product.id} kinds={PICK_WATCH} />
      </Text>
      <Group gap="xs" wrap="wrap" className={classes.actions}>
        <Button
          size="sm"
          leftSection={<IconShoppingBag size={16} aria-hidden />}
          loading={buying}
          onClick={() => onBuy(product.id)}
          aria-label={`${PICKS_UI.buyNow}: ${product.title}`}
        >
          {PICKS_UI.buyNow}
        </Button>
        <Button
          size="sm"
          variant="subtle"
          color="gray"
          leftSection={<IconEyeOff size={16} aria-hidden />}
          loading={dismissing}
          onClick={() => onDismiss(product.id)}
          aria-label={`${PICKS_UI.notFor(personName)}: ${product.title}`}
          title={PICKS_UI.notFor(personName)}
          className={classes.dismiss}
          classNames={{ inner: classes.dismissInner, label: classes.dismissLabel }}
        >
          <span className={classes.dismissText}>{PICKS_UI.notFor(personName)}</span>
        </Button>
      </Group>
    </div>
  )
}

/** A pick's loading stand-in, in the same subgrid rows: a product card's, two lines of reason, the buttons (issue 24, CLS). */
export function PickCardSkeleton() {
  return (
    <div className={classes.pick} data-testid="gift-pick-skeleton">
      <ProductCardSkeleton />
      <Stack gap={8} py={4}>
        <Skeleton h={12} />
        <Skeleton h={12} w="65%" />
      </Stack>
      <Skeleton h={36} w={112} radius="sm" className={classes.actions} />
    </div>
  )
}
