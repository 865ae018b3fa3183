import { Alert, Card, SimpleGrid, Skeleton, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { apiErrorMessage } from '../../lib/api-errors'
import { useTRPC } from '../../lib/trpc'
import { LikedProductSummary } from './liked-product-card'
import { LIKE_UI } from './messages'
import { personOccasionLikesQueryOptions } from './query-options'

/**
 * Liked products for one of the user's people and an occasion label (GET
 * /api/get-liked-products/person/{personId}/occasion/{label}): likes associated with the person
 * and that occasion, the person with any occasion, or that occasion with nobody in particular.
 * Not fetched until the person id is non-zero and the label non-empty (spec account-area §4);
 * `isIdle` says so.
 */
export function usePersonLikedProducts(personId: number, occasionLabel: string) {
  const trpc = useTRPC()
  const query = useQuery(personOccasionLikesQueryOptions(trpc, personId, occasionLabel))
  return { ...query, isIdle: query.fetchStatus === 'idle' && query.isPending }
}

/**
 * The Person page's liked products for the selected person and occasion: a compact grid (image,
 * title, price, unlike heart), a skeleton while loading, the empty and error states. Renders
 * nothing until both are chosen.
 */
export function PersonLikedProducts({ personId, occasionLabel }: { personId: number; occasionLabel: string }) {
  const query = usePersonLikedProducts(personId, occasionLabel)
  if (query.isIdle) return null
  if (query.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }} aria-busy="true" aria-label="Loading liked products">
        {[0, 1].map((i) => (
          <Skeleton key={i} height={88} radius="md" />
        ))}
      </SimpleGrid>
    )
  }
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {apiErrorMessage(query.error, LIKE_UI.fetchFailed)}
      </Alert>
    )
  }
  if (query.data.length === 0) return <Text c="dimmed">{LIKE_UI.personEmpty}</Text>
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="person-liked-products">
      {query.data.map((like) => (
        <Card key={like.id} withBorder radius="md" padding="sm" component="article" aria-label={like.productTitle}>
          <LikedProductSummary like={like} />
        </Card>
      ))}
    </SimpleGrid>
  )
}
