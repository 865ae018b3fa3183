import { formatEventDate } from '@presently/domain'

/** What the Gift Ideas area reads of a person's event (spec account-area §3 "Event"). */
export interface GiftIdeasEvent {
  id: number
  date: string
  occasion: { id: number; label: string }
}

/** What the event picker calls an event: "Birthday (12th March)" (account-area §9 date style). */
export function eventOptionLabel(event: GiftIdeasEvent): string {
  return `${event.occasion.label} (${formatEventDate(event.date)})`
}

/**
 * The event whose gift ideas show (spec account-area §2 "Person detail": "the first event is
 * selected by default"): the chosen one while it is still among the events, else the first;
 * undefined for a person without events.
 */
export function selectedEvent<E extends { id: number }>(
  events: readonly E[],
  chosenId: number | undefined,
): E | undefined {
  return events.find((event) => event.id === chosenId) ?? events[0]
}
