import { Alert, Card, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core'
import { useInfiniteQuery } from '@tanstack/react-query'
import { BrowseGiftIdeas, StatusMessage } from '../catalog/status-message'
import { apiErrorMessage } from '../../lib/api-errors'
import { useTRPC } from '../../lib/trpc'
import { LikedProductsBoard } from './liked-products-board'
import { LIKE_UI } from './messages'
import { isUnauthorized, likedProductsPagesQueryOptions } from './query-options'

/**
 * The body of /my-account/liked-products (spec account-area §2 "Liked Products"): the grid,
 * "You haven't liked any products yet." when empty, "Error loading liked products: <message>"
 * on failure. A 401 counts as an empty list (§6). Likes arrive 48 at a time (`likes.page`,
 * issue 24); "Show more" fetches the next page.
 */
export function LikedProductsContent() {
  const trpc = useTRPC()
  const query = useInfiniteQuery(likedProductsPagesQueryOptions(trpc))
  if (query.isPending) return <LikedProductsSkeleton />
  if (query.isError && !isUnauthorized(query.error)) {
    return (
      <Alert color="red" title="Something went wrong" role="alert">
        {LIKE_UI.loadError(apiErrorMessage(query.error, LIKE_UI.fetchFailed))}
      </Alert>
    )
  }
  const pages = query.data?.pages ?? []
  const likes = pages.flatMap((page) => page.items)
  const total = pages[0]?.total ?? likes.length
  if (likes.length === 0) {
    return (
      <StatusMessage title={LIKE_UI.empty} action={<BrowseGiftIdeas />}>
        Tap the heart on any product to keep it here, then link it to the people and occasions it suits.
      </StatusMessage>
    )
  }
  return (
    <LikedProductsBoard
      likes={likes}
      more={
        query.hasNextPage
          ? {
              count: Math.max(total - likes.length, 1),
              loading: query.isFetchingNextPage,
              load: () => void query.fetchNextPage(),
            }
          : undefined
      }
    />
  )
}

function LikedProductsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md" aria-busy="true" aria-label="Loading liked products">
      {Array.from({ length: 6 }, (_, i) => (
        <Card key={i} withBorder radius="md" padding="md">
          <Group wrap="nowrap" align="flex-start">
            <Skeleton width={64} height={64} radius="sm" />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton height={12} />
              <Skeleton height={12} width="60%" />
              <Skeleton height={14} width="30%" />
            </Stack>
          </Group>
          <Skeleton height={22} width="50%" mt="md" radius="xl" />
        </Card>
      ))}
    </SimpleGrid>
  )
}
