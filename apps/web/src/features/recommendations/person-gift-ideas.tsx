import { NativeSelect, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { formatEventDate } from '@presently/domain'
import { RECOMMENDATION_UI } from './messages'
import { RecommendationResults } from './recommendation-results'
import { useRecommendations } from './use-recommendations'

/** What the Gift Ideas area reads of a person's event (spec account-area §3 "Event"). */
export interface GiftIdeasEvent {
  id: number
  date: string
  occasion: { id: number; label: string }
}

export interface PersonGiftIdeasProps {
  personId: number
  /** The person's events (GET /api/people/{id} `events`), in the page's order. */
  events: readonly GiftIdeasEvent[]
}

/** What the event picker calls an event: "Birthday (12th March)". */
export function eventOptionLabel(event: GiftIdeasEvent): string {
  const date = formatEventDate(event.date)
  return date ? `${event.occasion.label} (${date})` : event.occasion.label
}

/**
 * The person page's Gift Ideas (spec account-area §2 "Person detail"): recommendations for the
 * selected event's occasion, the first event by default, another chosen from the person's
 * events. "Finding recommendations…" while loading; "Unable to load recommendations." with Try
 * Again, which reloads the page (as the spec says); "No recommendations available. Try a
 * different occasion or number of results." when empty. A person without events gets a hint to
 * add one (the spec does not say; docs/decisions/recommendations-web.md).
 */
export function PersonGiftIdeas({ personId, events }: PersonGiftIdeasProps) {
  const [chosenId, setChosenId] = useState<number | undefined>(undefined)
  // The chosen event while it still exists, else the first (events may change under us).
  const selected = events.find((event) => event.id === chosenId) ?? events[0]
  const query = useRecommendations({ personId, occasionLabel: selected?.occasion.label })

  return (
    <Stack component="section" aria-labelledby="gift-ideas-title" gap="sm">
      <Title order={2} id="gift-ideas-title">
        {RECOMMENDATION_UI.giftIdeas}
      </Title>
      {selected === undefined ? (
        <Text c="dimmed">{RECOMMENDATION_UI.noEvents}</Text>
      ) : (
        <>
          {events.length > 1 ? (
            <NativeSelect
              label={RECOMMENDATION_UI.eventPicker}
              value={String(selected.id)}
              onChange={(event) => setChosenId(Number(event.currentTarget.value))}
              data={events.map((event) => ({ value: String(event.id), label: eventOptionLabel(event) }))}
              maw={360}
            />
          ) : (
            <Text c="dimmed" size="sm">
              {RECOMMENDATION_UI.eventPicker} {eventOptionLabel(selected)}
            </Text>
          )}
          <RecommendationResults
            isPending={query.isPending}
            isError={query.isError}
            data={query.data}
            errorText={RECOMMENDATION_UI.personError}
            emptyText={RECOMMENDATION_UI.personEmpty}
            onRetry={() => window.location.reload()}
          />
        </>
      )}
    </Stack>
  )
}
