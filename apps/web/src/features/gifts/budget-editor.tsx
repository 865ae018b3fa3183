import { Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { type BudgetsOutput } from '@presently/domain'
import { apiErrorMessage } from '../../lib/api-errors'
import { useTRPC } from '../../lib/trpc'
import { occasionsQueryOptions } from '../selection/query-options'
import { GIFT_UI } from './messages'
import { refreshAfterGiftChange } from './query-options'

type Amount = number | string

/**
 * A person's budgets in whole pounds (issue 22): the default and one per occasion (the
 * occasions of their events and those already set, plus any added). Blank clears a budget.
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
  const [defaultAmount, setDefaultAmount] = useState<Amount>(budgets.default ?? '')
  const [amounts, setAmounts] = useState<Map<number, Amount>>(
    () => new Map(budgets.byOccasion.map((b) => [b.occasionId, b.amount])),
  )
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
  const wholePounds = (value: Amount | undefined) => (typeof value === 'number' ? Math.round(value) : null)

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate({
          personId,
          default: wholePounds(defaultAmount),
          byOccasion: [...rows.keys()].map((occasionId) => ({
            occasionId,
            amount: wholePounds(amounts.get(occasionId)),
          })),
        })
      }}
      aria-label="Budgets"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Whole pounds. An occasion without its own budget uses the default.
        </Text>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NumberInput
            label="Default budget (£)"
            min={0}
            max={100_000}
            allowDecimal={false}
            value={defaultAmount}
            onChange={setDefaultAmount}
            w={170}
          />
          {[...rows].map(([occasionId, label]) => (
            <NumberInput
              key={occasionId}
              label={`${label} budget (£)`}
              min={0}
              max={100_000}
              allowDecimal={false}
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
