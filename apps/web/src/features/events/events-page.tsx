import { ActionIcon, Alert, Button, Grid, Group, Loader, Center, Paper, Stack, Text, Title } from '@mantine/core'
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { formatEventDate, inDays, MONTH_NAMES, parseIsoDate, ukToday, type IsoDate } from '@presently/domain'
import { ButtonLink } from '../../lib/links'
import { useTRPC } from '../../lib/trpc'
import { PlanLinks } from '../gifts/plan-links'
import { AddEventDialog } from './add-event-dialog'
import { CalendarLinkCard } from './calendar-link'
import { ChristmasForEveryone } from './christmas-for-everyone'
import { christmasSeason } from './christmas-season'
import { DeleteEventDialog } from './delete-event-dialog'
import { EventCard } from './event-card'
import {
  allEventsSoonest,
  comingUpList,
  eventPeopleNames,
  eventsPageList,
  findGiftSearch,
  monthStart,
  type EventItem,
  type ListedEvent,
} from './event-list'
import { EventsCalendar } from './events-calendar'
import { EVENT_UI } from './messages'
import { eventsQueryOptions } from './query-options'

/** What the list shows: "From today to the end of November", "On 21st March, any year" or all of them. */
function listCaption(today: IsoDate, day: IsoDate | null, showingAll: boolean, shown: IsoDate): string {
  if (day) return `On ${formatEventDate(day)}, any year`
  if (showingAll) return EVENT_UI.allCaption
  const { month } = parseIsoDate(today)
  const caption = `From today to the end of ${MONTH_NAMES[month - 1]}`
  // Issue 43 §5: the calendar on another month must not read as if this list were that month's.
  const shownMonth = parseIsoDate(shown).month
  return shownMonth === month ? caption : `${caption}. Choose a day to see ${MONTH_NAMES[shownMonth - 1]}'s dates.`
}

/**
 * The Important Events page (/my-account/events; spec account-area §2): a month calendar whose
 * day click filters the list to that month and day in any year, "Show All Events" to clear it,
 * and by default the events from today (UK) to the end of the month; the 0-7 day badge, the
 * Add Event dialog, the delete confirmation and the private calendar link. Under the default
 * list, "Coming up" holds the next 12 months soonest first, each "in N days", and "Show All
 * Events" is enabled whenever it would list more than the list shown (issue 26).
 */
export function EventsPage() {
  const trpc = useTRPC()
  const events = useQuery(eventsQueryOptions(trpc))
  const today = ukToday()
  const [day, setDay] = useState<IsoDate | null>(null)
  const [month, setMonth] = useState<IsoDate>(() => monthStart(today))
  const [adding, setAdding] = useState(false)
  const [deleting, setDeleting] = useState<ListedEvent | null>(null)
  const [showingAll, setShowingAll] = useState(false)
  const [editing, setEditing] = useState<ListedEvent | null>(null)
  const season = christmasSeason(today)

  useEffect(() => {
    if (events.isError) console.error(EVENT_UI.fetchFailed, events.error)
  }, [events.isError, events.error])

  const all = events.data
  const everything = useMemo(() => (all ? allEventsSoonest(all, today) : []), [all, today])
  const list: EventItem[] = useMemo(
    () => (!all ? [] : showingAll && day === null ? everything : eventsPageList(all, today, day)),
    [all, today, day, showingAll, everything],
  )
  const comingUp = useMemo(
    () => (all && day === null && !showingAll ? comingUpList(all, today) : []),
    [all, today, day, showingAll],
  )

  const showAll = () => {
    setDay(null)
    setShowingAll(true)
    setMonth(monthStart(today))
  }
  const chooseDay = (chosen: IsoDate | null) => {
    setDay(chosen)
    if (chosen) setShowingAll(false)
  }

  const eventActions = (event: EventItem) => {
    const search = findGiftSearch(event)
    const what = `${eventPeopleNames(event)}'s ${event.occasion.label}`
    return (
      <>
        {search ? (
          <ButtonLink to="/" search={search} size="xs" variant="light" aria-label={`Find Gift for ${what}`}>
            {EVENT_UI.findGift}
          </ButtonLink>
        ) : null}
        <ActionIcon variant="subtle" aria-label={`Edit ${what}`} onClick={() => setEditing(event)}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
        <ActionIcon variant="subtle" color="red.8" aria-label={`Delete ${what}`} onClick={() => setDeleting(event)}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </>
    )
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1}>{EVENT_UI.title}</Title>
          <Text c="dimmed">{EVENT_UI.intro}</Text>
        </div>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
          {EVENT_UI.addButton}
        </Button>
      </Group>

      {/* Issue 43 §4: in November and December, Christmas first. */}
      {season && all ? <ChristmasForEveryone season={season} events={all} /> : null}

      {/* Issue 22: each occasion's plan (who has a present, budgets and spend). */}
      <PlanLinks events={(all ?? []).map((e) => ({ label: e.occasion.label, date: e.date }))} />

      {events.isError ? (
        <Alert color="red" title={EVENT_UI.loadErrorTitle} role="alert">
          {EVENT_UI.loadError}
        </Alert>
      ) : null}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="md">
            <Stack gap="sm">
              <EventsCalendar
                events={all ?? []}
                today={today}
                day={day}
                onDayChange={chooseDay}
                month={month}
                onMonthChange={setMonth}
              />
              <Button variant="light" onClick={showAll} disabled={everything.length <= list.length} fullWidth>
                {EVENT_UI.showAll}
              </Button>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="sm" component="section" aria-labelledby="events-list-title">
            <div>
              <Title order={2} size="h3" id="events-list-title">
                {EVENT_UI.listTitle}
              </Title>
              <Text size="sm" c="dimmed" aria-live="polite">
                {listCaption(today, day, showingAll, month)}
              </Text>
            </div>
            {events.isPending ? (
              <Center py="xl">
                <Loader role="status" aria-label="Loading events" />
              </Center>
            ) : events.isError ? null : all && all.length === 0 ? (
              <Text>{EVENT_UI.noEvents}</Text>
            ) : list.length === 0 ? (
              <Text>{EVENT_UI.empty}</Text>
            ) : (
              <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
                {list.map((event) => (
                  <EventCard
                    key={event.id}
                    event={event}
                    when={showingAll && day === null ? inDays(event.daysAway) : undefined}
                    actions={eventActions(event)}
                  />
                ))}
              </Stack>
            )}
          </Stack>
          {comingUp.length > 0 ? (
            <Stack gap="sm" component="section" aria-labelledby="events-coming-up-title" mt="lg">
              <div>
                <Title order={2} size="h3" id="events-coming-up-title">
                  {EVENT_UI.comingUpTitle}
                </Title>
                <Text size="sm" c="dimmed">
                  {EVENT_UI.comingUpCaption}
                </Text>
              </div>
              <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="coming-up">
                {comingUp.map((event) => (
                  <EventCard key={event.id} event={event} when={event.inDays} actions={eventActions(event)} />
                ))}
              </Stack>
            </Stack>
          ) : null}
        </Grid.Col>
      </Grid>

      <CalendarLinkCard />

      <AddEventDialog opened={adding} onClose={() => setAdding(false)} initialDate={day} />
      <AddEventDialog opened={editing !== null} onClose={() => setEditing(null)} initialDate={null} editing={editing} />
      <DeleteEventDialog event={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  )
}
