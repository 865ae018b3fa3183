import { Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconPlus } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { formatEventDate, formatPrice, poundsToPence, spendSummary, type GiftOutput } from '@presently/domain'
import { apiErrorMessage } from '../../lib/api-errors'
import { useTRPC } from '../../lib/trpc'
import { BudgetEditor } from './budget-editor'
import { GiftFormModal } from './gift-form-modal'
import { GIFT_UI } from './messages'
import { budgetsQueryOptions, giftsQueryOptions, refreshAfterGiftChange } from './query-options'

/** Presents grouped by the year they were given, newest year first (the list is newest first already). */
export function groupByYear(gifts: readonly GiftOutput[]): { year: string; gifts: GiftOutput[] }[] {
  const groups: { year: string; gifts: GiftOutput[] }[] = []
  for (const gift of gifts) {
    const year = gift.givenOn.slice(0, 4)
    const last = groups[groups.length - 1]
    if (last?.year === year) last.gifts.push(gift)
    else groups.push({ year, gifts: [gift] })
  }
  return groups
}

/**
 * The person page's "Gift history and budget" section (issue 22): this year's spend against each
 * budget ("£32 of £40 spent for Christmas 2026"), the budgets, and the presents newest first by
 * year (what, when, occasion, price, where from), with add, edit and delete for those by hand.
 */
export function GiftHistorySection({
  personId,
  eventOccasions,
}: {
  personId: number
  eventOccasions: { id: number; label: string }[]
}) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const gifts = useQuery(giftsQueryOptions(trpc, personId))
  const budgets = useQuery(budgetsQueryOptions(trpc, personId))
  const [editing, setEditing] = useState<{ gift: GiftOutput | null } | null>(null)
  const remove = useMutation(
    trpc.gifts.delete.mutationOptions({
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Error', message: apiErrorMessage(error, GIFT_UI.deleteFailed) }),
      onSuccess: () => refreshAfterGiftChange(queryClient, trpc),
    }),
  )

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="gift-history-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id="gift-history-title">
          {GIFT_UI.sectionTitle}
        </Title>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          variant="light"
          onClick={() => setEditing({ gift: null })}
        >
          {GIFT_UI.addGift}
        </Button>
      </Group>

      {budgets.data ? (
        <Stack gap={4} mb="md" data-testid="budget-status">
          {budgets.data.status.map((s) => (
            <Text key={s.occasionId} fw={500}>
              {spendSummary(
                poundsToPence(s.spent),
                s.budget === null ? null : poundsToPence(s.budget),
                s.occasionLabel,
                s.year,
              )}
            </Text>
          ))}
        </Stack>
      ) : null}

      <Title order={3} size="h5" mb="xs">
        {GIFT_UI.budgetTitle}
      </Title>
      {budgets.data ? (
        <BudgetEditor
          key={JSON.stringify([budgets.data.default, budgets.data.byOccasion])}
          personId={personId}
          budgets={budgets.data}
          eventOccasions={eventOccasions}
        />
      ) : (
        <Skeleton height={60} />
      )}

      <Title order={3} size="h5" mt="lg" mb="xs">
        {GIFT_UI.historyTitle}
      </Title>
      {gifts.isPending ? (
        <Skeleton height={80} />
      ) : gifts.isError ? (
        <Text c="red.8">{apiErrorMessage(gifts.error, 'Could not load the gift history')}</Text>
      ) : gifts.data.length === 0 ? (
        <Text c="dimmed">{GIFT_UI.noGifts}</Text>
      ) : (
        <Stack gap="md" data-testid="gift-history">
          {groupByYear(gifts.data).map((group) => (
            <div key={group.year}>
              <Title order={4} size="h6" mb={4}>
                {group.year}
              </Title>
              <Stack
                component="ul"
                gap={0}
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                aria-label={`Presents of ${group.year}`}
              >
                {group.gifts.map((gift) => (
                  <Group
                    component="li"
                    key={`${gift.source}-${gift.id}`}
                    data-testid="gift-row"
                    justify="space-between"
                    align="flex-start"
                    wrap="nowrap"
                    gap="sm"
                    py={8}
                    style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
                  >
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {gift.link ? (
                          <Anchor href={gift.link} target="_blank" rel="noopener noreferrer nofollow" inherit>
                            {gift.title}
                          </Anchor>
                        ) : (
                          gift.title
                        )}
                      </Text>
                      <Text size="sm" c="dark.6">
                        <time dateTime={gift.givenOn}>
                          {formatEventDate(gift.givenOn)} {gift.givenOn.slice(0, 4)}
                        </time>
                        {' · '}
                        {gift.occasionLabel ?? 'No occasion'}
                        {' · '}
                        {gift.pricePaid === null ? 'price not known' : formatPrice(gift.pricePaid)}
                        {' · '}
                        {gift.source === 'order' ? GIFT_UI.fromOrder : GIFT_UI.byHand}
                      </Text>
                      {gift.note ? (
                        <Text size="sm" c="dark.6" fs="italic" style={{ overflowWrap: 'anywhere' }}>
                          {gift.note}
                        </Text>
                      ) : null}
                    </div>
                    {gift.source === 'manual' ? (
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          onClick={() => setEditing({ gift })}
                          aria-label={`Edit ${gift.title}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="dark.7"
                          onClick={() => remove.mutate({ id: gift.id })}
                          aria-label={`Delete ${gift.title}`}
                        >
                          {GIFT_UI.deleteGift}
                        </Button>
                      </Group>
                    ) : null}
                  </Group>
                ))}
              </Stack>
            </div>
          ))}
        </Stack>
      )}
      <GiftFormModal
        personId={personId}
        gift={editing?.gift ?? null}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
    </Card>
  )
}
