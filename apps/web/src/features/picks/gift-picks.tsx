import { Alert, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useState } from 'react'
import { parseMoneyText, PICK_COUNT_RANGE, PICK_MAX_PRICE } from '@presently/domain'
import { MoneyInput } from '../../lib/money-input'
import { IconInfoCircle } from '@tabler/icons-react'
import { BuyErrorDialog } from '../orders/buy-error-dialog'
import { useBuyNow } from '../orders/use-buy-now'
import { PICKS_UI } from './messages'
import { PickCard, PickCardSkeleton } from './pick-card'
import classes from './picks.module.css'
import { useDismissals } from './use-dismissals'
import { useProductPicks } from './use-product-picks'

export interface GiftPicksProps {
  personId: number
  personName: string
  occasionId: number
  occasionLabel: string
  /** Heading level: 2 on home (under Recommendations), 3 inside the person page's Gift Ideas. */
  order?: 2 | 3
}

/** The picks' budget override: whole pounds, £1 to £100,000 (issue 20; issue 43 §2). */
const BUDGET_RULE = { label: PICKS_UI.budgetLabel, whole: true, ...PICK_MAX_PRICE }

/**
 * "Gift ideas for {name}" (issue 20): the picks as product cards with their reasons, Buy Now
 * recording the person and the occasion, "Not for {name}", and the honest line when the catalog
 * has little for the person's interests. Shown under the categories on home and on the person page.
 */
export function GiftPicks({ personId, personName, occasionId, occasionLabel, order = 2 }: GiftPicksProps) {
  const [budgetText, setBudgetText] = useState('')
  const [budget] = useDebouncedValue(budgetText, 400)
  // Issue 43 §2: "40.50" is refused in the box (never read as 4050); until it reads, no override.
  const parsedBudget = parseMoneyText(budget, BUDGET_RULE)
  const maxPrice = parsedBudget.ok && parsedBudget.pounds !== null ? parsedBudget.pounds : undefined
  const query = useProductPicks({ personId, occasionLabel, maxPrice })
  const buyNow = useBuyNow({ personId, occasionId })
  const dismissals = useDismissals(personId)
  const buying = buyNow.isPending
  const titleId = `gift-picks-title-${personId}`

  return (
    <Stack component="section" aria-labelledby={titleId} gap="sm" data-testid="gift-picks">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={order} size={order === 2 ? 'h3' : 'h4'} id={titleId}>
            {PICKS_UI.title(personName)}
          </Title>
          {/* The budget line's row is kept while the picks load, saying so (issue 24, CLS). */}
          {query.data ? (
            <Text c="dimmed" size="sm" data-testid="gift-picks-budget">
              {occasionLabel} · {PICKS_UI.budget(query.data.budget.max, query.data.budget.source)}
            </Text>
          ) : query.isPending ? (
            <Group gap={6} role="status" wrap="nowrap">
              <Loader size={14} aria-hidden />
              <Text c="dimmed" size="sm">
                {PICKS_UI.loading}
              </Text>
            </Group>
          ) : (
            <Text size="sm" aria-hidden>
              {'\u00a0'}
            </Text>
          )}
        </div>
        <MoneyInput
          label={PICKS_UI.budgetLabel}
          // Empty, the box shows the budget the picks keep to (the profile's or the event's), so it
          // never reads "Any" beside "Up to £30"; typing a number overrides it.
          placeholder={PICKS_UI.budgetPlaceholder(budgetText === '' && query.data ? query.data.budget.max : null)}
          rule={BUDGET_RULE}
          value={budgetText}
          onChange={setBudgetText}
          w={150}
          size="sm"
          data-testid="gift-picks-budget-input"
        />
      </Group>
      {query.isPending ? (
        // Stand-ins for the picks asked for, in the same grid: what is below stays put (issue 24).
        <SimpleGrid cols={{ base: 2, md: 3 }} spacing="md" className={classes.grid} aria-hidden>
          {Array.from({ length: PICK_COUNT_RANGE.default }, (_, i) => (
            <PickCardSkeleton key={i} />
          ))}
        </SimpleGrid>
      ) : query.isError ? (
        <Alert color="red" variant="light" role="alert">
          {PICKS_UI.error}
        </Alert>
      ) : (
        <>
          {query.data.note ? (
            <Alert
              color="yellow"
              variant="light"
              icon={<IconInfoCircle size={18} aria-hidden />}
              data-testid="gift-picks-note"
            >
              {query.data.note}
            </Alert>
          ) : null}
          {query.data.picks.length === 0 ? (
            <Text c="dimmed">{PICKS_UI.empty(personName)}</Text>
          ) : (
            <SimpleGrid cols={{ base: 2, md: 3 }} spacing="md" className={classes.grid}>
              {query.data.picks.map((pick) => (
                <PickCard
                  key={pick.product.id}
                  pick={pick}
                  personName={personName}
                  onBuy={buyNow.buy}
                  buying={buying}
                  onDismiss={dismissals.dismiss}
                  dismissing={dismissals.dismissing === pick.product.id}
                />
              ))}
            </SimpleGrid>
          )}
          {dismissals.dismissFailed ? (
            <Text c="red" size="sm" role="alert">
              {PICKS_UI.dismissFailed}
            </Text>
          ) : null}
        </>
      )}
      <BuyErrorDialog message={buyNow.errorMessage} onClose={buyNow.reset} />
    </Stack>
  )
}
