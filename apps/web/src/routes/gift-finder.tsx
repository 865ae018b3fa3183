import { Stack, Text, Title } from '@mantine/core'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { giftFinderSearch } from '@presently/domain'
import { PageContainer } from '../features/layout/page-container'
import { FinderResults } from '../features/gift-finder/finder-results'
import { finderQuestion, parseFinderSearch, type FinderSearch } from '../features/gift-finder/finder-search'
import { FinderSteps, type FinderAnswers } from '../features/gift-finder/finder-steps'
import { FINDER_UI } from '../features/gift-finder/messages'

/**
 * /gift-finder (issue 40): four quick steps for anyone, signed in or not; the answers go into the
 * address (?who=&age=&occasion=&budget=&interests=), which shows the results, so a link to them
 * can be shared and reloaded. `step` reopens the steps with the answers kept.
 */
export const Route = createFileRoute('/gift-finder')({
  head: () => ({ meta: [{ title: FINDER_UI.pageTitle }] }),
  validateSearch: (search: Record<string, unknown>): FinderSearch => parseFinderSearch(search),
  loaderDeps: ({ search }) => ({ question: finderQuestion(search) }),
  loader: ({ context, deps }) => {
    // The answer is read beside the route's chunk (and by the server's first view).
    if (deps.question) void context.queryClient.prefetchQuery(context.trpc.giftFinder.find.queryOptions(deps.question))
  },
  component: GiftFinderPage,
})

function GiftFinderPage() {
  const search = Route.useSearch()
  const navigate = useNavigate()
  const question = finderQuestion(search)
  const done = (answers: FinderAnswers) =>
    void navigate({ href: `/gift-finder${giftFinderSearch({ ...answers, count: search.count })}` })
  return (
    <PageContainer>
      {question ? (
        <FinderResults question={question} />
      ) : (
        <Stack gap="lg">
          <div>
            <Title order={1}>{FINDER_UI.heading}</Title>
            <Text c="dimmed" mt="xs" maw={640}>
              {FINDER_UI.intro}
            </Text>
          </div>
          <FinderSteps
            // A new set of answers in the address starts the steps afresh.
            key={JSON.stringify(search)}
            initial={search}
            step={search.step ?? 1}
            onDone={done}
          />
        </Stack>
      )}
    </PageContainer>
  )
}
