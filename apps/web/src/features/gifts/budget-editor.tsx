import { Button, Group, Select, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { parseMoneyText, type BudgetsOutput, type MoneyRule } from '@presently/domain'
import { MoneyInput, moneyText } from '../../lib/money-input'
import { apiErrorMessage } from '../../lib/api-errors'
import { useTRPC } from '../../lib/trpc'
import { occasionsQueryOptions } from '../selection/query-options'
import { GIFT_UI } from './messages'
import { refreshAfterGiftChange } from './query-options'

/**
 * A person's budgets in whole pounds (issue 22): the default and one per occasion (the
 * occasions of their events and those already set, plus any added). Blank clears a budget.
 * "40.50", "-10" or "1000000" is refused in the box with the field and the range (issue 43 §2).
 */
export function BudgetEditor({
  personId,
  budgets,
  eventOccasions,
}: {
  personId: number
  budgets: BudgetsOutput
  eventOccasions: { id: number; label: string }[]
}) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const occasions = useQuery(occasionsQueryOptions(trpc))
  const [defaultAmount, setDefaultAmount] = useState(moneyText(budgets.default))
  const [amounts, setAmounts] = useState<Map<number, string>>(
    () => new Map(budgets.byOccasion.map((b) => [b.occasionId, moneyText(b.amount)])),
  )
  const [showErrors, setShowErrors] = useState(false)
  const rows = new Map<number, string>()
  for (const o of eventOccasions) rows.set(o.id, o.label)
  for (const b of budgets.byOccasion) rows.set(b.occasionId, b.occasionLabel)
  for (const id of amounts.keys())
    if (!rows.has(id)) rows.set(id, occasions.data?.find((o) => o.id === id)?.label ?? '')

  const save = useMutation(
    trpc.gifts.saveBudgets.mutationOptions({
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Error', message: apiErrorMessage(error, GIFT_UI.budgetsFailed) }),
      onSuccess: async () => {
        notifications.show({ color: 'green', message: GIFT_UI.budgetsSaved })
        await refreshAfterGiftChange(queryClient, trpc)
      },
    }),
  )
  const defaultRule: MoneyRule = { label: 'Default budget', whole: true }
  const ruleFor = (label: string): MoneyRule => ({ label: `${label} budget`, whole: true })

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        const first = parseMoneyText(defaultAmount, defaultRule)
        const each = [...rows].map(([occasionId, label]) => ({
          occasionId,
          parsed: parseMoneyText(amounts.get(occasionId) ?? '', ruleFor(label)),
        }))
        if (!first.ok || each.some((e) => !e.parsed.ok)) {
          setShowErrors(true)
          return
        }
        save.mutate({
          personId,
          default: first.pounds,
          byOccasion: each.map((e) => ({ occasionId: e.occasionId, amount: e.parsed.ok ? e.parsed.pounds : null })),
        })
      }}
      aria-label="Budgets"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Whole pounds. An occasion without its own budget uses the default.
        </Text>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <MoneyInput
            label="Default budget (£)"
            rule={defaultRule}
            showError={showErrors}
            value={defaultAmount}
            onChange={setDefaultAmount}
            w={170}
          />
          {[...rows].map(([occasionId, label]) => (
            <MoneyInput
              key={occasionId}
              label={`${label} budget (£)`}
              rule={ruleFor(label)}
              showError={showErrors}
              value={amounts.get(occasionId) ?? ''}
              onChange={(value) => setAmounts((m) => new Map(m).set(occasionId, value))}
              w={170}
            />
          ))}
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Add a budget for another occasion"
            placeholder="Select Occasion"
            searchable
            value={null}
            data={(occasions.data ?? [])
              .filter((o) => !rows.has(o.id))
              .map((o) => ({ value: String(o.id), label: o.label }))}
            onChange={(value) => value && setAmounts((m) => new Map(m).set(Number(value), ''))}
            w={260}
            comboboxProps={{ withinPortal: true }}
          />
          <Button type="submit" loading={save.isPending}>
            Save budgets
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
