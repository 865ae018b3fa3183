import { Center, Loader, Stack, Text, Title } from '@mantine/core'
import { useSession } from '../../features/session/session'
import { PageContainer } from '../../features/layout/page-container'
import { HomeTiles } from '../../features/catalog/category-tiles'
import { Landing } from './landing'
import { lazy, Suspense, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTRPC } from '../../lib/trpc'
import { FirstStart } from '../../features/welcome/first-start'
import { WELCOME_UI } from '../../features/welcome/messages'

// Signed-in only: the landing page does not load it (docs/decisions/web-bundle.md).
const RecommendationsBlock = lazy(() => import('../../features/recommendations/recommendations-block'))
const UpcomingEventsPanel = lazy(() => import('../../features/events/upcoming-events-panel'))

/**
 * Home (/ and /home, spec browsing-and-purchase §1). Signed-out visitors get the landing page
 * (with the tiles below it); signed-in users get the collapsible Upcoming Events panel, the
 * Recommendations block when a person and an occasion are both selected, and the category and
 * occasion tiles. The panel and the block are lazy chunks the landing page never loads. A first
 * visit after sign-up gets the short start (FirstStart) instead of "Welcome back" (issue 26).
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
  return <SignedInHome />
}

function SignedInHome() {
  const trpc = useTRPC()
  const welcome = useQuery(trpc.account.welcome.queryOptions())
  // The name of the person the start just added: this visit's heading stays about them.
  const [startedFor, setStartedFor] = useState<string | null>(null)
  const firstVisit = welcome.data?.firstVisit === true && startedFor === null
  return (
    <PageContainer>
      {welcome.isPending ? null : firstVisit ? (
        <FirstStart onStarted={setStartedFor} />
      ) : (
        <Stack gap="xs" mb="xl">
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
