import { Badge, Group } from '@mantine/core'
import type { ReactNode } from 'react'
import type { Product } from '@presently/domain'
import { LikeButton } from '../likes/like-button'
import { AddToListMenu } from '../wish-lists/add-to-list-menu'
import { DisableProductButton } from './disable-product-button'
import classes from './product-actions.module.css'

type ActionProduct = Pick<Product, 'id' | 'title'> & { disabled?: boolean }

/**
 * A product card with its buttons laid over its top-right corner: the like heart and "Add to a
 * wish list" (signed-in users, issue 23) and the disable button (staff). They sit beside the card's link, not inside it, so no
 * button is nested in a link.
 */
export function WithProductCardActions({ product, children }: { product: ActionProduct; children: ReactNode }) {
  return (
    <div className={classes.frame}>
      {children}
      <div className={classes.overlay}>
        <LikeButton product={product} />
        <AddToListMenu product={product} />
        <DisableProductButton product={product} variant="icon" />
      </div>
    </div>
  )
}

/** The product page's like heart, "Add to a wish list" (issue 23) and staff disable button, with a "Disabled" badge for staff viewing a disabled product. */
export function ProductPageActions({ product }: { product: ActionProduct }) {
  return (
    <Group gap="sm">
      <LikeButton product={product} size="xl" />
      <AddToListMenu product={product} variant="button" />
      <DisableProductButton product={product} />
      {product.disabled ? (
        <Badge color="gray" variant="filled">
          Disabled
        </Badge>
      ) : null}
    </Group>
  )
}
