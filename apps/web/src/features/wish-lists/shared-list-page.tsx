import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { parseMoneyText, type SharedItemOutput, type SharedListOutput } from '@presently/domain'
import { MoneyInput } from '../../lib/money-input'
import { AuthModal } from '../auth/auth-modal'
import { BrowseGiftIdeas, StatusMessage } from '../catalog/status-message'
import { peopleListQueryOptions } from '../people/query-options'
import { useSession } from '../session/session'
import { apiErrorMessage, isNotFound } from '../../lib/api-errors'
import { useTRPC } from '../../lib/trpc'
import { useSingleFlightMutation } from '../../lib/single-flight'
import { itemPrice, ukDate } from './format'
import { ItemSummary } from './list-detail'
import { WISH_LIST_UI } from './messages'
import { GuestClaimDialog, type GuestClaimValues } from '../guests/guest-claim-dialog'

/**
 * /lists/shared/{token} (issue 23): a shared list as its visitors see it. Anyone with the link
 * reads it; signed-in visitors see and make claims and pledges and link the list to one of their
 * people; the owner sees their own list without any claim. Signing in happens in a dialog, so the
 * visitor stays on the list. Issue 37: a visitor without an account claims and pledges by name and
 * email in a dialog (held until confirmed from the email); a guest confirmed on this device sees
 * claims as a signed-in visitor does. Visitors who claimed can watch the list.
 */
export function SharedListPage({ token }: { token: string }) {
  const trpc = useTRPC()
  const { user, isPending: sessionPending } = useSession()
  const [signingIn, setSigningIn] = useState(false)
  const query = useQuery(trpc.sharedLists.byToken.queryOptions({ token }, { retry: false }))
  const { refetch } = query
  // Signing in or out changes what the page shows (claims appear, the owner's view): fetch again
  // when the user changes, not on the first render (the query is already on its way).
  const seenUser = useRef<number | null | undefined>(undefined)
  const userId = sessionPending ? undefined : (user?.id ?? null)
  useEffect(() => {
    if (userId === undefined) return
    const first = seenUser.current === undefined
    const changed = seenUser.current !== userId
    seenUser.current = userId
    if (!first && changed) void refetch()
  }, [userId, refetch])
  if (query.isPending) return <Skeleton height={240} aria-label="Loading the wish list" />
  if (query.isError) {
    return isNotFound(query.error) ? (
      <StatusMessage title={WISH_LIST_UI.notFound} action={<BrowseGiftIdeas />}>
        Ask the person who sent it for a new link.
      </StatusMessage>
    ) : (
      <Alert color="red" role="alert">
        {apiErrorMessage(query.error, WISH_LIST_UI.loadError)}
      </Alert>
    )
  }
  const data = query.data
  const signIn = () => setSigningIn(true)
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Text c="dimmed">{data.list.ownerName}’s wish list</Text>
        <Title order={1}>{data.list.name}</Title>
        <Group gap="xs">
          {data.list.occasionLabel ? <Badge variant="light">{data.list.occasionLabel}</Badge> : null}
          {data.list.date ? <Text size="sm">{ukDate(data.list.date)}</Text> : null}
        </Group>
        {data.list.note ? <Text>{data.list.note}</Text> : null}
      </Stack>
      {data.view === 'owner' ? (
        <Alert color="blue" title="Your own list">
          {WISH_LIST_UI.ownerNote}
        </Alert>
      ) : null}
      {data.view === 'anonymous' ? (
        <Alert color="blue" title="Want to get one of these?">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{WISH_LIST_UI.signedOutNote}</Text>
            <Button variant="light" onClick={signIn}>
              Sign in
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {data.view === 'guest' && data.guest ? <GuestBanner token={token} guest={data.guest} /> : null}
      {data.view === 'visitor' ? <PersonLink token={token} person={data.person} /> : null}
      {data.view === 'visitor' || data.view === 'guest' ? (
        <WatchSwitch
          token={token}
          watching={data.watching}
          canWatch={data.items.some((i) => i.claims.some((c) => c.mine) || i.pledges?.pledgers.some((p) => p.mine))}
        />
      ) : null}
      <Stack gap="sm" component="section" aria-label="Items">
        {data.items.length === 0 ? <Text c="dimmed">This list is empty for now.</Text> : null}
        {data.items.map((item) => (
          <SharedItemCard key={item.id} token={token} item={item} view={data.view} onSignIn={signIn} />
        ))}
      </Stack>
      {/* A registration made here comes back to this list once its email is confirmed (issue 43 §4). */}
      <AuthModal opened={signingIn} onClose={() => setSigningIn(false)} returnTo={`/lists/shared/${token}`} />
    </Stack>
  )
}

function useUpdateItem(token: string) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const key = trpc.sharedLists.byToken.queryKey({ token })
  return (item: SharedItemOutput) => {
    queryClient.setQueryData(key, (data: SharedListOutput | undefined) =>
      data ? { ...data, items: data.items.map((i) => (i.id === item.id ? item : i)) } : data,
    )
    void queryClient.invalidateQueries({ queryKey: trpc.wishLists.pathKey() })
  }
}

function SharedItemCard({
  token,
  item,
  view,
  onSignIn,
}: {
  token: string
  item: SharedItemOutput
  view: SharedListOutput['view']
  onSignIn: () => void
}) {
  return (
    <Card withBorder radius="md" padding="sm" component="article" aria-label={item.title}>
      <Stack gap="sm">
        <ItemSummary item={item} />
        {view === 'visitor' || view === 'guest' ? <VisitorActions token={token} item={item} mode={view} /> : null}
        {view === 'anonymous' ? <AnonymousActions token={token} item={item} onSignIn={onSignIn} /> : null}
      </Stack>
    </Card>
  )
}

/** Names of claimers as the page says them: "Gran, You and 1 other" (a guest may hide their name). */
function claimerNames(names: (string | null)[]): string {
  const named = names.filter((n): n is string => n !== null)
  const hidden = names.length - named.length
  if (hidden === 0) return named.join(', ')
  const others = `${hidden} ${hidden === 1 ? 'other' : 'others'}`
  return named.length ? `${named.join(', ')} and ${others}` : hidden === 1 ? 'someone' : others
}

/** A pledge: £0.01 to £100,000 in pounds and pence (issue 23; issue 43 §2). */
const PLEDGE_RULE = { label: 'Pledge', min: 0.01, required: true } as const

function VisitorActions({ token, item, mode }: { token: string; item: SharedItemOutput; mode: 'visitor' | 'guest' }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const update = useUpdateItem(token)
  const refetchList = () => queryClient.invalidateQueries({ queryKey: trpc.sharedLists.byToken.queryKey({ token }) })
  const onError = (error: unknown) => {
    notifications.show({ color: 'red', message: apiErrorMessage(error, 'That did not work, please try again') })
    void refetchList()
  }
  const guest = mode === 'guest'
  const done = { onSuccess: (r: { item: SharedItemOutput }) => update(r.item), onError }
  // A guest confirmed on this device (issue 37) claims through the guest calls: the cookie names them.
  const accountClaim = useSingleFlightMutation(trpc.sharedLists.claim.mutationOptions(done))
  const guestClaim = useSingleFlightMutation(trpc.sharedLists.guestClaim.mutationOptions(done))
  const accountUnclaim = useMutation(trpc.sharedLists.unclaim.mutationOptions(done))
  const guestUnclaim = useMutation(trpc.sharedLists.guestUnclaim.mutationOptions(done))
  const accountPledge = useSingleFlightMutation(trpc.sharedLists.pledge.mutationOptions(done))
  const guestPledge = useSingleFlightMutation(trpc.sharedLists.guestPledge.mutationOptions(done))
  const claim = {
    isPending: guest ? guestClaim.isPending : accountClaim.isPending,
    mutate: (v: { token: string; itemId: number; quantity: number }) =>
      guest ? guestClaim.mutate(v) : accountClaim.mutate(v),
  }
  const unclaim = {
    isPending: guest ? guestUnclaim.isPending : accountUnclaim.isPending,
    mutate: (v: { token: string; itemId: number }) => (guest ? guestUnclaim.mutate(v) : accountUnclaim.mutate(v)),
  }
  const pledge = {
    isPending: guest ? guestPledge.isPending : accountPledge.isPending,
    mutate: (v: { token: string; itemId: number; amount: number }) =>
      guest ? guestPledge.mutate(v) : accountPledge.mutate(v),
  }
  const [quantity, setQuantity] = useState<string | number>(1)
  const [amount, setAmount] = useState('')
  const [showPledgeError, setShowPledgeError] = useState(false)
  const claimed = item.claimedQuantity ?? 0
  const left = Math.max(0, item.quantity - claimed)
  const mine = item.claims.find((c) => c.mine)

  if (item.groupGift && item.pledges) {
    const myPledge = item.pledges.pledgers.find((p) => p.mine)
    return (
      <Stack gap="xs">
        <Text size="sm">
          {itemPrice(item.pledges.total)} pledged
          {item.price !== null ? ` of ${itemPrice(item.price)}` : ''}
          {item.pledges.pledgers.length
            ? ` by ${item.pledges.pledgers.map((p) => `${p.name ?? 'someone'} (${itemPrice(p.amount)})`).join(', ')}`
            : ''}
        </Text>
        <form
          onSubmit={(event) => {
            event.preventDefault()
            // Issue 43 §2: "-5" or "1000000" is refused in the box, never clamped.
            const parsed = parseMoneyText(amount, PLEDGE_RULE)
            if (!parsed.ok || parsed.pounds === null) return setShowPledgeError(true)
            pledge.mutate({ token, itemId: item.id, amount: parsed.pounds })
          }}
        >
          <Group gap="xs" align="flex-end">
            <MoneyInput
              label={myPledge ? 'Change your pledge (£)' : 'Pledge (£)'}
              rule={PLEDGE_RULE}
              showError={showPledgeError}
              value={amount}
              onChange={setAmount}
              w={200}
            />
            <Button type="submit" loading={pledge.isPending} aria-label={`Pledge towards ${item.title}`}>
              {WISH_LIST_UI.pledge}
            </Button>
          </Group>
        </form>
      </Stack>
    )
  }

  return (
    <Group gap="sm" justify="space-between" align="flex-end">
      <Stack gap={2}>
        {item.claims.length ? (
          <Text size="sm">
            {WISH_LIST_UI.claimed} by{' '}
            {claimerNames(item.claims.map((c) => (c.name && c.quantity > 1 ? `${c.name} (${c.quantity})` : c.name)))}
          </Text>
        ) : null}
        {item.quantity > 1 ? (
          <Text size="sm" c="dimmed">
            {left} of {item.quantity} still wanted
          </Text>
        ) : null}
      </Stack>
      <Group gap="xs" align="flex-end">
        {left > 0 ? (
          <>
            {left > 1 ? (
              <NumberInput
                label="How many"
                min={1}
                max={left}
                allowDecimal={false}
                value={quantity}
                onChange={setQuantity}
                w={100}
              />
            ) : null}
            <Button
              loading={claim.isPending}
              onClick={() => claim.mutate({ token, itemId: item.id, quantity: Number(quantity) || 1 })}
              aria-label={`${WISH_LIST_UI.claim}: ${item.title}`}
            >
              {WISH_LIST_UI.claim}
            </Button>
          </>
        ) : mine ? null : (
          <Badge color="gray.8" size="lg">
            {WISH_LIST_UI.claimed}
          </Badge>
        )}
        {mine ? (
          <Button
            variant="default"
            loading={unclaim.isPending}
            onClick={() => unclaim.mutate({ token, itemId: item.id })}
            aria-label={`${WISH_LIST_UI.unclaim} ${item.title}`}
          >
            {WISH_LIST_UI.unclaim}
          </Button>
        ) : null}
      </Group>
    </Group>
  )
}

/** "This list belongs to {person}": the visitor links the list to one of their people. */
function PersonLink({ token, person }: { token: string; person: SharedListOutput['person'] }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const people = useQuery(peopleListQueryOptions(trpc))
  const link = useMutation(
    trpc.sharedLists.link.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.sharedLists.byToken.queryKey({ token }) }),
      onError: (error) =>
        notifications.show({ color: 'red', message: apiErrorMessage(error, 'Could not link the list') }),
    }),
  )
  return (
    <Card withBorder radius="md" padding="sm">
      <Group gap="sm" align="flex-end">
        <Select
          label="This list belongs to"
          description="One of your people: what you claim becomes their planned gifts"
          placeholder="Choose a person"
          clearable
          data={(people.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          value={person ? String(person.id) : null}
          onChange={(value) => link.mutate({ token, personId: value ? Number(value) : null })}
          w={280}
        />
        {person ? <Text size="sm">This list belongs to {person.name}</Text> : null}
      </Group>
    </Card>
  )
}

/**
 * Issue 37: a visitor without an account (or a guest not confirmed on this device) claims or
 * pledges by name and email. Claims stay hidden from them (the owner could be them); their own
 * held claim shows, with what to do next.
 */
function AnonymousActions({ token, item, onSignIn }: { token: string; item: SharedItemOutput; onSignIn: () => void }) {
  const trpc = useTRPC()
  const update = useUpdateItem(token)
  const [open, setOpen] = useState(false)
  const claim = useMutation(trpc.sharedLists.guestClaim.mutationOptions({ onSuccess: (r) => update(r.item) }))
  const pledge = useMutation(trpc.sharedLists.guestPledge.mutationOptions({ onSuccess: (r) => update(r.item) }))
  const held = item.claims.find((c) => c.mine) ?? item.pledges?.pledgers.find((p) => p.mine)
  const submit = async (values: GuestClaimValues) => {
    const who = { name: values.name, email: values.email, showName: values.showName }
    if (item.groupGift) await pledge.mutateAsync({ token, itemId: item.id, amount: values.amount, ...who })
    else await claim.mutateAsync({ token, itemId: item.id, quantity: values.quantity, ...who })
    setOpen(false)
  }
  if (held) {
    return (
      <Alert color="teal" title={held.pending ? 'Held for you for 2 hours' : WISH_LIST_UI.claimed} role="status">
        {held.pending
          ? 'We have emailed you a link: open it to confirm, or it is released after 2 hours. The email also has a link to see or undo your claims on any device.'
          : 'It is yours.'}
      </Alert>
    )
  }
  return (
    <Group gap="xs">
      <Button
        size="xs"
        onClick={() => setOpen(true)}
        aria-label={`${item.groupGift ? WISH_LIST_UI.pledge : WISH_LIST_UI.claim}: ${item.title}`}
      >
        {item.groupGift ? WISH_LIST_UI.pledge : WISH_LIST_UI.claim}
      </Button>
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={onSignIn}
        aria-label={`Sign in to claim ${item.title}`}
      >
        {WISH_LIST_UI.signInToClaim}
      </Anchor>
      <GuestClaimDialog
        opened={open}
        onClose={() => setOpen(false)}
        itemTitle={item.title}
        what={item.groupGift ? { kind: 'pledge' } : { kind: 'claim', left: item.quantity }}
        pending={claim.isPending || pledge.isPending}
        onSubmit={submit}
        onSignIn={() => {
          setOpen(false)
          onSignIn()
        }}
      />
    </Group>
  )
}

/** Issue 37: who this device claims as, with a way to stop ("Not you?"). */
function GuestBanner({ token, guest }: { token: string; guest: NonNullable<SharedListOutput['guest']> }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const signOut = useMutation(
    trpc.guests.signOut.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.sharedLists.byToken.queryKey({ token }) }),
    }),
  )
  return (
    <Alert color="gray" variant="light">
      <Group gap="xs" justify="space-between">
        <Text size="sm">
          Claiming as <strong>{guest.name}</strong> ({guest.email}).{' '}
          <Anchor href={guest.personalPath} size="sm">
            Your claims
          </Anchor>
        </Text>
        <Button size="xs" variant="default" loading={signOut.isPending} onClick={() => signOut.mutate()}>
          Not you?
        </Button>
      </Group>
    </Alert>
  )
}

/** Issue 37: "Tell me when something is added" (at most one email a day), for those who claimed. */
function WatchSwitch({ token, watching, canWatch }: { token: string; watching: boolean; canWatch: boolean }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const watch = useMutation(
    trpc.sharedLists.watch.mutationOptions({
      onSuccess: (r) => {
        notifications.show({ message: r.message })
        void queryClient.invalidateQueries({ queryKey: trpc.sharedLists.byToken.queryKey({ token }) })
      },
      onError: (error) =>
        notifications.show({ color: 'red', message: apiErrorMessage(error, 'Could not change that') }),
    }),
  )
  if (!canWatch && !watching) return null
  return (
    <Switch
      label="Tell me when something is added (at most one email a day)"
      checked={watching}
      disabled={watch.isPending}
      onChange={(e) => watch.mutate({ token, watch: e.currentTarget.checked })}
    />
  )
}
