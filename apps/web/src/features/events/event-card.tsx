import { Badge, Group, Paper, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { formatEventDate } from '@presently/domain'
import { eventPeopleNames, type EventItem } from './event-list'
import classes from './events.module.css'

/**
 * One event in a list: the person, the occasion (and the event's own name when it has one), the
 * date as "21st March" ("Invalid date" otherwise), and for an event 0 to 7 days away the orange
 * highlight with "Today", "Tomorrow" or "in N days" (spec account-area §2, §9). `when` ("in 97
 * days") shows further-out events' distance in the lists of issue 26.
 */
export function EventCard({ event, actions, when }: { event: EventItem; actions?: ReactNode; when?: string }) {
  const names = eventPeopleNames(event)
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      className={classes.card}
      data-soon={event.badge ? true : undefined}
      data-testid="event-card"
    >
      <Group justify="space-between" wrap="nowrap" gap="sm" align="center">
        <Stack gap={2} miw={0}>
          <Text fw={600} truncate>
            {names || event.occasion.label}
          </Text>
          <Text size="sm">
            {event.occasion.label}
            {event.name ? `: ${event.name}` : ''}
          </Text>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {/* A movable date (Mothering Sunday...) shows this year's real day (issue 21). */}
              {formatEventDate(event.rule && event.rule !== 'fixed' ? event.nextDate : event.date)}
            </Text>
            {event.badge ? (
              <Badge className={classes.badge} tt="none" size="sm" radius="sm">
                {event.badge}
              </Badge>
            ) : when ? (
              <Text size="sm" fw={600} c="brand.8" data-testid="event-when">
                {when}
              </Text>
            ) : null}
          </Group>
        </Stack>
        {actions ? (
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            {actions}
          </Group>
        ) : null}
      </Group>
    </Paper>
  )
}
