import { Alert, Checkbox, Select, Stack, TextInput } from '@mantine/core'
import type { RelationshipOutput } from '@presently/domain'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useTRPC } from '../../../lib/trpc'
import { relationshipsQueryOptions } from '../query-options'
import { DateOfBirthInput } from './date-of-birth-input'
import type { DateOfBirthParts, PersonFormErrors } from './form-values'

/** Spec account-area §2: searchable selects say this when nothing matches. */
export const NOTHING_FOUND = 'No results found.'

/** Relationships grouped by their type (Partner, Family, Friend...), in the reference order. */
export function relationshipGroups(relationships: readonly RelationshipOutput[]) {
  const groups = new Map<string, Array<{ value: string; label: string }>>()
  for (const r of relationships) {
    groups.set(r.type, [...(groups.get(r.type) ?? []), { value: String(r.id), label: r.name }])
  }
  return [...groups].map(([group, items]) => ({ group, items }))
}

interface PersonalInfoSectionProps {
  name: string
  relationshipId: string | null
  dateOfBirth: DateOfBirthParts
  errors: PersonFormErrors
  onNameChange: (name: string) => void
  onRelationshipChange: (id: string | null) => void
  onDateOfBirthChange: (parts: DateOfBirthParts) => void
  onDateOfBirthError: (error: string | undefined) => void
  /** Offer "Add a yearly Birthday event" (a date of birth is typed and the person has no birthday yet). */
  offerBirthday: boolean
  birthdayEvent: boolean
  onBirthdayEventChange: (checked: boolean) => void
}

/** The checkbox under the date of birth (issue 26). */
export const BIRTHDAY_EVENT_LABEL = 'Add a yearly Birthday event on this date'

/** Personal Info (spec account-area §2): name, relationship (searchable select), date of birth boxes. */
export function PersonalInfoSection(props: PersonalInfoSectionProps) {
  const trpc = useTRPC()
  const relationships = useQuery(relationshipsQueryOptions(trpc))
  const data = useMemo(() => relationshipGroups(relationships.data ?? []), [relationships.data])
  return (
    <Stack gap="md">
      <TextInput
        label="Name"
        placeholder="e.g. Mum, Sam or Alex Taylor"
        withAsterisk
        autoComplete="off"
        maxLength={100}
        value={props.name}
        onChange={(event) => props.onNameChange(event.currentTarget.value)}
        error={props.errors.name}
        data-autofocus
      />
      <Select
        label="Relationship"
        placeholder={relationships.isPending ? 'Loading relationships...' : 'Search or choose'}
        withAsterisk
        searchable
        nothingFoundMessage={NOTHING_FOUND}
        data={data}
        value={props.relationshipId}
        onChange={props.onRelationshipChange}
        error={props.errors.relationshipId}
        maxDropdownHeight={280}
        comboboxProps={{ shadow: 'md' }}
      />
      {relationships.isError ? (
        <Alert color="red" variant="light" title="Error">
          Failed to fetch relationships
        </Alert>
      ) : null}
      <DateOfBirthInput
        value={props.dateOfBirth}
        onChange={props.onDateOfBirthChange}
        error={props.errors.dateOfBirth}
        onErrorChange={props.onDateOfBirthError}
      />
      {props.offerBirthday ? (
        <Checkbox
          label={BIRTHDAY_EVENT_LABEL}
          description="Reminders and gift ideas for their birthday come from it."
          checked={props.birthdayEvent}
          onChange={(event) => props.onBirthdayEventChange(event.currentTarget.checked)}
        />
      ) : null}
    </Stack>
  )
}
