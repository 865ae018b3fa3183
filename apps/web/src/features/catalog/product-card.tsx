import { Card, Group, Skeleton, Stack, Text } from '@mantine/core'
import { formatPrice, type Product } from '@presently/domain'
import { productCategoryLevels } from './category-names'
import { ProductImage } from './product-image'
import { productUrlId } from './product-path'
import { StarRating } from './star-rating'
import classes from './product-card.module.css'
import { CardLink } from '../../lib/links'

type CardProduct = Pick<
  Product,
  | 'id'
  | 'awProductId'
  | 'title'
  | 'imageUrl'
  | 'price'
  | 'brand'
  | 'categoryName'
  | 'category_level1'
  | 'category_level2'
  | 'category_level3'
  | 'averageRating'
  | 'reviewCount'
>

/**
 * A listing card (issue 14): the picture (the feed's image or the category's illustration),
 * brand, title, star rating with the review count, the category path and the price, the whole
 * card linking to the product page. `priority` for cards above the fold (the first row).
 */
export function ProductCard({ product, priority = false }: { product: CardProduct; priority?: boolean }) {
  const levels = productCategoryLevels(product)
  return (
    <CardLink
      to="/product/$id"
      params={{ id: productUrlId(product) }}
      withBorder
      padding="md"
      radius="md"
      className={classes.card}
      data-testid="product-card"
    >
      <Card.Section className={classes.imageWrap}>
        <ProductImage product={product} size={320} priority={priority} />
      </Card.Section>
      <Stack gap={6} mt="sm" className={classes.body}>
        {product.brand ? (
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} lineClamp={1} data-testid="product-brand">
            {product.brand}
          </Text>
        ) : null}
        <Text fw={600} size="sm" lineClamp={2} className={classes.title} data-testid="product-title">
          {product.title}
        </Text>
        {product.averageRating !== null ? (
          <StarRating rating={product.averageRating} reviewCount={product.reviewCount} />
        ) : null}
        {levels.length ? (
          <Text size="xs" c="dimmed" lineClamp={1} data-testid="product-category-path">
            {levels.join(' › ')}
          </Text>
        ) : null}
        <Group mt="auto" pt={4}>
          <Text fw={700} size="lg" c="brand.8" data-testid="product-price">
            {formatPrice(product.price)}
          </Text>
        </Group>
      </Stack>
    </CardLink>
  )
}

/** The loading stand-in of a card (spec browsing-and-purchase §2: skeletons while loading). */
export function ProductCardSkeleton() {
  return (
    <Card withBorder padding="md" radius="md" aria-hidden="true" data-testid="product-card-skeleton">
      <Card.Section>
        <Skeleton style={{ aspectRatio: '1 / 1' }} radius={0} />
      </Card.Section>
      <Skeleton height={10} width="40%" mt="md" />
      <Skeleton height={12} mt="sm" />
      <Skeleton height={12} width="70%" mt={6} />
      <Skeleton height={10} width="50%" mt="sm" />
      <Skeleton height={18} width="30%" mt="md" />
    </Card>
  )
}
