import { Image, type ImageProps } from '@mantine/core'

/** Shown when a product has no image or its image fails to load (spec browsing-and-purchase §9). */
export const PLACEHOLDER_IMAGE = '/img/placeholder.png'

interface ProductImageProps extends Omit<ImageProps, 'src' | 'fallbackSrc'> {
  src: string | null
  alt: string
  /** Intrinsic size in px: 320 in listings, 703 on the detail page (spec §9). */
  size: 320 | 703
  loading?: 'lazy' | 'eager'
}

/** A square product image that falls back to the placeholder when absent or broken (onError swap). */
export function ProductImage({ src, alt, size, loading = 'lazy', ...props }: ProductImageProps) {
  return (
    <Image
      src={src || PLACEHOLDER_IMAGE}
      fallbackSrc={PLACEHOLDER_IMAGE}
      alt={alt}
      width={size}
      height={size}
      loading={loading}
      fit="contain"
      style={{ aspectRatio: '1 / 1', width: '100%', height: 'auto', maxWidth: size }}
      {...props}
    />
  )
}
