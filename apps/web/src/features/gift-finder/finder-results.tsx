import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { IconInfoCircle, IconLink } from '@tabler/icons-react'
import { useState } from 'react'
import {
  FINDER_AGE_LABELS,
  FINDER_WHO_LABELS,
  giftFinderSearch,
  type GiftFinderInput,
  type GiftFinderOutput,
} from '@presently/domain'
import { ButtonLink } from '../../lib/links'
import { useTRPC } from '../../lib/trpc'
import { ProductCardSkeleton } from '../catalog/product-card'
import { useSession } from '../session/session'
import { finderSearchOf, type FinderSearch } from './finder-search'
import { FINDER_UI } from './messages'
import { PickGrid } from './pick-grid'
import classes from './gift-finder.module.css'

/**
 * The finder's answer (issue 40): a heading naming the question, the honesty line with the
 * nearest broader question when the shop has too little (never filler), the products with their
 * reasons, and three ways on: change the answers, copy the address (it holds the answers, so
 * the same ideas open anywhere), and "Save as a person" (signed in: a profile with the
 * relationship, an age inside the band and the interests; a visitor signs in first and comes back).
 */
export function FinderResults({ question }: { question: GiftFinderInput }) {
  const trpc = useTRPC()
  const query = useQuery(trpc.giftFinder.find.queryOptions(question))
  const change = { ...finderSearchOf(question), step: 1 }
  return (
    <Stack gap="md" data-testid="finder-results">
      {query.isPending ? (
        <>
          <Skeleton height={32} width="70%" />
          <Text c="dimmed" role="status">
            {FINDER_UI.loading}
          </Text>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
            {Array.from({ length: 8 }, (_, i) => (
              <ProductCardSkeleton key={i} />
            ))}
          </SimpleGrid>
        </>
      ) : query.isError ? (
        <Alert color="red" variant="light" role="alert">
          {FINDER_UI.error}
        </Alert>
      ) : (
        <Answer data={query.data} question={question} change={change} />
      )}
    </Stack>
  )
}

function Answer({
  data,
  question,
  change,
}: {
  data: GiftFinderOutput
  question: GiftFinderInput
  change: FinderSearch
}) {
  return (
    <>
      <div>
        <Title order={1} size="h2" data-testid="finder-title">
          {data.title}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {FINDER_UI.ideas(data.picks.length)} · {FINDER_AGE_LABELS[question.age].label} · {data.budget.label}
        </Text>
      </div>
      <Actions question={question} change={change} />
      {data.note ? (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} data-testid="finder-note">
          <Text size="sm">{data.note}</Text>
          {data.broader ? (
            <ButtonLink
              mt="xs"
              size="xs"
              variant="light"
              to="/gift-finder"
              search={finderSearchOf({ ...question, ...data.broader.query })}
              data-testid="finder-broader"
            >
              {FINDER_UI.widen(data.broader.label, data.broader.count)}
            </ButtonLink>
          ) : null}
        </Alert>
      ) : null}
      {data.picks.length === 0 ? <Text c="dimmed">{FINDER_UI.empty}</Text> : <PickGrid picks={data.picks} />}
    </>
  )
}

function Actions({ question, change }: { question: GiftFinderInput; change: FinderSearch }) {
  const [copied, setCopied] = useState(false)
  const { user } = useSession()
  const save = useSaveAsPerson()
  const here = `/gift-finder${giftFinderSearch(question)}`
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(new URL(here, window.location.origin).href)
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }
  return (
    <Group gap="sm" wrap="wrap">
      <ButtonLink variant="default" to="/gift-finder" search={change}>
        {FINDER_UI.change}
      </ButtonLink>
      <Button variant="default" leftSection={<IconLink size={16} aria-hidden />} onClick={() => void copy()}>
        {copied ? FINDER_UI.copied : FINDER_UI.copy}
      </Button>
      {user ? (
        <Button onClick={() => save.mutate(question)} loading={save.isPending} data-testid="finder-save">
          {FINDER_UI.save}
        </Button>
      ) : (
        <ButtonLink variant="light" to="/auth" search={{ returnTo: here }} data-testid="finder-save">
          {FINDER_UI.saveSignIn}
        </ButtonLink>
      )}
      {save.isError ? (
        <Text c="red" size="sm" role="alert">
          {FINDER_UI.saveFailed}
        </Text>
      ) : null}
      <span aria-live="polite" className={classes.visuallyHidden}>
        {copied ? FINDER_UI.copied : ''}
      </span>
    </Group>
  )
}

/**
 * "Save as a person" (issue 40): a profile from the answers (the relationship, a date of birth
 * inside the age band, the interests as loved), then the person's page, where the name and the
 * date can be put right.
 */
function useSaveAsPerson() {
  const trpc = useTRPC()
  const navigate = useNavigate()
  const relationships = useQuery(trpc.reference.relationships.queryOptions())
  const interests = useQuery(trpc.reference.interests.queryOptions())
  const offered = useQuery(trpc.giftFinder.interests.queryOptions())
  const create = useMutation(trpc.people.create.mutationOptions())
  return useMutation({
    mutationFn: async (question: GiftFinderInput) => {
      const who = FINDER_WHO_LABELS[question.who]
      const relationshipId = relationships.data?.find((r) => r.name === who.relationship)?.id ?? null
      // The shop's own gift interests by the names the finder's slugs stand for.
      const names = new Set((offered.data ?? []).filter((i) => question.interests.includes(i.slug)).map((i) => i.name))
      const interestIds = (interests.data ?? [])
        .filter((i) => i.category === 'Popular Gift Interests' && names.has(i.name))
        .map((i) => ({ interestId: i.id, is_primary: true }))
      const year = new Date().getFullYear() - FINDER_AGE_LABELS[question.age].years
      const person = await create.mutateAsync({
        name: who.label,
        relationshipId,
        dob: `${year}-07-01`,
        interests: interestIds,
      } as Parameters<typeof create.mutateAsync>[0])
      await navigate({ to: '/my-account/person/$id', params: { id: String(person.id) } })
    },
  })
}
