import { Alert, Button, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { GUEST_DATA_NOTICE, type MyClaimOutput } from '@presently/domain'
import { StatusMessage } from '../catalog/status-message'
import { ClaimCard } from '../wish-lists/claims-page'
import { apiErrorMessage, isNotFound } from '../../lib/api-errors'
import { AnchorLink, ButtonLink } from '../../lib/links'
import { useTRPC } from '../../lib/trpc'

/** A UK date and time ("Sunday 25 January 2027"). */
const ukDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  })

/**
 * /my-claims/{token} (issue 37): a guest's claims and pledges on any device, by the link in their
 * emails: undo any of them, see what the owners changed or removed, and delete their details now.
 * Says when their details are deleted otherwise.
 */
export function GuestClaimsPage({ token }: { token: string }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const query = useQuery(trpc.guests.claims.queryOptions({ token }, { retry: false }))
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.guests.claims.queryKey({ token }) })
  const onError = (error: unknown) =>
    notifications.show({ color: 'red', message: apiErrorMessage(error, 'That did not work, please try again') })
  const removeClaim = useMutation(trpc.guests.removeClaim.mutationOptions({ onSuccess: refresh, onError }))
  const removePledge = useMutation(trpc.guests.removePledge.mutationOptions({ onSuccess: refresh, onError }))
  const [deleting, setDeleting] = useState(false)
  const deleteMe = useMutation(trpc.guests.deleteMe.mutationOptions({ onError }))

  if (deleteMe.isSuccess) {
    return (
      <StatusMessage title="Your details are deleted" action={<ButtonLink to="/">Browse gift ideas</ButtonLink>}>
        Your name, email address, claims and pledges are gone from Presently.
      </StatusMessage>
    )
  }
  if (query.isPending) return <Skeleton height={240} aria-label="Loading your claims" />
  if (query.isError) {
    return isNotFound(query.error) ? (
      <StatusMessage
        title="This link does not work any more"
        action={<ButtonLink to="/">Browse gift ideas</ButtonLink>}
      >
        Your details may have been deleted, or moved to your account when you signed up: sign in to see your claims.
      </StatusMessage>
    ) : (
      <Alert color="red" role="alert">
        {apiErrorMessage(query.error, 'Could not load your claims')}
      </Alert>
    )
  }
  const { guest, claims, watches } = query.data
  const remove = (claim: MyClaimOutput) =>
    claim.kind === 'claim'
      ? removeClaim.mutate({ token, itemId: claim.itemId })
      : removePledge.mutate({ token, itemId: claim.itemId })
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Your claims</Title>
        <Text c="dimmed">
          {guest.name} · {guest.email}
          {guest.confirmed ? '' : ' · not confirmed yet: open the link in your email'}
        </Text>
      </Stack>
      {claims.length === 0 ? (
        <Text>You have no claims or pledges at the moment.</Text>
      ) : (
        <Stack gap="sm" component="section" aria-label="Claims and pledges">
          {claims.map((claim) => (
            <ClaimCard
              key={`${claim.kind}-${claim.itemId}`}
              claim={claim}
              actions={
                <>
                  {claim.awProductId !== null ? (
                    <ButtonLink size="xs" to="/product/$id" params={{ id: String(claim.awProductId) }}>
                      See in the shop
                    </ButtonLink>
                  ) : claim.link ? (
                    <Button size="xs" component="a" href={claim.link} target="_blank" rel="noopener noreferrer">
                      Where to buy
                    </Button>
                  ) : null}
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => remove(claim)}
                    loading={
                      (claim.kind === 'claim' ? removeClaim : removePledge).isPending &&
                      (claim.kind === 'claim' ? removeClaim : removePledge).variables?.itemId === claim.itemId
                    }
                    aria-label={`${claim.kind === 'claim' ? 'Undo claim of' : 'Withdraw pledge towards'} ${claim.title}`}
                  >
                    {claim.kind === 'claim' ? 'Undo' : 'Withdraw'}
                  </Button>
                </>
              }
            />
          ))}
        </Stack>
      )}
      {watches.length ? (
        <Text size="sm">
          You are told when something is added to{' '}
          {watches.map((w) => `${w.ownerName}’s list “${w.listName}”`).join(', ')} (at most one email a day). Turn it
          off on the list’s page.
        </Text>
      ) : null}
      <Stack gap="xs" component="section" aria-label="Your details">
        <Title order={2} size="h4">
          Your details
        </Title>
        <Text size="sm">{GUEST_DATA_NOTICE}</Text>
        <Text size="sm">Kept until at least {ukDay(guest.expiresAt)} unless you use them again.</Text>
        <Group gap="sm">
          <Button color="red" variant="light" onClick={() => setDeleting(true)}>
            Delete my details now
          </Button>
          <AnchorLink to="/auth" search={{ tab: 'register' }} size="sm">
            Create an account with {guest.email}
          </AnchorLink>
        </Group>
      </Stack>
      <Modal opened={deleting} onClose={() => setDeleting(false)} title="Delete your details?" radius="lg">
        <Stack gap="sm">
          <Text size="sm">
            Your name, email address and every claim and pledge go now. What you claimed becomes free for others.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(false)}>
              Keep them
            </Button>
            <Button color="red" loading={deleteMe.isPending} onClick={() => deleteMe.mutate({ token })}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}
