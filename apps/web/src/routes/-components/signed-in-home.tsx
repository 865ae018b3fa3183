import { Stack, Text, Title } from '@mantine/core'
import { lazy, Suspense, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { PageContainer } from '../../features/layout/page-container'
import { HomeTiles } from '../../features/catalog/category-tiles'
import { useTRPC } from '../../lib/trpc'
import { FirstStart } from '../../features/welcome/first-start'
import { WELCOME_UI } from '../../features/welcome/messages'

const RecommendationsBlock = lazy(() => import('../../features/recommendations/recommendations-block'))
const UpcomingEventsPanel = lazy(() => import('../../features/events/upcoming-events-panel'))

/**
 * The signed-in home page (spec browsing-and-purchase §1): "Welcome back" or, on the first visit
 * after sign-up, the short start (issue 26); the Upcoming Events panel and the Recommendations
 * block (lazy chunks of their own), then the category and occasion tiles. Its own chunk, loaded
 * by HomePage only for a signed-in user (docs/decisions/web-bundle.md).
 */
export default function SignedInHome() {
  const trpc = useTRPC()
  const welcome = useQuery(trpc.account.welcome.queryOptions())
  // The name of the person the start just added: this visit's heading stays about them.
  const [startedFor, setStartedFor] = useState<string | null>(null)
  const firstVisit = welcome.data?.firstVisit === true && startedFor === null
  return (
    <PageContainer>
      {firstVisit ? (
        <FirstStart onStarted={setStartedFor} />
      ) : (
        // Kept in place, unseen, while the welcome state loads, so the panels and tiles below
        // do not jump down when it arrives (most visits are return visits).
        <Stack
          gap="xs"
          mb="xl"
          style={welcome.isPending ? { visibility: 'hidden' } : undefined}
          aria-hidden={welcome.isPending || undefined}
        >
          <Title order={1}>{startedFor ? WELCOME_UI.ideasFor(startedFor) : WELCOME_UI.welcomeBack}</Title>
          <Text c="dimmed">Browse gift ideas by category or occasion.</Text>
        </Stack>
      )}
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
