import { useState, type CSSProperties } from 'react'
import { categoryIllustration } from './category-illustration'
import classes from './product-image.module.css'

/**
 * The file behind the spec's placeholder (browsing-and-purchase §9, "/img/placeholder.png on
 * error"): the shop's generic gift illustration, for places that need a URL (JSON-LD, mail).
 * Pages show the product's category illustration instead (docs/decisions/product-images.md).
 */
export const PLACEHOLDER_IMAGE = '/img/placeholder.png'

export interface ImageProduct {
  title: string
  imageUrl: string | null
  categoryName: string | null
}

interface ProductImageProps {
  product: ImageProduct
  /** Intrinsic size in px: 320 in listings, 703 on the detail page (spec §9). */
  size: 320 | 703
  /** Above the fold (the product page, a listing's first row): loaded at once and first. */
  priority?: boolean
}

/**
 * A product's picture (issue 14): the feed's image with explicit width and height (no layout
 * shift), lazily loaded unless `priority`; when the product has no image or it fails to load,
 * its category's illustration (categoryIllustration) in the same square. Either way the
 * picture's accessible name is the product's title.
 */
export function ProductImage({ product, size, priority = false }: ProductImageProps) {
  const [failed, setFailed] = useState<string | null>(null)
  const src = product.imageUrl
  const showImage = src && failed !== src
  return (
    <div className={classes.frame} style={{ maxWidth: size }} data-testid="product-image">
      {showImage ? (
        <img
          className={classes.image}
          src={src}
          alt={product.title}
          width={size}
          height={size}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={priority ? 'high' : 'auto'}
          referrerPolicy="no-referrer"
          onError={() => setFailed(src)}
        />
      ) : (
        <ProductIllustration product={product} />
      )}
    </div>
  )
}

/** The category illustration of a product, named by its title (role img). */
export function ProductIllustration({ product }: { product: Pick<ImageProduct, 'title' | 'categoryName'> }) {
  const { Icon, color } = categoryIllustration(product.categoryName)
  return (
    <div
      role="img"
      aria-label={product.title}
      className={classes.illustration}
      data-illustration={color}
      style={
        {
          '--illustration-tint': `var(--mantine-color-${color}-1)`,
          '--illustration-ink': `var(--mantine-color-${color}-7)`,
        } as CSSProperties
      }
    >
      <Icon stroke={1.4} aria-hidden />
    </div>
  )
}
