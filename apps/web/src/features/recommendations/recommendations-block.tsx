import { Stack, Text, Title } from '@mantine/core'
import { useRouterState } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { useSession } from '../session/session'
import { useSelection } from '../selection/use-selection'
import { RECOMMENDATION_UI } from './messages'
import { RecommendationResults } from './recommendation-results'
import { useRecommendations } from './use-recommendations'
import { GiftPicks } from '../picks/gift-picks'

function isDebugFlag(search: unknown): boolean {
  const value = (search as Record<string, unknown>).debug
  return value === 1 || value === '1'
}

/**
 * The home page's Recommendations block (spec browsing-and-purchase §2 "/", §4; account-area §2
 * "Home page"): only for a signed-in user with both a person and an occasion selected in the
 * header pickers, with the product picks "Gift ideas for {name}" under the categories (issue 20).
 * Staff and admins who open the page with ?debug=1 get debugInfo in the console.
 * Once per chosen pair, when the block's results are ready and it sits outside the viewport (a
 * phone, below the events panel), it scrolls into view (issue 26: "recommendations appear
 * off-screen").
 */
export default function RecommendationsBlock() {
  const { user } = useSession()
  const { person, occasion } = useSelection()
  // ?debug=1 (the router reads "1" as the number 1).
  const debugAsked = useRouterState({ select: (state) => isDebugFlag(state.location.search) })
  const staff = user !== null && (user.is_staff || user.is_admin)
  const shown = user !== null && person !== undefined && occasion !== undefined
  const query = useRecommendations({
    personId: shown ? person.id : undefined,
    occasionLabel: shown ? occasion.label : undefined,
    debug: staff && debugAsked,
  })
  const section = useRef<HTMLDivElement>(null)
  const pair = shown ? `${person.id}:${occasion.id}` : null
  const scrolledFor = useRef<string | null>(null)
  const ready = !query.isPending
  useEffect(() => {
    if (pair === null || !ready || scrolledFor.current === pair) return
    scrolledFor.current = pair
    const element = section.current
    if (!element) return
    const { top, bottom } = element.getBoundingClientRect()
    if (top < window.innerHeight - 120 && bottom > 0) return
    // Below the sticky header, not under it: the page's scroll-padding-top (styles.css).
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    element.scrollIntoView({ block: 'start', behavior: reduced ? 'auto' : 'smooth' })
  }, [pair, ready])
  if (!shown) return null
  return (
    <Stack
      ref={section}
      component="section"
      aria-labelledby="recommendations-title"
      gap="sm"
      mb="xl"
      data-testid="recommendations-block"
    >
      <div>
        <Title order={2} id="recommendations-title">
          {RECOMMENDATION_UI.title}
        </Title>
        <Text c="dimmed" size="sm">
          {person.name} · {occasion.label}
        </Text>
      </div>
      <RecommendationResults
        isPending={query.isPending}
        isError={query.isError}
        data={query.data}
        errorText={RECOMMENDATION_UI.homeError}
        emptyText={RECOMMENDATION_UI.homeEmpty}
      />
      <GiftPicks
        personId={person.id}
        personName={person.name}
        occasionId={occasion.id}
        occasionLabel={occasion.label}
      />
    </Stack>
  )
}
