import { Alert, Box, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { formatPrice, type PlanOutput } from '@presently/domain'
import { apiErrorMessage } from '../../lib/api-errors'
import { AnchorLink, ButtonLink } from '../../lib/links'
import { useTRPC } from '../../lib/trpc'
import { IconArrowLeft } from '@tabler/icons-react'
import { GIFT_UI } from './messages'
import { planQueryOptions } from './query-options'
import { isPlanYear, PLAN_YEAR } from './plan-title'

/** "£40.00", or "—" without a budget. */
const money = (amount: number | null) => (amount === null ? '—' : formatPrice(amount))

/**
 * The occasion plan (issue 22): every person with an event of the occasion, their budget, spent,
 * what was bought (or "nothing yet") and a link to their gift ideas; people still without a
 * present first; totals at the foot.
 */
export function PlanPage({ occasion, year }: { occasion: string; year: string }) {
  const trpc = useTRPC()
  const yearNumber = Number(year)
  const valid = isPlanYear(year)
  const plan = useQuery({ ...planQueryOptions(trpc, occasion, valid ? yearNumber : 2000), enabled: valid })
  return (
    <Stack gap="lg">
      <div>
        <ButtonLink
          to="/my-account/events"
          variant="subtle"
          size="compact-md"
          px={6}
          leftSection={<IconArrowLeft size={18} aria-hidden />}
        >
          Events
        </ButtonLink>
      </div>
      {!valid || plan.isError ? (
        <>
          <Title order={1}>Plan</Title>
          <Alert color="red" role="alert" title={GIFT_UI.planFailed}>
            {valid
              ? apiErrorMessage(plan.error, GIFT_UI.planFailed)
              : `The year in the address must be a whole number from ${PLAN_YEAR.min} to ${PLAN_YEAR.max}.`}
          </Alert>
        </>
      ) : plan.isPending ? (
        <>
          <Skeleton height={36} width="40%" />
          <Skeleton height={200} />
        </>
      ) : (
        <PlanView plan={plan.data} />
      )}
    </Stack>
  )
}

function PlanView({ plan }: { plan: PlanOutput }) {
  const title = `${plan.occasion.label} ${plan.year} plan`
  return (
    <>
      <div>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">Everyone with a {plan.occasion.label} event, who still needs a present first.</Text>
      </div>
      {plan.people.length === 0 ? (
        <Text>
          Nobody has a {plan.occasion.label} event yet. Add one on the{' '}
          <AnchorLink to="/my-account/events">events page</AnchorLink>.
        </Text>
      ) : (
        <>
          <PlanStack plan={plan} />
          <Card withBorder radius="md" padding="md" visibleFrom="sm">
            <Table.ScrollContainer minWidth={620}>
              <Table verticalSpacing="sm" data-testid="plan-table">
                <caption className="visually-hidden">{title}</caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Person</Table.Th>
                    <Table.Th scope="col">Budget</Table.Th>
                    <Table.Th scope="col">Spent</Table.Th>
                    <Table.Th scope="col">Bought</Table.Th>
                    <Table.Th scope="col">Ideas</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {plan.people.map((row) => (
                    <Table.Tr key={row.person.id} data-testid="plan-row">
                      <Table.Th scope="row">
                        <AnchorLink to="/my-account/person/$id" params={{ id: String(row.person.id) }}>
                          {row.person.name}
                        </AnchorLink>
                      </Table.Th>
                      <Table.Td>{money(row.budget)}</Table.Td>
                      <Table.Td>
                        {formatPrice(row.spent)}
                        {row.budget !== null && row.remaining === 0 ? (
                          <Text span ml="xs" size="sm" fw={700} c="dark.7">
                            (budget spent)
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        {row.gifts.length === 0 ? (
                          <Text span c="dimmed">
                            {GIFT_UI.nothingYet}
                          </Text>
                        ) : (
                          row.gifts
                            .map((g) => `${g.title}${g.pricePaid === null ? '' : ` (${formatPrice(g.pricePaid)})`}`)
                            .join(', ')
                        )}
                      </Table.Td>
                      <Table.Td>
                        <AnchorLink
                          to="/"
                          search={{ person: row.person.id, occasion: plan.occasion.id }}
                          aria-label={`Gift ideas for ${row.person.name}`}
                        >
                          Gift ideas
                        </AnchorLink>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr data-testid="plan-totals">
                    <Table.Th scope="row">Total</Table.Th>
                    <Table.Td fw={700}>{formatPrice(plan.totals.budget)}</Table.Td>
                    <Table.Td fw={700}>{formatPrice(plan.totals.spent)}</Table.Td>
                    <Table.Td colSpan={2}>
                      {plan.people.filter((p) => p.gifts.length === 0).length} of {plan.people.length} still without a
                      present
                    </Table.Td>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
          </Card>
        </>
      )}
    </>
  )
}

/** What was bought for a person: "Scarf (£28.06), Book", or "nothing yet". */
function boughtText(row: PlanOutput['people'][number]) {
  return row.gifts.map((g) => `${g.title}${g.pricePaid === null ? '' : ` (${formatPrice(g.pricePaid)})`}`).join(', ')
}

/**
 * The plan on a phone (issue 43 §5: the table was cut at 390 px): one card per person, stacked,
 * with the same facts as the table's row, and the totals under them. Shown below Mantine's `sm`.
 */
function PlanStack({ plan }: { plan: PlanOutput }) {
  return (
    <Box hiddenFrom="sm">
      <Stack
        gap="sm"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={`${plan.occasion.label} ${plan.year} plan`}
      >
        {plan.people.map((row) => (
          <Card component="li" key={row.person.id} withBorder radius="md" padding="sm" data-testid="plan-card">
            <Group justify="space-between" align="baseline" gap="xs" wrap="nowrap">
              <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                <AnchorLink to="/my-account/person/$id" params={{ id: String(row.person.id) }}>
                  {row.person.name}
                </AnchorLink>
              </Text>
              <AnchorLink
                to="/"
                search={{ person: row.person.id, occasion: plan.occasion.id }}
                aria-label={`Gift ideas for ${row.person.name}`}
                size="sm"
              >
                Gift ideas
              </AnchorLink>
            </Group>
            <Text size="sm">
              Budget {money(row.budget)} · Spent {formatPrice(row.spent)}
              {row.budget !== null && row.remaining === 0 ? ' (budget spent)' : ''}
            </Text>
            <Text size="sm" c={row.gifts.length === 0 ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }}>
              Bought: {row.gifts.length === 0 ? GIFT_UI.nothingYet : boughtText(row)}
            </Text>
          </Card>
        ))}
      </Stack>
      <Text fw={700} mt="sm" data-testid="plan-card-totals">
        Total: budget {formatPrice(plan.totals.budget)} · spent {formatPrice(plan.totals.spent)} ·{' '}
        {plan.people.filter((p) => p.gifts.length === 0).length} of {plan.people.length} still without a present
      </Text>
    </Box>
  )
}
