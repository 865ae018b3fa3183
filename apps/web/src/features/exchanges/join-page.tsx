import { Alert, Button, Card, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { StatusMessage } from '../catalog/status-message'
import { useSession } from '../session/session'
import { apiErrorMessage, isNotFound } from '../../lib/api-errors'
import { useTRPC } from '../../lib/trpc'
import { useSingleFlightMutation } from '../../lib/single-flight'
import { ExchangeHeading } from './exchange-heading'
import { EXCHANGE_UI } from './messages'

/**
 * /exchange/join/{token} (issue 36): the join link's page. Signed in, one click joins; otherwise a
 * name and an email, and the personal link is emailed (which confirms the address). It says what
 * is kept and for how long.
 */
export function JoinPage({ token }: { token: string }) {
  const trpc = useTRPC()
  const navigate = useNavigate()
  const { user } = useSession()
  const query = useQuery(trpc.exchangeParticipants.joinPage.queryOptions({ token }, { retry: false }))
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const join = useSingleFlightMutation(
    trpc.exchangeParticipants.joinByLink.mutationOptions({
      onSuccess: (result) => {
        if (result.exchangeId) void navigate({ to: '/exchanges/$id/me', params: { id: String(result.exchangeId) } })
      },
    }),
  )
  if (query.isPending) return <Skeleton height={200} aria-label="Loading the exchange" />
  if (query.isError) {
    return isNotFound(query.error) ? (
      <StatusMessage title={EXCHANGE_UI.linkNotFound}>Ask the organiser for a new link.</StatusMessage>
    ) : (
      <Alert color="red">{apiErrorMessage(query.error, EXCHANGE_UI.loadError)}</Alert>
    )
  }
  const { exchange } = query.data
  const submit = (event: FormEvent) => {
    event.preventDefault()
    join.mutate(user ? { token } : { token, name, email })
  }
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <ExchangeHeading exchange={exchange} />
        <Text c="dimmed" size="sm">
          Organised by {exchange.organiserName}
        </Text>
        {exchange.message ? <Text fs="italic">“{exchange.message}”</Text> : null}
      </Stack>
      {!query.data.open ? (
        <Alert color="yellow">Sign-up for this exchange has closed.</Alert>
      ) : join.data && !join.data.joined ? (
        <Alert color="teal" role="status" title="Nearly there">
          {join.data.message}
        </Alert>
      ) : (
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="join-heading">
          <form onSubmit={submit}>
            <Stack gap="sm">
              <Title order={2} id="join-heading" size="h3">
                {EXCHANGE_UI.joinTitle}
              </Title>
              {user ? (
                <Text>You will join as {user.email}.</Text>
              ) : (
                <>
                  <TextInput
                    label="Your name"
                    required
                    maxLength={100}
                    value={name}
                    onChange={(e) => setName(e.currentTarget.value)}
                  />
                  <TextInput
                    label="Your email"
                    description="We email you your personal link: opening it confirms your place."
                    type="email"
                    required
                    maxLength={254}
                    value={email}
                    onChange={(e) => setEmail(e.currentTarget.value)}
                  />
                </>
              )}
              {join.isError ? <Alert color="red">{apiErrorMessage(join.error, 'Could not join')}</Alert> : null}
              <Group>
                <Button type="submit" loading={join.isPending}>
                  Join the exchange
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
      )}
      <Text size="sm" c="dimmed">
        {query.data.dataNotice}
      </Text>
    </Stack>
  )
}
