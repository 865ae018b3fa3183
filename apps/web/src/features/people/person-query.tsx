import { Skeleton, Stack, Title } from '@mantine/core'
import type { PersonOutput } from '@presently/domain'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTRPC } from '../../lib/trpc'
import { BackLink } from './back-link'
import { PersonLoadError } from './person-load-error'
import { parsePersonId } from './person-id'
import { personQueryOptions } from './query-options'

/**
 * Loads one of the user's people from a route's raw `id` and renders `children(person)`. While
 * loading: skeleton blocks of `skeleton.titleWidth` and `skeleton.blocks` heights (px) shaped like
 * the page. A malformed id, a missing person or another user's (the server answers 404) shows the
 * page's `title` over "Person not found", with Back to My People (spec account-area §2, §8).
 */
export function PersonQuery({
  rawId,
  title,
  skeleton,
  children,
}: {
  rawId: string
  title: string
  skeleton: { titleWidth: string; blocks: number[] }
  children: (person: PersonOutput) => ReactNode
}) {
  const id = parsePersonId(rawId)
  const trpc = useTRPC()
  const query = useQuery({ ...personQueryOptions(trpc, id ?? 1), enabled: id !== null })
  if (id === null || query.isError) {
    return (
      <Stack gap="md">
        <BackLink to="/my-account/my-people" />
        <Title order={1}>{title}</Title>
        <PersonLoadError error={id === null ? null : query.error} />
      </Stack>
    )
  }
  if (query.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading person">
        <Skeleton h={30} w={90} />
        <Skeleton h={40} w={skeleton.titleWidth} />
        {skeleton.blocks.map((h, i) => (
          <Skeleton key={i} h={h} />
        ))}
      </Stack>
    )
  }
  return children(query.data)
}
