import { Anchor, Badge, Card, Group, Progress, Skeleton, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { IconArrowRight } from '@tabler/icons-react'
import type { RecommendationOutput } from '@presently/domain'
import { AnchorLink } from '../../lib/links'
import { CATEGORY_ROUTE } from '../catalog/category-names'
import { RECOMMENDATION_UI, SIGNAL_LABELS } from './messages'
import { categoryLinkParams, recommendationPath } from './recommendation-link'
import classes from './recommendations.module.css'

/**
 * One recommended category (spec account-area §2, browsing-and-purchase §4): the category, its
 * confidence as a percentage and a bar, the reasoning, the signals behind it, its price ranges
 * and a link to its listing (categoryUrl, else /category/{slug}).
 */
export function RecommendationCard({ recommendation }: { recommendation: RecommendationOutput }) {
  const { category, confidence, reasoning, signals, specificProducts } = recommendation
  const path = recommendationPath(recommendation)
  const params = categoryLinkParams(path)
  const linkText = (
    <>
      {category}
      <IconArrowRight size={16} aria-hidden className={classes.arrow} />
    </>
  )
  return (
    <Card withBorder radius="md" padding="md" className={classes.card} data-testid="recommendation-card">
      <Stack gap="sm" h="100%">
        <Text component="h3" fw={700} size="lg" className={classes.category}>
          {params ? (
            <AnchorLink to={CATEGORY_ROUTE} params={params} className={classes.link} data-testid="recommendation-link">
              {linkText}
            </AnchorLink>
          ) : (
            <Anchor href={path} className={classes.link} data-testid="recommendation-link">
              {linkText}
            </Anchor>
          )}
        </Text>
        <div>
          <Group justify="space-between" gap="xs" mb={4}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {RECOMMENDATION_UI.confidence}
            </Text>
            <Text size="sm" fw={700} data-testid="recommendation-confidence">
              {`${confidence}%`}
            </Text>
          </Group>
          <Progress
            value={confidence}
            color="brand"
            size="md"
            radius="xl"
            aria-label={`${RECOMMENDATION_UI.confidence} ${confidence}%`}
          />
        </div>
        <Text size="sm" data-testid="recommendation-reasoning">
          {reasoning}
        </Text>
        {signals.length > 0 ? (
          <Group gap={6} data-testid="recommendation-signals">
            <Text size="xs" c="dimmed" fw={600}>
              {RECOMMENDATION_UI.signals}
            </Text>
            {signals.map((signal) => (
              <Badge key={signal} variant="light" color="gray" size="sm" radius="sm" tt="none">
                {SIGNAL_LABELS[signal]}
              </Badge>
            ))}
          </Group>
        ) : null}
        {specificProducts.length > 0 ? (
          <Text size="xs" c="dimmed" mt="auto">
            {RECOMMENDATION_UI.priceBands}: {specificProducts.map((band) => band.priceRange).join(' · ')}
          </Text>
        ) : null}
      </Stack>
    </Card>
  )
}

/**
 * A recommendation card's loading stand-in (issue 24, CLS): the card's frame and rows (category,
 * confidence and its bar, three lines of reasoning, the signals, the price ranges) at about their
 * height, so the page below does not move when the card replaces it. `children` (the loading
 * message) takes the category's row.
 */
export function RecommendationCardSkeleton({ children }: { children?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" className={classes.card} data-testid="recommendation-card-skeleton">
      <Stack gap="sm" h="100%">
        {children ?? <Skeleton h={24} w="55%" my={3} />}
        <div aria-hidden>
          <Skeleton h={14} w="35%" mt={3} mb={9} />
          <Skeleton h={8} radius="xl" />
        </div>
        <Stack gap={9} py={4} aria-hidden>
          <Skeleton h={13} />
          <Skeleton h={13} />
          <Skeleton h={13} w="70%" />
        </Stack>
        <Skeleton h={20} w="75%" aria-hidden />
        <Skeleton h={14} w="85%" mt="auto" mb={3} aria-hidden />
      </Stack>
    </Card>
  )
}
