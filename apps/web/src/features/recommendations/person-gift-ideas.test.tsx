import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { RecommendationsOutput } from '@presently/domain'
import { createApiClient, createApiOptions, TRPCProvider } from '../../lib/trpc'
import { PersonGiftIdeas, type GiftIdeasEvent } from './person-gift-ideas'

/*
 * PersonGiftIdeas rendered to HTML (no DOM needed): the query cache is filled beforehand the way
 * the call would fill it, so the test reads which event's occasion was asked for and what each
 * state shows (spec account-area §2 "Person detail").
 */

const EVENTS: GiftIdeasEvent[] = [
  { id: 7, date: '1990-03-12', occasion: { id: 1, label: 'Birthday' } },
  { id: 9, date: '2020-12-25', occasion: { id: 4, label: 'Christmas' } },
]

function answer(categories: string[]): RecommendationsOutput {
  return {
    recommendations: categories.map((category, index) => ({
      category,
      categoryUrl: index === 0 ? '/category/hobbies/model-trains-%26-railway-sets' : '',
      confidence: 60 - index * 10,
      signals: ['interest', 'age'],
      reasoning: `Loves ${category.toLowerCase()}.`,
      specificProducts: [{ priceRange: '£5.00 to £9.99', tags: ['Hornby'] }],
    })),
    personName: 'Tom',
    metadata: { processingTime: 1 },
  }
}

type CacheState = { occasion: string; data: RecommendationsOutput } | { occasion: string; error: Error }

async function render(events: readonly GiftIdeasEvent[], state?: CacheState): Promise<string> {
  // An error in the cache stays an error (the app's one retry happened before it got there).
  const queryClient = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } })
  const trpcClient = createApiClient()
  const trpc = createApiOptions(trpcClient, queryClient)
  if (state) {
    const key = trpc.recommendations.forPerson.queryKey({ personId: 3, occasion: state.occasion, count: 3 })
    if ('data' in state) queryClient.setQueryData(key, state.data)
    else
      queryClient
        .getQueryCache()
        .build(queryClient, { queryKey: key })
        .setState({ status: 'error', error: state.error, fetchStatus: 'idle' })
  }
  const rootRoute = createRootRoute()
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  rootRoute.update({ component: () => <PersonGiftIdeas personId={3} events={events} /> })
  await router.load()
  return renderToString(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <RouterProvider router={router} />
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>,
  )
}

/** The page's text without markup. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')

describe('PersonGiftIdeas (spec account-area §2 "Person detail")', () => {
  it("shows the first event's gift ideas by default, with a picker among the events", async () => {
    const html = await render(EVENTS, {
      occasion: 'Birthday',
      data: answer(['Model Trains', 'Board Games', 'Puzzles']),
    })
    expect(text(html)).toContain('Gift Ideas')
    expect(html.match(/data-testid="recommendation-card"/g)).toHaveLength(3)
    expect(text(html)).toContain('Loves model trains.')
    expect(text(html)).toContain('60%')
    expect(text(html)).toContain('Interests')
    // categoryUrl as it is; the slug rule when there is none.
    expect(html).toContain('href="/category/hobbies/model-trains-%26-railway-sets"')
    expect(html).toContain('href="/category/board-games"')
    // The picker lists both events, the first selected.
    expect(html).toMatch(/<option value="7"[^>]*selected[^>]*>Birthday \(12th March\)<\/option>/)
    expect(html).toContain('Christmas (25th December)')
  })

  it('says it is looking while the answer is on its way', async () => {
    // Christmas is cached but not asked for: the first event (Birthday) is.
    const html = await render(EVENTS, { occasion: 'Christmas', data: answer(['Baubles']) })
    expect(text(html)).toContain('Finding recommendations…')
    expect(html).not.toContain('Baubles')
  })

  it('shows the empty text for no answers', async () => {
    const html = await render(EVENTS.slice(1), { occasion: 'Christmas', data: answer([]) })
    expect(text(html)).toContain('No recommendations available. Try a different occasion or number of results.')
    // One event: named, no picker.
    expect(html).not.toContain('<select')
    expect(text(html)).toContain('Gift ideas for Christmas (25th December)')
  })

  it('shows the error with Try Again', async () => {
    const html = await render(EVENTS, { occasion: 'Birthday', error: new Error('boom') })
    expect(text(html)).toContain('Unable to load recommendations.')
    expect(text(html)).toContain('Try Again')
  })

  it('asks a person without events to add one', async () => {
    const html = await render([])
    expect(text(html)).toContain('Add an important date to see gift ideas for it.')
    expect(html).not.toContain('Finding recommendations')
  })
})
