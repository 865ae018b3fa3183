import { Center, Loader, Stack, Text, Title } from '@mantine/core'
import { useSession } from '../../features/session/session'
import { PageContainer } from '../../features/layout/page-container'
import { HomeTiles } from '../../features/catalog/category-tiles'
import { Landing } from './landing'
import { lazy, Suspense } from 'react'

// Signed-in only: the landing page does not load it (docs/decisions/web-bundle.md).
const RecommendationsBlock = lazy(() => import('../../features/recommendations/recommendations-block'))
const UpcomingEventsPanel = lazy(() => import('../../features/events/upcoming-events-panel'))

/**
 * Home (/ and /home, spec browsing-and-purchase §1). Signed-out visitors get the landing page
 * (with the tiles below it); signed-in users get the collapsible Upcoming Events panel, the
 * Recommendations block when a person and an occasion are both selected, and the category and
 * occasion tiles. The panel and the block are lazy chunks the landing page never loads.
 */
export function HomePage() {
  const { user, isPending } = useSession()
  if (isPending) {
    return (
      <Center py={120}>
        <Loader role="status" aria-label="Loading" />
      </Center>
    )
  }
  if (!user) return <Landing />
  return (
    <PageContainer>
      <Stack gap="xs" mb="xl">
        <Title order={1}>Welcome back</Title>
        <Text c="dimmed">Browse gift ideas by category or occasion.</Text>
      </Stack>
      <Suspense fallback={null}>
        <UpcomingEventsPanel />
      </Suspense>
      <Suspense fallback={null}>
        <RecommendationsBlock />
      </Suspense>
      <HomeTiles />
    </PageContainer>
  )
}
