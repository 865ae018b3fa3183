import { Button, Checkbox, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconChristmasTree } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { EventOutput } from '@presently/domain'
import { apiErrorMessage } from '../../lib/api-errors'
import { ButtonLink } from '../../lib/links'
import { useTRPC } from '../../lib/trpc'
import { occasionsQueryOptions, peopleQueryOptions } from '../selection/query-options'
import { christmasIn } from './christmas-season'
import { refreshAfterEventChange } from './query-options'

/** Words of the Christmas card (issue 43 §4). */
export const CHRISTMAS_UI = {
  addForEveryone: 'Add Christmas for everyone',
  everyoneHasIt: 'Everyone you buy for has Christmas in their dates.',
  missing: (n: number) =>
    n === 1 ? '1 person you buy for has no Christmas yet.' : `${n} people you buy for have no Christmas yet.`,
  dialogTitle: 'Add Christmas for everyone',
  dialogIntro: 'Christmas on 25 December, every year, for:',
  add: (n: number) => (n === 1 ? 'Add Christmas for 1 person' : `Add Christmas for ${n} people`),
  added: (n: number) => (n === 1 ? 'Christmas added for 1 person' : `Christmas added for ${n} people`),
  failed: 'Could not add Christmas',
  plan: 'Plan Christmas',
  noPeople: 'Add the people you buy for, then give them all Christmas in one step.',
} as const

/**
 * The events page's Christmas card in November and December (issue 43 §4): "Christmas in 27
 * days", who has no Christmas yet, and "Add Christmas for everyone", which adds the occasion to
 * every chosen person in one call (POST /api/events/people, one transaction) instead of one
 * dialog per person.
 */
export function ChristmasForEveryone({
  season,
  events,
}: {
  season: { date: string; daysAway: number }
  events: readonly EventOutput[]
}) {
  const trpc = useTRPC()
  const people = useQuery(peopleQueryOptions(trpc))
  const occasions = useQuery(occasionsQueryOptions(trpc))
  const christmas = occasions.data?.find((o) => o.value === 'christmas')
  const having = new Set(events.filter((e) => e.occasionId === christmas?.id).flatMap((e) => e.people.map((p) => p.id)))
  const without = (people.data ?? []).filter((p) => !having.has(p.id))
  const [choosing, setChoosing] = useState(false)
  if (!christmas || !people.data) return null

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="christmas-card-title">
      <Group justify="space-between" align="center" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconChristmasTree size={28} aria-hidden color="var(--mantine-color-green-8)" />
          <div>
            <Title order={2} size="h4" id="christmas-card-title">
              {christmasIn(season.daysAway)}
            </Title>
            <Text size="sm" c="dimmed">
              {people.data.length === 0
                ? CHRISTMAS_UI.noPeople
                : without.length === 0
                  ? CHRISTMAS_UI.everyoneHasIt
                  : CHRISTMAS_UI.missing(without.length)}
            </Text>
          </div>
        </Group>
        <Group gap="xs">
          {without.length > 0 ? <Button onClick={() => setChoosing(true)}>{CHRISTMAS_UI.addForEveryone}</Button> : null}
          {having.size > 0 ? (
            <ButtonLink
              to="/my-account/plan/$occasion/$year"
              params={{ occasion: christmas.label, year: season.date.slice(0, 4) }}
              variant="light"
            >
              {CHRISTMAS_UI.plan}
            </ButtonLink>
          ) : null}
        </Group>
      </Group>
      <Modal
        opened={choosing}
        onClose={() => setChoosing(false)}
        title={CHRISTMAS_UI.dialogTitle}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {choosing ? (
          <ChooseForm people={without} occasionId={christmas.id} date={season.date} onDone={() => setChoosing(false)} />
        ) : null}
      </Modal>
    </Paper>
  )
}

function ChooseForm({
  people,
  occasionId,
  date,
  onDone,
}: {
  people: { id: number; name: string }[]
  occasionId: number
  date: string
  onDone: () => void
}) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [chosen, setChosen] = useState<string[]>(() => people.map((p) => String(p.id)))
  const add = useMutation(
    trpc.events.addForPeople.mutationOptions({
      onSuccess: async ({ added }) => {
        notifications.show({ color: 'green', message: CHRISTMAS_UI.added(added.length) })
        onDone()
        await refreshAfterEventChange(queryClient, trpc)
      },
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Error', message: apiErrorMessage(error, CHRISTMAS_UI.failed) }),
    }),
  )
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        if (chosen.length > 0) add.mutate({ occasionId, date, personIds: chosen.map(Number) })
      }}
    >
      <Stack gap="md">
        <Checkbox.Group label={CHRISTMAS_UI.dialogIntro} value={chosen} onChange={setChosen}>
          <Stack gap={6} mt="xs">
            {people.map((p) => (
              <Checkbox key={p.id} value={String(p.id)} label={p.name} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={add.isPending} disabled={chosen.length === 0}>
            {CHRISTMAS_UI.add(chosen.length)}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
