import { Alert, Badge, Button, Card, Group, Image, Skeleton, Stack, Text } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { MyClaimOutput } from '@presently/domain'
import { StatusMessage } from '../catalog/status-message'
import { BuyErrorDialog } from '../orders/buy-error-dialog'
import { useBuyNow } from '../orders/use-buy-now'
import { apiErrorMessage } from '../../lib/api-errors'
import { AnchorLink, ButtonLink } from '../../lib/links'
import { useTRPC } from '../../lib/trpc'
import { itemPrice, ukDate } from './format'
import { WISH_LIST_UI } from './messages'

/** The token of a shared list's path ("/lists/shared/{token}"). */
const tokenOf = (path: string) => path.split('/').pop() ?? ''

/**
 * The body of /my-account/claims (issue 23): what the user said they'd get, newest first, and
 * their pledges beside their claims (issue 43). An item its owner deleted shows "Removed by the
 * list's owner", one they changed since "Changed by the list's owner" (issue 37). A catalog
 * item's Buy Now records the order for the person the list belongs to and the list's occasion.
 */
export function ClaimsContent() {
  const trpc = useTRPC()
  const query = useQuery(trpc.wishLists.myClaims.queryOptions())
  if (query.isPending) return <Skeleton height={160} aria-label="Loading your claims" />
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {apiErrorMessage(query.error, 'Could not load your claims')}
      </Alert>
    )
  }
  if (query.data.length === 0) {
    return (
      <StatusMessage title={WISH_LIST_UI.noClaims}>
        When someone shares a wish list with you, open its link and press “{WISH_LIST_UI.claim}”.
      </StatusMessage>
    )
  }
  return (
    <Stack gap="sm">
      {query.data.map((claim) => (
        <AccountClaimCard key={`${claim.kind}-${claim.itemId}`} claim={claim} />
      ))}
    </Stack>
  )
}

function AccountClaimCard({ claim }: { claim: MyClaimOutput }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const buy = useBuyNow({ personId: claim.person?.id, occasionId: claim.occasionId ?? undefined })
  const unclaim = useMutation(
    trpc.sharedLists.unclaim.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.wishLists.myClaims.queryKey() }),
    }),
  )
  return (
    <ClaimCard
      claim={claim}
      actions={
        <>
          {claim.productId !== null && claim.kind === 'claim' ? (
            <Button size="xs" loading={buy.isPending} onClick={() => buy.buy(claim.productId!)}>
              Buy Now
            </Button>
          ) : claim.link ? (
            <Button size="xs" component="a" href={claim.link} target="_blank" rel="noopener noreferrer">
              Where to buy
            </Button>
          ) : null}
          {claim.sharedPath && claim.kind === 'claim' ? (
            <Button
              size="xs"
              variant="default"
              loading={unclaim.isPending}
              onClick={() => unclaim.mutate({ token: tokenOf(claim.sharedPath!), itemId: claim.itemId })}
              aria-label={`${WISH_LIST_UI.unclaim} ${claim.title}`}
            >
              {WISH_LIST_UI.unclaim}
            </Button>
          ) : null}
          <BuyErrorDialog message={buy.errorMessage} onClose={buy.reset} />
        </>
      }
    />
  )
}

/**
 * One claim or pledge (issue 23; issue 43 pledges beside claims; issue 37 the owner's changes and
 * a guest's held claims), with `actions` at its side unless its item was removed. Shared by
 * /my-account/claims and a guest's /my-claims/{token}.
 */
export function ClaimCard({ claim, actions }: { claim: MyClaimOutput; actions: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="sm" component="article" aria-label={claim.title}>
      <Group wrap="nowrap" align="flex-start" justify="space-between">
        <Group wrap="nowrap" align="flex-start" miw={0}>
          {claim.image ? <Image src={claim.image} alt="" w={64} h={64} fit="contain" radius="sm" /> : null}
          <Stack gap={4} miw={0}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {claim.kind === 'pledge' && claim.amount !== null ? `${itemPrice(claim.amount)} towards ` : ''}
              {claim.title}
              {claim.kind === 'claim' && claim.quantity > 1 ? ` × ${claim.quantity}` : ''}
            </Text>
            <Text size="sm" c="dimmed">
              From {claim.ownerName}’s list{' '}
              {claim.sharedPath ? (
                <AnchorLink to="/lists/shared/$token" params={{ token: tokenOf(claim.sharedPath) }} underline="always">
                  {claim.listName}
                </AnchorLink>
              ) : (
                claim.listName
              )}
              {claim.occasionLabel ? ` · ${claim.occasionLabel}` : ''}
              {claim.date ? ` · ${ukDate(claim.date)}` : ''}
            </Text>
            <Group gap="xs">
              {claim.price !== null ? <Text size="sm">{itemPrice(claim.price)}</Text> : null}
              {claim.kind === 'pledge' ? <Badge variant="light">Group gift pledge</Badge> : null}
              {claim.person ? <Badge variant="light">For {claim.person.name}</Badge> : null}
              {claim.pending ? (
                <Badge color="yellow.9" variant="filled">
                  Waiting for you to confirm
                </Badge>
              ) : null}
              {claim.changed ? (
                <Badge color="orange.9" variant="filled">
                  {WISH_LIST_UI.changed}
                </Badge>
              ) : null}
              {claim.removed ? (
                <Badge color="red.9" variant="filled">
                  {WISH_LIST_UI.removed}
                </Badge>
              ) : null}
            </Group>
          </Stack>
        </Group>
        {claim.removed ? null : (
          <Stack gap={6} align="flex-end">
            {actions}
          </Stack>
        )}
      </Group>
    </Card>
  )
}

/** The person page's planned gifts (issue 23): claims on wish lists linked to this person. */
export function PersonPlannedGifts({ personId }: { personId: number }) {
  const trpc = useTRPC()
  const query = useQuery(trpc.wishLists.plannedGifts.queryOptions({ personId }))
  if (query.isPending) return <Skeleton height={60} aria-label="Loading planned gifts" />
  if (query.isError) return null
  if (query.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {WISH_LIST_UI.plannedEmpty}
      </Text>
    )
  }
  return (
    <Stack gap="xs">
      {query.data.map((gift) => (
        <Group key={gift.itemId} gap="xs" wrap="wrap">
          <Badge color={gift.removed ? 'red.9' : 'teal.9'} variant="filled">
            {gift.removed ? WISH_LIST_UI.removed : 'Planned'}
          </Badge>
          <Text fw={600}>{gift.title}</Text>
          {gift.price !== null ? <Text size="sm">{itemPrice(gift.price)}</Text> : null}
          <Text size="sm" c="dimmed">
            {gift.listName}
            {gift.occasionLabel ? ` · ${gift.occasionLabel}` : ''}
            {gift.date ? ` · ${ukDate(gift.date)}` : ''}
          </Text>
        </Group>
      ))}
      <ButtonLink to="/my-account/claims" variant="subtle" size="xs" w="fit-content">
        All my claims
      </ButtonLink>
    </Stack>
  )
}
