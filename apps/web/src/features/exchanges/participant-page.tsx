import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { formatPrice, type ExchangeItem, type ParticipantView } from '@presently/domain'
import { BrowseGiftIdeas, StatusMessage } from '../catalog/status-message'
import { useSession } from '../session/session'
import { apiErrorMessage, isNotFound } from '../../lib/api-errors'
import { AnchorLink } from '../../lib/links'
import { useTRPC } from '../../lib/trpc'
import { useSingleFlightMutation } from '../../lib/single-flight'
import { ukDate } from '../wish-lists/format'
import { ExchangeHeading } from './exchange-heading'
import { EXCHANGE_UI } from './messages'

/** Who the page is for: a personal link's token, or the signed-in participant of an exchange. */
export type ParticipantRef = { token: string } | { exchangeId: number }

/**
 * A participant's page (issue 36): /exchange/{token} or /exchanges/{id}/me. Before joining, a
 * "Join" button (the emailed link confirms the address); after the draw, "Open my match", then
 * the giftee's list, hints and gift ideas within the limit, "Got it", anonymous questions both
 * ways; always their own list and hints for their Santa, and the email switch.
 */
export function ParticipantPage({ participant }: { participant: ParticipantRef }) {
  const trpc = useTRPC()
  const query = useQuery(trpc.exchangeParticipants.view.queryOptions(participant, { retry: false }))
  if (query.isPending) return <Skeleton height={240} aria-label="Loading your exchange" />
  if (query.isError) {
    return isNotFound(query.error) ? (
      <StatusMessage title={EXCHANGE_UI.linkNotFound} action={<BrowseGiftIdeas />}>
        Ask the organiser to invite you again.
      </StatusMessage>
    ) : (
      <Alert color="red" role="alert">
        {apiErrorMessage(query.error, EXCHANGE_UI.loadError)}
      </Alert>
    )
  }
  return <ParticipantContent participant={participant} view={query.data} />
}

function useRefresh(participant: ParticipantRef) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return (view?: ParticipantView) => {
    if (view) queryClient.setQueryData(trpc.exchangeParticipants.view.queryKey(participant), view)
    else void queryClient.invalidateQueries({ queryKey: trpc.exchangeParticipants.view.queryKey(participant) })
  }
}

function ParticipantContent({ participant, view }: { participant: ParticipantRef; view: ParticipantView }) {
  const trpc = useTRPC()
  const refresh = useRefresh(participant)
  const join = useSingleFlightMutation(trpc.exchangeParticipants.join.mutationOptions({ onSuccess: (v) => refresh(v) }))
  const open = useSingleFlightMutation(trpc.exchangeParticipants.open.mutationOptions({ onSuccess: (v) => refresh(v) }))
  const { exchange, me } = view
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <ExchangeHeading exchange={exchange} />
        <Text c="dimmed" size="sm">
          Organised by {exchange.organiserName}. Hello {me.name}!
        </Text>
        {exchange.message ? <Text fs="italic">“{exchange.message}”</Text> : null}
      </Stack>

      {!me.joined ? (
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="join-heading">
          <Stack gap="sm">
            <Title order={2} id="join-heading" size="h3">
              {EXCHANGE_UI.joinTitle}
            </Title>
            <Text>{EXCHANGE_UI.joinIntro(ukDate(exchange.signUpDeadline) ?? '')}</Text>
            {join.isError ? <Alert color="red">{apiErrorMessage(join.error, 'Could not join')}</Alert> : null}
            <Group>
              <Button onClick={() => join.mutate(participant)} loading={join.isPending}>
                Join the exchange
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : exchange.drawn && !me.openedMatch ? (
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="open-heading">
          <Stack gap="sm">
            <Title order={2} id="open-heading" size="h3">
              {EXCHANGE_UI.drawnTitle}
            </Title>
            <Text>{EXCHANGE_UI.openIntro}</Text>
            {open.isError ? (
              <Alert color="red">{apiErrorMessage(open.error, 'Could not open your match')}</Alert>
            ) : null}
            <Group>
              <Button onClick={() => open.mutate(participant)} loading={open.isPending}>
                Open my match
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : !exchange.drawn ? (
        <Alert color="blue" title={EXCHANGE_UI.waitingTitle}>
          {EXCHANGE_UI.waiting(ukDate(exchange.signUpDeadline) ?? '')}
        </Alert>
      ) : null}

      {view.match ? <MatchSection participant={participant} view={view} /> : null}
      {me.joined && exchange.drawn ? <SantaMessages participant={participant} view={view} /> : null}
      {me.joined ? <MyListSection participant={participant} view={view} /> : null}
      {view.pairs ? (
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="pairs-heading">
          <Title order={2} id="pairs-heading" size="h3">
            Who was whose Santa
          </Title>
          <List>
            {view.pairs.map((p) => (
              <List.Item key={`${p.santa}-${p.giftee}`}>
                {p.santa} → {p.giftee}
              </List.Item>
            ))}
          </List>
        </Card>
      ) : null}
      <AccountAndEmails participant={participant} view={view} />
      <Text size="sm" c="dimmed">
        {view.dataNotice}
      </Text>
    </Stack>
  )
}

function ItemsList({ items, empty }: { items: ExchangeItem[]; empty: string }) {
  if (!items.length) return <Text c="dimmed">{empty}</Text>
  return (
    <List spacing="xs">
      {items.map((item) => (
        <List.Item key={item.id}>
          {item.awProductId ? (
            <AnchorLink to="/product/$id" params={{ id: String(item.awProductId) }}>
              {item.title}
            </AnchorLink>
          ) : item.link ? (
            <Anchor href={item.link} target="_blank" rel="noopener noreferrer nofollow">
              {item.title}
            </Anchor>
          ) : (
            item.title
          )}
          {item.price !== null ? ` · ${formatPrice(item.price)}` : ''}
          {item.note ? (
            <Text component="span" c="dimmed" size="sm">
              {' '}
              ({item.note})
            </Text>
          ) : null}
        </List.Item>
      ))}
    </List>
  )
}

function MatchSection({ participant, view }: { participant: ParticipantRef; view: ParticipantView }) {
  const trpc = useTRPC()
  const refresh = useRefresh(participant)
  const match = view.match!
  const ideas = useQuery(trpc.exchangeParticipants.ideas.queryOptions(participant))
  const gotIt = useMutation(trpc.exchangeParticipants.setGotIt.mutationOptions({ onSuccess: () => refresh() }))
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="match-heading">
      <Stack gap="md">
        <Title order={2} id="match-heading" size="h3">
          {EXCHANGE_UI.youDraw(match.name)}
        </Title>
        <Text>
          {EXCHANGE_UI.budgetLine(formatPrice(view.exchange.limit), ukDate(view.exchange.exchangeDate) ?? '')}
        </Text>
        <Stack gap={4}>
          <Title order={3} size="h4">
            {match.name}’s list
          </Title>
          <ItemsList items={match.items} empty={`${match.name} has not added anything yet.`} />
        </Stack>
        {match.hints ? (
          <Stack gap={4}>
            <Title order={3} size="h4">
              Hints
            </Title>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{match.hints}</Text>
          </Stack>
        ) : null}
        <Stack gap={4}>
          <Title order={3} size="h4">
            {EXCHANGE_UI.ideasTitle(formatPrice(view.exchange.limit))}
          </Title>
          {ideas.isPending ? (
            <Skeleton height={80} aria-label="Loading gift ideas" />
          ) : ideas.data?.length ? (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {ideas.data.map((idea) => (
                <Card key={idea.productId} withBorder padding="sm" component="article">
                  <Stack gap={4}>
                    <AnchorLink to="/product/$id" params={{ id: String(idea.awProductId) }} fw={600}>
                      {idea.title}
                    </AnchorLink>
                    <Text fw={700} data-testid="idea-price">
                      {formatPrice(idea.price)}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {idea.reason}
                    </Text>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          ) : (
            <Text c="dimmed">{EXCHANGE_UI.noIdeas}</Text>
          )}
        </Stack>
        <Checkbox
          label={EXCHANGE_UI.gotIt}
          checked={view.me.gotIt}
          onChange={(e) => gotIt.mutate({ ...participant, gotIt: e.currentTarget.checked })}
        />
        <MessageThread
          participant={participant}
          to="giftee"
          title={EXCHANGE_UI.askTitle(match.name)}
          intro={EXCHANGE_UI.askIntro}
          messages={view.withGiftee}
          other="Your giftee"
          label="Your question"
        />
      </Stack>
    </Card>
  )
}

function SantaMessages({ participant, view }: { participant: ParticipantRef; view: ParticipantView }) {
  const afterDate = view.exchange.exchangeDate < new Date().toISOString().slice(0, 10)
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="santa-heading">
      <MessageThread
        participant={participant}
        to="santa"
        title={EXCHANGE_UI.santaTitle}
        titleId="santa-heading"
        intro={EXCHANGE_UI.santaIntro}
        messages={view.withSanta}
        other="Your Santa"
        label="Your message to your Santa"
        thanks={afterDate}
      />
    </Card>
  )
}

function MessageThread(props: {
  participant: ParticipantRef
  to: 'giftee' | 'santa'
  title: string
  titleId?: string
  intro: string
  messages: ParticipantView['withGiftee']
  other: string
  label: string
  thanks?: boolean
}) {
  const trpc = useTRPC()
  const refresh = useRefresh(props.participant)
  const [body, setBody] = useState('')
  const [thanks, setThanks] = useState(false)
  const send = useSingleFlightMutation(
    trpc.exchangeParticipants.sendMessage.mutationOptions({
      onSuccess: () => {
        setBody('')
        refresh()
      },
    }),
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    send.mutate({ ...props.participant, to: props.to, body, thanks: thanks || undefined })
  }
  return (
    <Stack gap="sm">
      <Title order={props.titleId ? 2 : 3} id={props.titleId} size={props.titleId ? 'h3' : 'h4'}>
        {props.title}
      </Title>
      <Text size="sm" c="dimmed">
        {props.intro}
      </Text>
      {props.messages.length ? (
        <Stack gap={6} aria-label="Messages">
          {props.messages.map((m) => (
            <Card key={m.id} padding="xs" radius="sm" bg={m.mine ? 'gray.1' : 'teal.0'}>
              <Text size="xs" c="dimmed">
                {m.mine ? 'You' : props.other}
                {m.kind === 'thanks' ? ' · Thank-you note' : ''}
              </Text>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{m.body}</Text>
            </Card>
          ))}
        </Stack>
      ) : null}
      <form onSubmit={submit}>
        <Stack gap="xs">
          <Textarea
            label={props.label}
            maxLength={500}
            required
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
          />
          {props.thanks ? (
            <Checkbox
              label="Send as a thank-you note"
              checked={thanks}
              onChange={(e) => setThanks(e.currentTarget.checked)}
            />
          ) : null}
          {send.isError ? <Alert color="red">{apiErrorMessage(send.error, 'Could not send')}</Alert> : null}
          <Group>
            <Button type="submit" variant="light" loading={send.isPending}>
              Send anonymously
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  )
}

function MyListSection({ participant, view }: { participant: ParticipantRef; view: ParticipantView }) {
  const trpc = useTRPC()
  const refresh = useRefresh(participant)
  const [hints, setHints] = useState(view.me.hints)
  const [title, setTitle] = useState('')
  const [link, setLink] = useState('')
  const [price, setPrice] = useState<string | number>('')
  const [note, setNote] = useState('')
  const add = useSingleFlightMutation(
    trpc.exchangeParticipants.addItem.mutationOptions({
      onSuccess: () => {
        setTitle('')
        setLink('')
        setPrice('')
        setNote('')
        refresh()
      },
    }),
  )
  const remove = useMutation(trpc.exchangeParticipants.removeItem.mutationOptions({ onSuccess: () => refresh() }))
  const saveHints = useMutation(trpc.exchangeParticipants.setHints.mutationOptions({ onSuccess: () => refresh() }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    add.mutate({
      ...participant,
      title,
      link: link.trim() ? link.trim() : null,
      price: price === '' ? null : Number(price),
      note,
    })
  }
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="mylist-heading">
      <Stack gap="md">
        <Title order={2} id="mylist-heading" size="h3">
          {EXCHANGE_UI.myListTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {EXCHANGE_UI.myListIntro(formatPrice(view.exchange.limit))}
        </Text>
        {view.me.items.length ? (
          <List spacing="xs">
            {view.me.items.map((item) => (
              <List.Item key={item.id}>
                <Group gap="xs" wrap="nowrap">
                  <Text>
                    {item.title}
                    {item.price !== null ? ` · ${formatPrice(item.price)}` : ''}
                  </Text>
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={`Remove ${item.title}`}
                    onClick={() => remove.mutate({ ...participant, itemId: item.id })}
                  >
                    Remove
                  </Button>
                </Group>
              </List.Item>
            ))}
          </List>
        ) : (
          <Text c="dimmed">{EXCHANGE_UI.emptyList}</Text>
        )}
        <form onSubmit={submit} aria-label="Add an item from anywhere">
          <Stack gap="xs">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label="What is it?"
                required
                maxLength={200}
                value={title}
                onChange={(e) => setTitle(e.currentTarget.value)}
              />
              <TextInput
                label="Link"
                description="Where to find it (http:// or https://)"
                type="url"
                maxLength={2000}
                value={link}
                onChange={(e) => setLink(e.currentTarget.value)}
              />
              <NumberInput label="Price (£)" min={0} max={100000} decimalScale={2} value={price} onChange={setPrice} />
            </SimpleGrid>
            <TextInput label="Note" maxLength={500} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
            {add.isError ? <Alert color="red">{apiErrorMessage(add.error, 'Could not add it')}</Alert> : null}
            <Group>
              <Button type="submit" variant="light" loading={add.isPending}>
                Add to my list
              </Button>
            </Group>
          </Stack>
        </form>
        <Textarea
          label="Hints for your Santa"
          description="Sizes, likes, dislikes, “no more mugs”"
          maxLength={1000}
          autosize
          minRows={2}
          value={hints}
          onChange={(e) => setHints(e.currentTarget.value)}
        />
        <Group>
          <Button
            variant="light"
            loading={saveHints.isPending}
            onClick={() => saveHints.mutate({ ...participant, hints })}
          >
            Save hints
          </Button>
          {saveHints.isSuccess ? <Text size="sm">Saved</Text> : null}
        </Group>
      </Stack>
    </Card>
  )
}

function AccountAndEmails({ participant, view }: { participant: ParticipantRef; view: ParticipantView }) {
  const trpc = useTRPC()
  const refresh = useRefresh(participant)
  const { user } = useSession()
  const emails = useMutation(trpc.exchangeParticipants.setEmails.mutationOptions({ onSuccess: () => refresh() }))
  const attach = useMutation(trpc.exchangeParticipants.attach.mutationOptions({ onSuccess: () => refresh() }))
  return (
    <Stack gap="xs">
      <Checkbox
        label={EXCHANGE_UI.emailsOn}
        checked={!view.me.unsubscribed}
        onChange={(e) => emails.mutate({ ...participant, unsubscribed: !e.currentTarget.checked })}
      />
      {'token' in participant && user && view.me.canAttach ? (
        <Group>
          <Button
            variant="subtle"
            onClick={() => attach.mutate({ token: participant.token })}
            loading={attach.isPending}
          >
            {EXCHANGE_UI.attach}
          </Button>
        </Group>
      ) : null}
      {view.me.attached ? (
        <Text size="sm">
          This exchange is in your account: <AnchorLink to="/exchanges">My exchanges</AnchorLink>
        </Text>
      ) : null}
    </Stack>
  )
}
