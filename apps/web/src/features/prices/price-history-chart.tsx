import { Badge, Box, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { PRICE_CHART_DAYS, type PriceHistory } from '@presently/domain'
import { useTRPC } from '../../lib/trpc'
import { PRICE_UI, formatPence, londonDate } from './messages'

const WIDTH = 320
const HEIGHT = 96
const PAD_X = 4
const PAD_Y = 10

/** The steps of the chart: [time, pence] from the window's start to now (a price holds until the next change). */
function steps(history: PriceHistory, now: number): [number, number][] {
  const since = Date.parse(history.since)
  const result: [number, number][] = []
  const first = history.points[0]
  // The price in effect when the window opened: the last change before it, else the first change's
  // replaced price (the first row), else the current price.
  let current = first ? first.pence : history.pence
  for (const point of history.points) {
    const time = Date.parse(point.observedAt)
    if (time <= since) current = point.pence
  }
  result.push([since, current])
  for (const point of history.points) {
    const time = Date.parse(point.observedAt)
    if (time > since && time <= now) result.push([time, point.pence])
  }
  result.push([now, history.pence])
  return result
}

/**
 * The product page's price history (issue 39): a step chart of the last 90 days in SVG with its
 * text equivalent ("Lowest in 30 days: £28.00", the range and every change as a list for screen
 * readers), the "Lowest price in 30 days" mark when the current price is a real low, the feed's
 * "was" price, and "No longer sold" when the feed dropped the product. Nothing while loading or
 * when the history cannot be read (the page stands without it).
 */
export function PriceHistoryPanel({ productId }: { productId: number }) {
  const trpc = useTRPC()
  const query = useQuery(trpc.prices.history.queryOptions({ id: productId }))
  if (!query.data) return null
  return <PriceHistoryView history={query.data} />
}

export function PriceHistoryView({ history }: { history: PriceHistory }) {
  // The answer's own "now": its window runs PRICE_CHART_DAYS days up to it.
  const now = Date.parse(history.since) + PRICE_CHART_DAYS * 86_400_000
  const series = steps(history, now)
  const changes = history.points.filter((p) => Date.parse(p.observedAt) > Date.parse(history.since))
  const prices = series.map(([, pence]) => pence)
  const low = Math.min(...prices)
  const high = Math.max(...prices)
  const since = series[0]![0]
  const x = (time: number) => PAD_X + ((time - since) / Math.max(1, now - since)) * (WIDTH - 2 * PAD_X)
  const y = (pence: number) =>
    high === low ? HEIGHT / 2 : PAD_Y + ((high - pence) / (high - low)) * (HEIGHT - 2 * PAD_Y)
  let path = ''
  series.forEach(([time, pence], i) => {
    path += i === 0 ? `M${x(time).toFixed(1)},${y(pence).toFixed(1)}` : `H${x(time).toFixed(1)}V${y(pence).toFixed(1)}`
  })
  const summary = `${PRICE_UI.lowestIn30DaysText}: ${formatPence(history.lowest30Pence)}`
  return (
    <Stack gap="xs" data-testid="price-history">
      <Group gap="xs">
        {history.lowestIn30Days ? (
          <Badge color="teal.9" variant="filled" size="lg" data-testid="lowest-30-days">
            {PRICE_UI.lowestIn30Days}
          </Badge>
        ) : null}
        {history.recommendedPence !== null ? (
          <Text size="sm" c="dimmed" data-testid="recommended-price">
            {PRICE_UI.was} <s>{formatPence(history.recommendedPence)}</s>
          </Text>
        ) : null}
        {history.noLongerSold ? (
          <Badge color="gray.8" variant="filled" size="lg" data-testid="no-longer-sold">
            {PRICE_UI.noLongerSold}
          </Badge>
        ) : history.inStock === false ? (
          <Badge color="red.9" variant="filled" size="lg">
            {PRICE_UI.outOfStock}
          </Badge>
        ) : null}
      </Group>
      <Paper withBorder radius="md" p="sm" component="figure" m={0} aria-labelledby="price-history-heading">
        <Group justify="space-between" align="baseline" mb={4}>
          <Title order={2} size="h5" id="price-history-heading">
            {PRICE_UI.chartTitle(PRICE_CHART_DAYS)}
          </Title>
          <Text size="sm" fw={600} data-testid="lowest-30-summary">
            {summary}
          </Text>
        </Group>
        <Box
          component="svg"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          width="100%"
          height={HEIGHT}
          preserveAspectRatio="none"
          aria-hidden
          style={{ display: 'block' }}
          data-testid="price-chart"
        >
          <line x1={0} x2={WIDTH} y1={y(low)} y2={y(low)} stroke="var(--mantine-color-gray-3)" strokeDasharray="3 3" />
          <path
            d={path}
            fill="none"
            stroke="var(--mantine-color-brand-7)"
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
          />
        </Box>
        <Group justify="space-between" mt={4}>
          <Text size="xs" c="dimmed" aria-hidden>
            {londonDate(history.since)}
          </Text>
          <Text size="xs" c="dimmed" aria-hidden>
            {PRICE_UI.range(formatPence(low), formatPence(high))}
          </Text>
          <Text size="xs" c="dimmed" aria-hidden>
            {PRICE_UI.today}
          </Text>
        </Group>
        <VisuallyHidden component="figcaption">
          {PRICE_UI.chartDescription(formatPence(history.pence), formatPence(low), formatPence(high))}{' '}
          {changes.length === 0
            ? PRICE_UI.noChanges
            : changes
                .map(
                  (c) =>
                    `${londonDate(c.observedAt)}: ${formatPence(c.pence)}${c.inStock === false ? ` (${PRICE_UI.outOfStock})` : ''}.`,
                )
                .join(' ')}
        </VisuallyHidden>
      </Paper>
    </Stack>
  )
}
