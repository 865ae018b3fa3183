import { SimpleGrid, Text } from '@mantine/core'
import type { GiftFinderOutput } from '@presently/domain'
import { ProductCard } from '../catalog/product-card'
import classes from './gift-finder.module.css'

/** Products with their reasons (issue 40: the finder's answer and the collections). */
export function PickGrid({ picks }: { picks: GiftFinderOutput['picks'] }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" className={classes.grid}>
      {picks.map((pick) => (
        <div key={pick.product.id} className={classes.pick} data-testid="finder-pick">
          <ProductCard
            product={{
              id: pick.product.id,
              awProductId: pick.product.awProductId,
              title: pick.product.title,
              imageUrl: pick.product.imageUrl,
              price: pick.product.price,
              brand: pick.product.brand,
              categoryName: pick.product.categoryName,
              category_level1: pick.product.category_level1,
              category_level2: pick.product.category_level2,
              category_level3: pick.product.category_level3,
              averageRating: pick.product.rating,
              reviewCount: pick.product.reviewCount,
            }}
          />
          <Text size="sm" className={classes.reason} data-testid="finder-pick-reason">
            {pick.reason}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  )
}
