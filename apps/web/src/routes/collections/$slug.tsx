import { Skeleton, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { PageContainer } from '../../features/layout/page-container'
import { PickGrid } from '../../features/gift-finder/pick-grid'
import { NotFoundPage } from '../-components/not-found-page'
import { ButtonLink } from '../../lib/links'
import { useTRPC } from '../../lib/trpc'

/**
 * /collections/{slug} (issue 40): a common gift question ("Secret Santa gifts under £10")
 * answered by the picks engine, each product with its reason; the server renders it for
 * visitors (first view) with its preview tags, and answers 404 when fewer than 12 products fit.
 */
export const Route = createFileRoute('/collections/$slug')({
  head: () => ({ meta: [{ title: 'Gift ideas' }] }),
  loader: ({ context, params }) =>
    void context.queryClient.prefetchQuery(context.trpc.giftFinder.collection.queryOptions({ slug: params.slug })),
  component: CollectionPage,
})

function CollectionPage() {
  const { slug } = Route.useParams()
  const trpc = useTRPC()
  const query = useQuery(trpc.giftFinder.collection.queryOptions({ slug }, { retry: false }))
  if (query.isError) return <NotFoundPage />
  return (
    <PageContainer>
      <Stack gap="md">
        {query.isPending ? (
          <>
            <Skeleton height={36} width="60%" />
            <Skeleton height={20} width="80%" />
          </>
        ) : (
          <>
            <div>
              <Title order={1} data-testid="collection-title">
                {query.data.title}
              </Title>
              <Text c="dimmed" mt="xs" maw={720}>
                {query.data.description}
              </Text>
            </div>
            <div>
              <ButtonLink variant="light" to="/gift-finder">
                Find something more personal with the gift finder
              </ButtonLink>
            </div>
            <PickGrid picks={query.data.picks} />
          </>
        )}
      </Stack>
    </PageContainer>
  )
}
