import { NativeSelect, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { eventOptionLabel, selectedEvent, type GiftIdeasEvent } from './gift-ideas-events'
import { RECOMMENDATION_UI } from './messages'
import { RecommendationResults } from './recommendation-results'
import { useRecommendations } from './use-recommendations'
import { DismissedProducts } from '../picks/dismissed-products'
import { GiftPicks } from '../picks/gift-picks'

export type { GiftIdeasEvent }

export interface PersonGiftIdeasProps {
  personId: number
  /** The person's events (GET /api/people/{id} `events`), in the page's order. */
  events: readonly GiftIdeasEvent[]
  /** Show the "Gift Ideas" heading (default true); false when the page gives the area its own. */
  withTitle?: boolean
  /** The person's name: with it, the product picks show under the categories (issue 20). */
  personName?: string
}

/**
 * The person page's Gift Ideas (spec account-area §2 "Person detail"): recommendations for the
 * selected event's occasion, the first event by default, another chosen from the person's
 * events. "Finding recommendations…" while loading; "Unable to load recommendations." with Try
 * Again, which reloads the page (as the spec says); "No recommendations available. Try a
 * different occasion or number of results." when empty. A person without events gets a hint to
 * add one (the spec does not say; docs/decisions/selection.md). With `personName`, the product
 * picks of the selected event follow the categories, and the products hidden for the person are
 * listed with Undo (issue 20).
 */
export function PersonGiftIdeas({ personId, events, withTitle = true, personName }: PersonGiftIdeasProps) {
  const [chosenId, setChosenId] = useState<number | undefined>(undefined)
  const selected = selectedEvent(events, chosenId)
  const query = useRecommendations({ personId, occasionLabel: selected?.occasion.label })

  return (
    <Stack
      component="section"
      {...(withTitle ? { 'aria-labelledby': 'gift-ideas-title' } : { 'aria-label': RECOMMENDATION_UI.giftIdeas })}
      gap="sm"
    >
      {withTitle ? (
        <Title order={2} id="gift-ideas-title">
          {RECOMMENDATION_UI.giftIdeas}
        </Title>
      ) : null}
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
          {personName !== undefined ? (
            <GiftPicks
              personId={personId}
              personName={personName}
              occasionId={selected.occasion.id}
              occasionLabel={selected.occasion.label}
              order={3}
            />
          ) : null}
        </>
      )}
      {personName !== undefined ? <DismissedProducts personId={personId} personName={personName} /> : null}
    </Stack>
  )
}
