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
 * Home (/ and /home). Signed-out visitors get the landing page (with the tiles below it);
 * signed-in users get the category and occasion tiles (the events panel and recommendations
 * arrive in later issues).
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
