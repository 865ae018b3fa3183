import { Card, Skeleton, Stack, Text } from '@mantine/core'
import { formatPrice, type Product } from '@presently/domain'
import { ProductImage } from './product-image'
import { productUrlId } from './product-path'
import classes from './product-card.module.css'
import { CardLink } from '../../lib/links'

type CardProduct = Pick<Product, 'id' | 'awProductId' | 'title' | 'imageUrl' | 'price' | 'brand'>

/** A listing card: image, title and price, the whole card linking to the product page. */
export function ProductCard({ product }: { product: CardProduct }) {
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
        {/* The title beside it names the link, so the image is decorative here. */}
        <ProductImage src={product.imageUrl} alt="" size={320} />
      </Card.Section>
      <Stack gap={6} mt="sm" className={classes.body}>
        {product.brand ? (
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} lineClamp={1}>
            {product.brand}
          </Text>
        ) : null}
        <Text fw={600} size="sm" lineClamp={2} className={classes.title} data-testid="product-title">
          {product.title}
        </Text>
        <Text fw={700} size="lg" c="brand.8" mt="auto" data-testid="product-price">
          {formatPrice(product.price)}
        </Text>
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
      <Skeleton height={18} width="30%" mt="md" />
    </Card>
  )
}
