import { Stack, Text, Title } from '@mantine/core'
import { lazy, Suspense, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { PageContainer } from '../../features/layout/page-container'
import { HomeTiles } from '../../features/catalog/category-tiles'
import { useTRPC } from '../../lib/trpc'
import { FirstStart } from '../../features/welcome/first-start'
import { WELCOME_UI } from '../../features/welcome/messages'
import { eventsQueryOptions } from '../../features/events/query-options'
import { useSelection } from '../../features/selection/use-selection'
import { HomeSkeleton } from './home-skeleton'

// Both chunks start loading with this one, beside the home's reads, not after them.
const recommendationsChunk = import('../../features/recommendations/recommendations-block')
const eventsPanelChunk = import('../../features/events/upcoming-events-panel')
const RecommendationsBlock = lazy(() => recommendationsChunk)
const UpcomingEventsPanel = lazy(() => eventsPanelChunk)

/**
 * The signed-in home page (spec browsing-and-purchase §1): "Welcome back" or, on the first visit
 * after sign-up, the short start (issue 26); the Upcoming Events panel and the Recommendations
 * block (lazy chunks of their own), then the category and occasion tiles. Its own chunk, loaded
 * by HomePage only for a signed-in user (docs/decisions/web-bundle.md).
 *
 * The first screen comes in one piece (issue 24, CLS < 0.05; docs/decisions/home-layout-stability.md):
 * HomeSkeleton stands in until the welcome state, the events, the people and occasions a
 * ?person=&occasion= address names, and both panels' chunks are there, so the panel never arrives
 * above tiles already on screen. What loads later (recommendations, picks, tile counts) fills room
 * its own placeholders keep.
 */
export default function SignedInHome() {
  const trpc = useTRPC()
  const welcome = useQuery(trpc.account.welcome.queryOptions())
  // The panel reads the same cache entry; asked here, it loads beside the panel's chunk.
  const events = useQuery(eventsQueryOptions(trpc))
  const selection = useSelection()
  const pairAsked = selection.rawPerson !== undefined && selection.rawOccasion !== undefined
  // The name of the person the start just added: this visit's heading stays about them.
  const [startedFor, setStartedFor] = useState<string | null>(null)
  // A user who added people elsewhere (My People) before finishing the start is not asked to
  // "add the first person you buy for" again: the start is for an account without people.
  const welcomeAsked = welcome.data?.firstVisit === true
  const firstVisit = welcomeAsked && startedFor === null && selection.people.length === 0
  const settled =
    !welcome.isPending &&
    !events.isPending &&
    !(welcomeAsked && selection.peopleLoading) &&
    !(pairAsked && (selection.peopleLoading || selection.occasionsLoading))
  if (!settled) return <HomeSkeleton />
  return (
    <Suspense fallback={<HomeSkeleton />}>
      <PageContainer>
        {firstVisit ? (
          <FirstStart onStarted={setStartedFor} />
        ) : (
          <Stack gap="xs" mb="xl">
            <Title order={1}>{startedFor ? WELCOME_UI.ideasFor(startedFor) : WELCOME_UI.welcomeBack}</Title>
            <Text c="dimmed">Browse gift ideas by category or occasion.</Text>
          </Stack>
        )}
        <UpcomingEventsPanel />
        <RecommendationsBlock />
        <HomeTiles />
      </PageContainer>
    </Suspense>
  )
}
