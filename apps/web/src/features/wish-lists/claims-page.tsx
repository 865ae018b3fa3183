import { Alert, Badge, Button, Card, Group, Image, Skeleton, Stack, Text } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
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
 * The body of /my-account/claims (issue 23): what the user said they'd get, newest first. An item
 * its owner deleted shows "Removed by the list's owner". A catalog item's Buy Now records the
 * order for the person the list belongs to and the list's occasion.
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
        <ClaimCard key={claim.itemId} claim={claim} />
      ))}
    </Stack>
  )
}

function ClaimCard({ claim }: { claim: MyClaimOutput }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const buy = useBuyNow({ personId: claim.person?.id, occasionId: claim.occasionId ?? undefined })
  const unclaim = useMutation(
    trpc.sharedLists.unclaim.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.wishLists.myClaims.queryKey() }),
    }),
  )
  return (
    <Card withBorder radius="md" padding="sm" component="article" aria-label={claim.title}>
      <Group wrap="nowrap" align="flex-start" justify="space-between">
        <Group wrap="nowrap" align="flex-start">
          {claim.image ? <Image src={claim.image} alt="" w={64} h={64} fit="contain" radius="sm" /> : null}
          <Stack gap={4}>
            <Text fw={600}>
              {claim.title}
              {claim.quantity > 1 ? ` × ${claim.quantity}` : ''}
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
              {claim.person ? <Badge variant="light">For {claim.person.name}</Badge> : null}
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
            {claim.productId !== null ? (
              <Button size="xs" loading={buy.isPending} onClick={() => buy.buy(claim.productId!)}>
                Buy Now
              </Button>
            ) : claim.link ? (
              <Button size="xs" component="a" href={claim.link} target="_blank" rel="noopener noreferrer">
                Where to buy
              </Button>
            ) : null}
            {claim.sharedPath ? (
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
          </Stack>
        )}
      </Group>
      <BuyErrorDialog message={buy.errorMessage} onClose={buy.reset} />
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
