import { Collapse, Group, Loader, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core'
import { IconChevronDown } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { ukToday } from '@presently/domain'
import { AnchorLink, ButtonLink } from '../../lib/links'
import { useTRPC } from '../../lib/trpc'
import { PlanLinks } from '../gifts/plan-links'
import { EventCard } from './event-card'
import { eventPeopleNames, findGiftSearch, upcomingEventItems } from './event-list'
import classes from './events.module.css'
import { EVENT_UI } from './messages'
import { eventsQueryOptions } from './query-options'

/**
 * The home page's Upcoming Events panel (spec account-area §2 "Home page", §4, §9): collapsible,
 * starting expanded; the events of the next 30 days (UK today included), soonest first, in a
 * list at most 280 px tall; each card's Find Gift goes to /?person={id}&occasion={id}, which
 * selects both in the header pickers. GET /api/events failing counts as no events (§7), logged
 * as "Failed to fetch events".
 */
export function UpcomingEventsPanel() {
  const trpc = useTRPC()
  const events = useQuery(eventsQueryOptions(trpc))
  const [open, setOpen] = useState(true)
  const listId = useId()
  const today = ukToday()

  useEffect(() => {
    if (events.isError) console.error(EVENT_UI.fetchFailed, events.error)
  }, [events.isError, events.error])

  const upcoming = useMemo(() => upcomingEventItems(events.data ?? [], today), [events.data, today])
  // Whether cards are hidden below the list's 280 px (issue 26): the last one fades and a hint shows.
  const list = useRef<HTMLDivElement>(null)
  const [moreBelow, setMoreBelow] = useState(false)
  const measure = useCallback(() => {
    const element = list.current
    setMoreBelow(element !== null && element.scrollTop + element.clientHeight < element.scrollHeight - 4)
  }, [])
  // Measured before the first paint (a layout effect), so the hint is there when the panel
  // first shows rather than pushing the page down a frame later (issue 24, CLS).
  useLayoutEffect(() => {
    const element = list.current
    if (!element) return
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [measure, upcoming.length, open])

  return (
    <Paper
      component="section"
      withBorder
      p="md"
      mb="xl"
      aria-labelledby={`${listId}-title`}
      data-testid="upcoming-events"
    >
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h3" id={`${listId}-title`}>
          <UnstyledButton
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((o) => !o)}
            style={{ font: 'inherit', display: 'inline-flex', alignItems: 'center', gap: 8 }}
          >
            {EVENT_UI.upcomingTitle}
            <IconChevronDown
              size={20}
              aria-hidden
              style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms ease' }}
            />
          </UnstyledButton>
        </Title>
        <Group gap="md">
          {/* Issue 22: the plans of the occasions coming up, and Christmas's whenever anyone has one. */}
          <PlanLinks
            max={2}
            events={[
              ...(events.data ?? [])
                .filter((e) => e.occasion.label === 'Christmas')
                .map((e) => ({ label: e.occasion.label, date: e.date })),
              ...upcoming.map((e) => ({ label: e.occasion.label, date: e.date })),
            ]}
          />
          <AnchorLink to="/my-account/events" size="sm">
            {EVENT_UI.manageEvents}
          </AnchorLink>
        </Group>
      </Group>
      <Collapse expanded={open} id={listId}>
        <Stack gap="xs" mt="sm">
          {events.isPending ? (
            <Loader size="sm" role="status" aria-label="Loading upcoming events" />
          ) : upcoming.length === 0 ? (
            <Text size="sm">{EVENT_UI.upcomingEmpty}</Text>
          ) : (
            <div className={classes.panelList} ref={list} onScroll={measure} data-more-below={moreBelow || undefined}>
              <SimpleGrid
                component="ul"
                cols={{ base: 1, md: 2 }}
                spacing="xs"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                aria-label={EVENT_UI.upcomingTitle}
              >
                {upcoming.map((event) => {
                  const search = findGiftSearch(event)
                  return (
                    <EventCard
                      key={event.id}
                      event={event}
                      actions={
                        search ? (
                          <ButtonLink
                            to="/"
                            search={search}
                            size="xs"
                            aria-label={`Find Gift for ${eventPeopleNames(event)}'s ${event.occasion.label}`}
                          >
                            {EVENT_UI.findGift}
                          </ButtonLink>
                        ) : null
                      }
                    />
                  )
                })}
              </SimpleGrid>
            </div>
          )}
          {moreBelow ? (
            <Text size="xs" c="dimmed" ta="center" data-testid="upcoming-more">
              {EVENT_UI.upcomingMore(upcoming.length)}
            </Text>
          ) : null}
        </Stack>
      </Collapse>
    </Paper>
  )
}

export default UpcomingEventsPanel
