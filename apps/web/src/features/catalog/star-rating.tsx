import { Group, Text } from '@mantine/core'
import { IconStar, IconStarFilled, IconStarHalfFilled } from '@tabler/icons-react'

interface StarRatingProps {
  /** 0..5 stars. */
  rating: number
  reviewCount: number | null
  size?: number
}

/**
 * The feed's average rating as five stars (halves rounded to the nearest half) and its review
 * count, e.g. ★★★★½ (1,040). Read out as "Rated 4.5 out of 5 from 1,040 reviews".
 */
export function StarRating({ rating, reviewCount, size = 14 }: StarRatingProps) {
  const halves = Math.round(rating * 2)
  const reviews = reviewCount ?? 0
  const label = `Rated ${rating.toFixed(1).replace(/\.0$/, '')} out of 5${reviews ? ` from ${reviews.toLocaleString('en-GB')} ${reviews === 1 ? 'review' : 'reviews'}` : ''}`
  return (
    <Group gap={4} wrap="nowrap" role="img" aria-label={label} data-testid="star-rating">
      <Group gap={1} wrap="nowrap" c="yellow.7" aria-hidden>
        {[0, 1, 2, 3, 4].map((i) => {
          const fill = halves - i * 2
          const Star = fill >= 2 ? IconStarFilled : fill === 1 ? IconStarHalfFilled : IconStar
          return <Star key={i} size={size} />
        })}
      </Group>
      {reviews ? (
        <Text size="xs" c="dimmed" aria-hidden>
          ({reviews.toLocaleString('en-GB')})
        </Text>
      ) : null}
    </Group>
  )
}
