import {
  Alert,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Modal,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { EXCHANGE_STATUS_LABELS, type OrganiserExchange } from '@presently/domain'
import { StatusMessage } from '../catalog/status-message'
import { apiErrorMessage, isNotFound } from '../../lib/api-errors'
import { AnchorLink } from '../../lib/links'
import { useTRPC } from '../../lib/trpc'
import { useSingleFlightMutation } from '../../lib/single-flight'
import { ukDate } from '../wish-lists/format'
import { ExchangeHeading } from './exchange-heading'
import { EXCHANGE_UI } from './messages'

/**
 * The organiser's page /exchanges/{id} (issue 36): each person's status (invited, joined, list
 * filled, opened their match, got it) and never a pair; invitations, the join link and its QR
 * code, households and exclusions before the draw, the draw, the recorded emergency reveal and
 * "Run again".
 */
export function OrganiserPage({ id }: { id: number }) {
  const trpc = useTRPC()
  const query = useQuery(trpc.exchanges.byId.queryOptions({ id }, { retry: false }))
  if (query.isPending) return <Skeleton height={240} aria-label="Loading the exchange" />
  if (query.isError) {
    return isNotFound(query.error) ? (
      <StatusMessage title="Exchange not found" />
    ) : (
      <Alert color="red" role="alert">
        {apiErrorMessage(query.error, EXCHANGE_UI.loadError)}
      </Alert>
    )
  }
  return <OrganiserContent exchange={query.data} />
}

function useInvalidate() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return () => void queryClient.invalidateQueries({ queryKey: trpc.exchanges.pathKey() })
}

function OrganiserContent({ exchange }: { exchange: OrganiserExchange }) {
  const trpc = useTRPC()
  const invalidate = useInvalidate()
  const draw = useSingleFlightMutation(trpc.exchanges.draw.mutationOptions({ onSuccess: invalidate }))
  const joined = exchange.participants.filter((p) => p.joined).length
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <ExchangeHeading exchange={exchange} />
        {exchange.drawn ? null : (
          <Text size="sm" c="dimmed">
            Sign-up closes {ukDate(exchange.signUpDeadline)}; names are drawn then if you have not drawn them already.
          </Text>
        )}
        {exchange.takesPart ? (
          <Text size="sm">
            You take part too:{' '}
            <AnchorLink to="/exchanges/$id/me" params={{ id: String(exchange.id) }}>
              open my page
            </AnchorLink>
          </Text>
        ) : null}
      </Stack>

      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="people-heading">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} id="people-heading" size="h3">
              People ({joined} joined of {exchange.participants.length})
            </Title>
            {exchange.drawn ? <Badge color="teal.9">Names drawn</Badge> : null}
          </Group>
          <Text size="sm" c="dimmed">
            {EXCHANGE_UI.statusIntro}
          </Text>
          <PeopleTable exchange={exchange} />
        </Stack>
      </Card>

      {!exchange.drawn ? (
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="draw-heading">
          <Stack gap="sm">
            <Title order={2} id="draw-heading" size="h3">
              Draw names
            </Title>
            {exchange.drawProblem ? (
              <Alert color="yellow" title="No draw is possible yet">
                {exchange.drawProblem}
              </Alert>
            ) : (
              <Text>Everyone who has joined is drawn. Each person is emailed a link to open their match.</Text>
            )}
            <Text size="sm" c="dimmed">
              “No two people draw each other” is {exchange.noMutualPairsInEffect ? 'on' : 'off'}.
            </Text>
            {draw.isError ? <Alert color="red">{apiErrorMessage(draw.error, 'Could not draw')}</Alert> : null}
            <Group>
              <Button
                onClick={() => draw.mutate({ id: exchange.id })}
                loading={draw.isPending}
                disabled={!!exchange.drawProblem}
              >
                Draw names now
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : null}

      <InviteSection exchange={exchange} />
      {!exchange.drawn ? <ExclusionsSection exchange={exchange} /> : null}
      <JoinLinkSection exchange={exchange} />
      {exchange.drawn ? <RevealSection exchange={exchange} /> : null}
      <RunAgainSection exchange={exchange} />
    </Stack>
  )
}

function PeopleTable({ exchange }: { exchange: OrganiserExchange }) {
  const trpc = useTRPC()
  const invalidate = useInvalidate()
  const remove = useMutation(trpc.exchanges.removeParticipant.mutationOptions({ onSuccess: invalidate }))
  const household = useMutation(trpc.exchanges.setHousehold.mutationOptions({ onSuccess: invalidate }))
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Household</Table.Th>
            <Table.Th>
              <span className="visually-hidden">Actions</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {exchange.participants.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>
                <Text fw={600}>{p.name}</Text>
                <Text size="xs" c="dimmed">
                  {p.email ?? ''}
                  {p.isOrganiser ? ' · you' : ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={600} c={p.status === 'invited' ? 'dimmed' : 'teal.9'}>
                  {EXCHANGE_STATUS_LABELS[p.status]}
                </Text>
              </Table.Td>
              <Table.Td>
                {exchange.drawn ? (
                  (p.household ?? '')
                ) : (
                  <TextInput
                    aria-label={`Household of ${p.name}`}
                    placeholder="None"
                    size="xs"
                    maxLength={60}
                    defaultValue={p.household ?? ''}
                    onBlur={(e) => {
                      const value = e.currentTarget.value.trim()
                      if (value !== (p.household ?? '')) {
                        household.mutate({ id: exchange.id, participantId: p.id, household: value || null })
                      }
                    }}
                  />
                )}
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`Remove ${p.name}`}
                  onClick={() => remove.mutate({ id: exchange.id, participantId: p.id })}
                >
                  Remove
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {remove.isError ? <Alert color="red">{apiErrorMessage(remove.error, 'Could not remove')}</Alert> : null}
    </Table.ScrollContainer>
  )
}

function InviteSection({ exchange }: { exchange: OrganiserExchange }) {
  const trpc = useTRPC()
  const invalidate = useInvalidate()
  const [text, setText] = useState('')
  const invite = useSingleFlightMutation(
    trpc.exchanges.invite.mutationOptions({
      onSuccess: () => {
        setText('')
        invalidate()
      },
    }),
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    invite.mutate({ id: exchange.id, text })
  }
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="invite-heading">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Title order={2} id="invite-heading" size="h3">
            Invite people
          </Title>
          <Textarea
            label="One person a line"
            description="Name <email>, or just an email address. Each person gets their own link by email."
            placeholder={'Priya Patel <priya@example.com>\nsam@example.com'}
            autosize
            minRows={3}
            required
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          {invite.isError ? <Alert color="red">{apiErrorMessage(invite.error, 'Could not invite')}</Alert> : null}
          {invite.isSuccess ? (
            <Text size="sm" role="status">
              {invite.data.invited} invited{invite.data.skipped ? `, ${invite.data.skipped} already in` : ''}.
            </Text>
          ) : null}
          <Group>
            <Button type="submit" loading={invite.isPending}>
              Send invitations
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  )
}

function ExclusionsSection({ exchange }: { exchange: OrganiserExchange }) {
  const trpc = useTRPC()
  const invalidate = useInvalidate()
  const [giver, setGiver] = useState<string | null>(null)
  const [receiver, setReceiver] = useState<string | null>(null)
  const add = useMutation(trpc.exchanges.addExclusion.mutationOptions({ onSuccess: invalidate }))
  const remove = useMutation(trpc.exchanges.removeExclusion.mutationOptions({ onSuccess: invalidate }))
  const people = exchange.participants.map((p) => ({ value: String(p.id), label: p.name }))
  const nameOf = (id: number) => exchange.participants.find((p) => p.id === id)?.name ?? ''
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="rules-heading">
      <Stack gap="sm">
        <Title order={2} id="rules-heading" size="h3">
          Rules
        </Title>
        <Text size="sm" c="dimmed">
          People in the same household never draw each other. Add one-way exclusions here.
        </Text>
        {exchange.exclusions.map((e) => (
          <Group key={`${e.giverId}-${e.receiverId}`} gap="xs">
            <Text>
              {nameOf(e.giverId)} must not draw {nameOf(e.receiverId)}
            </Text>
            <Button
              size="xs"
              variant="default"
              onClick={() => remove.mutate({ id: exchange.id, giverId: e.giverId, receiverId: e.receiverId })}
            >
              Remove
            </Button>
          </Group>
        ))}
        <Group align="flex-end" wrap="wrap">
          <Select label="Who" data={people} value={giver} onChange={setGiver} miw={160} />
          <Select label="must not draw" data={people} value={receiver} onChange={setReceiver} miw={160} />
          <Button
            variant="light"
            disabled={!giver || !receiver}
            onClick={() =>
              giver && receiver && add.mutate({ id: exchange.id, giverId: Number(giver), receiverId: Number(receiver) })
            }
          >
            Add rule
          </Button>
        </Group>
        {add.isError ? <Alert color="red">{apiErrorMessage(add.error, 'Could not add the rule')}</Alert> : null}
      </Stack>
    </Card>
  )
}

function JoinLinkSection({ exchange }: { exchange: OrganiserExchange }) {
  const trpc = useTRPC()
  const invalidate = useInvalidate()
  const qr = useQuery(trpc.exchanges.joinQr.queryOptions({ id: exchange.id }))
  const renew = useMutation(trpc.exchanges.renewJoinLink.mutationOptions({ onSuccess: invalidate }))
  const revoke = useMutation(trpc.exchanges.revokeJoinLink.mutationOptions({ onSuccess: invalidate }))
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="joinlink-heading">
      <Stack gap="sm">
        <Title order={2} id="joinlink-heading" size="h3">
          Join link
        </Title>
        {exchange.joinUrl ? (
          <>
            <Text size="sm" c="dimmed">
              Anyone with this link can join until sign-up closes: put the QR code on a notice board or show it at a
              party.
            </Text>
            <Group gap="xs" wrap="nowrap">
              <TextInput readOnly aria-label="Join link" value={exchange.joinUrl} style={{ flex: 1 }} />
              <CopyButton value={exchange.joinUrl}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            {qr.data?.svg ? (
              <img
                src={`data:image/svg+xml;utf8,${encodeURIComponent(qr.data.svg)}`}
                alt="QR code of the join link"
                width={180}
                height={180}
              />
            ) : null}
          </>
        ) : (
          <Text>The join link is turned off.</Text>
        )}
        <Group>
          <Button variant="light" onClick={() => renew.mutate({ id: exchange.id })}>
            {exchange.joinUrl ? 'Make a new link' : 'Turn the link on'}
          </Button>
          {exchange.joinUrl ? (
            <Button variant="default" onClick={() => revoke.mutate({ id: exchange.id })}>
              Turn the link off
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  )
}

function RevealSection({ exchange }: { exchange: OrganiserExchange }) {
  const trpc = useTRPC()
  const invalidate = useInvalidate()
  const [opened, setOpened] = useState(false)
  const [name, setName] = useState('')
  const reveal = useMutation(trpc.exchanges.reveal.mutationOptions({ onSuccess: invalidate }))
  const toAll = useMutation(trpc.exchanges.revealToAll.mutationOptions({ onSuccess: invalidate }))
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="reveal-heading">
      <Stack gap="sm">
        <Title order={2} id="reveal-heading" size="h3">
          Who drew whom
        </Title>
        <Text size="sm" c="dimmed">
          {EXCHANGE_UI.revealIntro}
        </Text>
        <Group>
          <Button variant="default" onClick={() => setOpened(true)}>
            Emergency reveal…
          </Button>
          {exchange.canRevealToAll ? (
            <Button variant="light" onClick={() => toAll.mutate({ id: exchange.id })} loading={toAll.isPending}>
              Show everyone who was whose Santa
            </Button>
          ) : null}
        </Group>
      </Stack>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Emergency reveal">
        <Stack gap="sm">
          <Text>{EXCHANGE_UI.revealWarning}</Text>
          <TextInput
            label={`Type “${exchange.name}” to reveal`}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          {reveal.isError ? <Alert color="red">{apiErrorMessage(reveal.error, 'Could not reveal')}</Alert> : null}
          {reveal.data ? (
            <Table>
              <Table.Tbody>
                {reveal.data.pairs.map((p) => (
                  <Table.Tr key={`${p.santa}-${p.giftee}`}>
                    <Table.Td>{p.santa}</Table.Td>
                    <Table.Td>→ {p.giftee}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Group>
              <Button color="red.9" onClick={() => reveal.mutate({ id: exchange.id, confirmName: name })}>
                Reveal and tell everyone
              </Button>
            </Group>
          )}
        </Stack>
      </Modal>
    </Card>
  )
}

function nextYear(date: string): string {
  const [y, m, d] = date.split('-')
  return `${Number(y) + 1}-${m}-${d}`
}

function RunAgainSection({ exchange }: { exchange: OrganiserExchange }) {
  const trpc = useTRPC()
  const navigate = useNavigate()
  const [date, setDate] = useState(nextYear(exchange.exchangeDate))
  const [deadline, setDeadline] = useState(nextYear(exchange.signUpDeadline))
  const again = useSingleFlightMutation(
    trpc.exchanges.runAgain.mutationOptions({
      onSuccess: ({ id }) => void navigate({ to: '/exchanges/$id', params: { id: String(id) } }),
    }),
  )
  const year = Number(exchange.exchangeDate.slice(0, 4)) + 1
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="again-heading">
      <Stack gap="sm">
        <Title order={2} id="again-heading" size="h3">
          Run again for {year}
        </Title>
        <Text size="sm" c="dimmed">
          Same people, households and rules; nobody draws the person they drew this time. Everyone is invited again.
        </Text>
        <Group align="flex-end" wrap="wrap">
          <TextInput type="date" label="Exchange date" value={date} onChange={(e) => setDate(e.currentTarget.value)} />
          <TextInput
            type="date"
            label="Sign-up closes"
            value={deadline}
            onChange={(e) => setDeadline(e.currentTarget.value)}
          />
          <Button
            variant="light"
            loading={again.isPending}
            onClick={() =>
              again.mutate({
                id: exchange.id,
                exchangeDate: date,
                signUpDeadline: deadline,
                name: exchange.runAgainName,
              })
            }
          >
            Create “{exchange.runAgainName}”
          </Button>
        </Group>
        {again.isError ? <Alert color="red">{apiErrorMessage(again.error, 'Could not run it again')}</Alert> : null}
      </Stack>
    </Card>
  )
}
