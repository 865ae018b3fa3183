import { Alert, Button, Group, Loader, SimpleGrid, Text } from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'
import { formatPrice, RECOMMENDATION_COUNT, type RecommendationsOutput } from '@presently/domain'
import { RECOMMENDATION_UI } from './messages'
import { RecommendationCard, RecommendationCardSkeleton } from './recommendation-card'

/** The grid of the cards and of their loading stand-ins: one layout, so the two are the same size. */
const GRID_COLS = { base: 1, sm: 2, md: 3 }

export interface RecommendationResultsProps {
  isPending: boolean
  isError: boolean
  data: RecommendationsOutput | undefined
  /** The error and empty texts of the page (home and person page differ). */
  errorText: string
  emptyText: string
  /** Shows a Try Again button under the error when given. */
  onRetry?: () => void
}

/**
 * The states of a recommendations call (spec browsing-and-purchase §4, account-area §2):
 * "Finding recommendations…" while loading (over stand-ins the size of the cards to come), the
 * page's error and empty texts, else the cards.
 */
export function RecommendationResults({
  isPending,
  isError,
  data,
  errorText,
  emptyText,
  onRetry,
}: RecommendationResultsProps) {
  if (isPending) {
    // As many stand-ins as cards are asked for, the same size, the first saying what is going on:
    // the picks and tiles below stay where they are when the cards arrive (issue 24, CLS).
    return (
      <SimpleGrid cols={GRID_COLS} spacing="md" data-testid="recommendations-loading">
        {Array.from({ length: RECOMMENDATION_COUNT.default }, (_, i) => (
          <RecommendationCardSkeleton key={i}>
            {i === 0 ? (
              <Group gap="sm" role="status">
                <Loader size="sm" aria-hidden />
                <Text c="dimmed">{RECOMMENDATION_UI.loading}</Text>
              </Group>
            ) : null}
          </RecommendationCardSkeleton>
        ))}
      </SimpleGrid>
    )
  }
  if (isError || !data) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
        <Text size="sm">{errorText}</Text>
        {onRetry ? (
          <Button variant="light" color="red" size="xs" mt="sm" onClick={onRetry}>
            {RECOMMENDATION_UI.tryAgain}
          </Button>
        ) : null}
      </Alert>
    )
  }
  // Issue 22: with the budget spent, nothing is offered over it and the block says so.
  if (data.budget?.spentMessage) {
    return (
      <Text fw={500} data-testid="budget-spent">
        {data.budget.spentMessage}.
      </Text>
    )
  }
  if (data.recommendations.length === 0) return <Text c="dimmed">{emptyText}</Text>
  const left = data.budget?.remaining
  return (
    <>
      {left !== null && left !== undefined ? (
        <Text size="sm" c="dimmed" mb="xs" data-testid="budget-left">
          Ideas within the {formatPrice(left)} left of the budget.
        </Text>
      ) : null}
      <SimpleGrid cols={GRID_COLS} spacing="md" data-testid="recommendations">
        {data.recommendations.map((recommendation) => (
          <RecommendationCard
            key={recommendation.categoryUrl || recommendation.category}
            recommendation={recommendation}
          />
        ))}
      </SimpleGrid>
    </>
  )
}
