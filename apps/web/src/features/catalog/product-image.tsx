import { resizedImageUrl } from '@presently/domain'
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
  /**
   * Intrinsic size in px: 320 in listings, 703 on the detail page (spec browsing-and-purchase §9),
   * 64 in the liked list and orders (account-area §9: resized by image hosts that can).
   */
  size: 64 | 320 | 703
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
  const src = size === 64 ? resizedImageUrl(product.imageUrl, size) : product.imageUrl
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

/** A small stable hash of a title (FNV-1a), so each product's picture is its own. */
function titleHash(title: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < title.length; i++) hash = Math.imul(hash ^ title.charCodeAt(i), 0x01000193)
  return hash >>> 0
}

/**
 * The category illustration of a product, named by its title (role img): the category's icon
 * on its tint, with two soft bubbles placed by the title's hash, so a grid of one category is
 * not twelve identical squares but every product keeps its own picture on every page.
 */
export function ProductIllustration({ product }: { product: Pick<ImageProduct, 'title' | 'categoryName'> }) {
  const { Icon, color } = categoryIllustration(product.categoryName)
  const h = titleHash(product.title)
  const pick = (shift: number, from: number, span: number) => `${from + ((h >>> shift) % span)}%`
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
          '--bubble-1-x': pick(0, 12, 30),
          '--bubble-1-y': pick(5, 10, 25),
          '--bubble-1-r': pick(10, 12, 10),
          '--bubble-2-x': pick(15, 62, 28),
          '--bubble-2-y': pick(20, 60, 28),
          '--bubble-2-r': pick(25, 7, 8),
        } as CSSProperties
      }
    >
      <Icon stroke={1.4} aria-hidden />
    </div>
  )
}
