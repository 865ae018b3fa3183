import { Button, Group, Stack, Text } from '@mantine/core'
import { IconEyeOff, IconShoppingBag } from '@tabler/icons-react'
import type { ProductPickOutput } from '@presently/domain'
import { ProductCard } from '../catalog/product-card'
import { WithProductCardActions } from '../catalog/product-actions'
import { PICKS_UI } from './messages'
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
 * person and occasion) and "Not for {name}".
 */
export function PickCard({ pick, personName, onBuy, buying, onDismiss, dismissing }: PickCardProps) {
  const { product } = pick
  return (
    <Stack gap="xs" className={classes.pick} data-testid="gift-pick">
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
      </Text>
      <Group gap="xs" mt="auto" wrap="wrap">
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
        >
          {PICKS_UI.notFor(personName)}
        </Button>
      </Group>
    </Stack>
  )
}
