import { Button, Group, MultiSelect, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core'
import { dateOfBirthSubmitError, dobFromDateOfBirth, ukToday } from '@presently/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { useTRPC } from '../../lib/trpc'
import { DateOfBirthInput } from '../people/person-form/date-of-birth-input'
import type { DateOfBirthParts } from '../people/person-form/form-values'
import { NOTHING_FOUND, relationshipGroups } from '../people/person-form/personal-info-section'
import { useCreatePerson } from '../people/person-mutations'
import { interestsQueryOptions, occasionsQueryOptions, relationshipsQueryOptions } from '../people/query-options'
import { christmasSeason } from '../events/christmas-season'
import { WELCOME_UI } from './messages'

/** How many interests the start asks for (issue 26: "two interests"). */
export const START_INTERESTS = 2

/**
 * The first visit's start on the home page (issue 26), instead of "Welcome back": add the first
 * person (name, relationship, birthday, two interests) in one short form, then their gift ideas
 * (the home page's recommendations for that person and their birthday). Saving or "Skip for now"
 * ends the first visit on the server (POST /api/user/welcome). `onStarted` gets the person's name.
 * In November and December (issue 43 §4) it offers Christmas first: the person gets Christmas as
 * an event, the gift ideas are for Christmas, and the birthday is optional.
 */
export function FirstStart({ onStarted }: { onStarted: (name: string) => void }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const relationships = useQuery(relationshipsQueryOptions(trpc))
  const interests = useQuery(interestsQueryOptions(trpc))
  const occasions = useQuery(occasionsQueryOptions(trpc))
  const create = useCreatePerson()
  const finish = useMutation(
    trpc.account.finishWelcome.mutationOptions({
      onSuccess: (data) => queryClient.setQueryData(trpc.account.welcome.queryKey(), data),
    }),
  )
  const [name, setName] = useState('')
  const [relationshipId, setRelationshipId] = useState<string | null>(null)
  const [birthday, setBirthday] = useState<DateOfBirthParts>({ day: '', month: '', year: '' })
  const [interestIds, setInterestIds] = useState<string[]>([])
  const [errors, setErrors] = useState<Partial<Record<'name' | 'relationship' | 'birthday', string>>>({})

  const relationshipData = useMemo(() => relationshipGroups(relationships.data ?? []), [relationships.data])
  const interestData = useMemo(
    () => (interests.data ?? []).map((i) => ({ value: String(i.id), label: i.name })),
    [interests.data],
  )

  const season = christmasSeason(ukToday())
  const christmas = season ? occasions.data?.find((o) => o.value === 'christmas') : undefined

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const today = ukToday()
    const found: typeof errors = {}
    if (!name.trim()) found.name = WELCOME_UI.nameRequired
    if (!relationshipId) found.relationship = WELCOME_UI.relationshipRequired
    const anyBox = birthday.day !== '' || birthday.month !== '' || birthday.year !== ''
    const dateError = anyBox ? dateOfBirthSubmitError(birthday, today) : christmas ? null : WELCOME_UI.birthdayRequired
    if (dateError) found.birthday = dateError
    setErrors(found)
    if (Object.keys(found).length > 0) return
    const dob = anyBox ? dobFromDateOfBirth(`${birthday.day}/${birthday.month}/${birthday.year}`) : undefined
    const person = await create
      .mutateAsync({
        name: name.trim(),
        relationshipId: Number(relationshipId),
        ...(dob ? { dob, birthdayEvent: true } : {}),
        interests: interestIds.map((id) => ({ interestId: Number(id), is_primary: false })),
        events: christmas && season ? [{ occasionId: christmas.id, date: season.date }] : [],
      })
      .catch(() => null)
    if (!person) return
    await finish.mutateAsync().catch(() => undefined)
    onStarted(person.name)
    const birthdayOccasion = occasions.data?.find((o) => o.value === 'birthday')
    await navigate({
      to: '/',
      search: (previous: Record<string, unknown>) => ({
        ...previous,
        person: person.id,
        occasion: (christmas ?? birthdayOccasion)?.id,
      }),
    })
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} mb="xl" data-testid="first-start">
      <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="first-start-title">
        <Stack gap="md">
          <div>
            <Title order={1} id="first-start-title">
              {WELCOME_UI.title}
            </Title>
            <Text c="dimmed">{WELCOME_UI.intro}</Text>
          </div>
          <Text fw={600}>{WELCOME_UI.step1}</Text>
          <Group grow align="flex-start" wrap="wrap" gap="md">
            <TextInput
              label="Name"
              placeholder="e.g. Mum"
              withAsterisk
              maxLength={100}
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value)
                setErrors((current) => ({ ...current, name: undefined }))
              }}
              error={errors.name}
              miw={200}
            />
            <Select
              label="Relationship"
              placeholder="Search or choose"
              withAsterisk
              searchable
              nothingFoundMessage={NOTHING_FOUND}
              data={relationshipData}
              value={relationshipId}
              onChange={(id) => {
                setRelationshipId(id)
                setErrors((current) => ({ ...current, relationship: undefined }))
              }}
              error={errors.relationship}
              miw={200}
            />
          </Group>
          <DateOfBirthInput
            value={birthday}
            onChange={setBirthday}
            error={errors.birthday}
            onErrorChange={(error) => setErrors((e) => ({ ...e, birthday: error }))}
          />
          <MultiSelect
            label={WELCOME_UI.interestsLabel}
            description={WELCOME_UI.interestsHint}
            placeholder={interestIds.length < START_INTERESTS ? 'Type to search, e.g. baking' : undefined}
            searchable
            nothingFoundMessage={NOTHING_FOUND}
            data={interestData}
            value={interestIds}
            onChange={setInterestIds}
            maxValues={START_INTERESTS}
            limit={50}
          />
          <Text fw={600} c="dimmed">
            {christmas ? WELCOME_UI.step2Christmas : WELCOME_UI.step2}
          </Text>
          <Group justify="space-between" gap="sm">
            <Button
              variant="subtle"
              color="gray"
              onClick={() => finish.mutate()}
              loading={finish.isPending && !create.isPending}
            >
              {WELCOME_UI.skip}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {WELCOME_UI.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}
