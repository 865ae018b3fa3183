import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { apiErrorMessage } from '../../lib/api-errors'
import { useTRPC } from '../../lib/trpc'
import { useSingleFlightMutation } from '../../lib/single-flight'

/** The form of /exchanges/new (issue 36): name, limit in pounds, date, place, message, deadline, takes part. */
export function NewExchangeForm() {
  const trpc = useTRPC()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [name, setName] = useState('')
  const [limit, setLimit] = useState<string | number>(15)
  const [exchangeDate, setExchangeDate] = useState('')
  const [signUpDeadline, setSignUpDeadline] = useState('')
  const [place, setPlace] = useState('')
  const [message, setMessage] = useState('')
  const [takesPart, setTakesPart] = useState(true)
  const create = useSingleFlightMutation(
    trpc.exchanges.create.mutationOptions({
      onSuccess: (exchange) => {
        void queryClient.invalidateQueries({ queryKey: trpc.exchanges.pathKey() })
        void navigate({ to: '/exchanges/$id', params: { id: String(exchange.id) } })
      },
    }),
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    create.mutate({
      name,
      limit: limit === '' ? 0 : Number(limit),
      exchangeDate,
      signUpDeadline,
      place,
      message,
      takesPart,
    })
  }
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="New gift exchange">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <TextInput
            label="Name"
            placeholder="Office Secret Santa 2026"
            required
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label="Spending limit (£)"
              required
              min={1}
              max={10000}
              decimalScale={2}
              value={limit}
              onChange={setLimit}
            />
            <TextInput
              type="date"
              label="Exchange date"
              required
              value={exchangeDate}
              onChange={(e) => setExchangeDate(e.currentTarget.value)}
            />
            <TextInput
              type="date"
              label="Sign-up closes"
              description="Names are drawn then"
              required
              value={signUpDeadline}
              onChange={(e) => setSignUpDeadline(e.currentTarget.value)}
            />
          </SimpleGrid>
          <TextInput
            label="Place"
            placeholder="Optional"
            maxLength={200}
            value={place}
            onChange={(e) => setPlace(e.currentTarget.value)}
          />
          <Textarea
            label="Message to everyone"
            placeholder="Optional"
            maxLength={1000}
            autosize
            minRows={2}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
          />
          <Checkbox
            label="I take part too"
            checked={takesPart}
            onChange={(e) => setTakesPart(e.currentTarget.checked)}
          />
          {create.isError ? (
            <Alert color="red" role="alert">
              {apiErrorMessage(create.error, 'Could not create the exchange')}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={create.isPending}>
              Create exchange
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  )
}
