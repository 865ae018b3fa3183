import { ActionIcon, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useMediaQuery } from '@mantine/hooks'
import { useMemo, useState } from 'react'
import { formatEventDate, ukToday } from '@presently/domain'
import { useTRPC } from '../../lib/trpc'
import { PageContainer } from '../layout/page-container'
import { useSession } from '../session/session'
import { useSelection } from '../selection/use-selection'
import { eventPeopleNames, findGiftSearch, pageOf, upcomingEventItems } from './event-list'
import classes from './events.module.css'
import { EVENT_UI } from './messages'
import { eventsQueryOptions } from './query-options'

/**
 * Events per page of the banner (the spec leaves it open: docs/decisions/events-ui.md): three
 * side by side from 48em, one on phones so the product stays near the top.
 */
export const BANNER_PAGE_SIZE = { wide: 3, phone: 1 } as const

/**
 * The product page's "Upcoming Events" banner (spec browsing-and-purchase §2 "/product/{id}"):
 * for a signed-in user with events in the next 30 days, three at a time with Previous and Next.
 * "Choose" selects the event's person and occasion (the header pickers and Buy Now follow);
 * the chosen one is marked. Nothing shows signed out, with no upcoming events, or when the
 * events fail to load. It brings its own page column, so a page without it keeps its spacing (GET /api/events counts as empty on failure, account-area §7).
 */
export function UpcomingEventsBanner() {
  const { user } = useSession()
  const trpc = useTRPC()
  const events = useQuery({ ...eventsQueryOptions(trpc), enabled: user !== null })
  const { personId, occasionId, update } = useSelection()
  const [page, setPage] = useState(0)
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false })
  const today = ukToday()
  const upcoming = useMemo(() => upcomingEventItems(events.data ?? [], today), [events.data, today])

  if (!user || upcoming.length === 0) return null
  const current = pageOf(upcoming, page, wide ? BANNER_PAGE_SIZE.wide : BANNER_PAGE_SIZE.phone)
  return (
    <PageContainer pb={0}>
      <Paper
        component="section"
        withBorder
        p="sm"
        className={classes.banner}
        aria-labelledby="upcoming-banner-title"
        data-testid="upcoming-events-banner"
      >
        <Stack gap="xs">
          <Group justify="space-between" gap="xs">
            <Title order={2} size="h5" id="upcoming-banner-title">
              {EVENT_UI.upcomingTitle}
            </Title>
            {current.pageCount > 1 ? (
              <Group gap={4}>
                <ActionIcon
                  variant="subtle"
                  aria-label="Previous events"
                  disabled={current.page === 0}
                  onClick={() => setPage(current.page - 1)}
                >
                  <IconChevronLeft size={18} aria-hidden />
                </ActionIcon>
                <Text size="xs" c="dimmed">
                  {current.page + 1} / {current.pageCount}
                </Text>
                <ActionIcon
                  variant="subtle"
                  aria-label="Next events"
                  disabled={current.page >= current.pageCount - 1}
                  onClick={() => setPage(current.page + 1)}
                >
                  <IconChevronRight size={18} aria-hidden />
                </ActionIcon>
              </Group>
            ) : null}
          </Group>
          <SimpleGrid component="ul" cols={{ base: 1, sm: 3 }} spacing="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {current.items.map((event) => {
              const search = findGiftSearch(event)
              const chosen = search !== undefined && search.person === personId && search.occasion === occasionId
              const names = eventPeopleNames(event)
              return (
                <Paper
                  component="li"
                  key={event.id}
                  withBorder
                  p="xs"
                  className={classes.bannerItem}
                  data-chosen={chosen || undefined}
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Stack gap={0} miw={0}>
                      <Text size="sm" fw={600} truncate>
                        {names} · {event.occasion.label}
                      </Text>
                      <Group gap={6}>
                        <Text size="xs" c="dimmed">
                          {formatEventDate(event.rule && event.rule !== 'fixed' ? event.nextDate : event.date)}
                        </Text>
                        {event.badge ? (
                          <Badge className={classes.badge} tt="none" size="xs" radius="sm">
                            {event.badge}
                          </Badge>
                        ) : null}
                      </Group>
                    </Stack>
                    {search ? (
                      <Button
                        size="compact-sm"
                        variant={chosen ? 'filled' : 'light'}
                        aria-pressed={chosen}
                        style={{ flexShrink: 0 }}
                        aria-label={`${chosen ? EVENT_UI.chosenEvent : EVENT_UI.chooseEvent} ${names}'s ${event.occasion.label}`}
                        onClick={() => update(chosen ? { person: undefined, occasion: undefined } : search)}
                      >
                        {chosen ? EVENT_UI.chosenEvent : EVENT_UI.chooseEvent}
                      </Button>
                    ) : null}
                  </Group>
                </Paper>
              )
            })}
          </SimpleGrid>
        </Stack>
      </Paper>
    </PageContainer>
  )
}

export default UpcomingEventsBanner
