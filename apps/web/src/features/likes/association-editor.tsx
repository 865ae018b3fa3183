import { Button, Group, Popover, Select, Stack, Text } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { AssociationOutput, AssociationTarget, OccasionOutput } from '@presently/domain'
import { useTRPC } from '../../lib/trpc'
import { AssociationChip } from './association-chip'
import { associationLabel, type AssociationNames } from './association-label'
import { LIKE_UI } from './messages'
import { associationsQueryOptions } from './query-options'
import { useSaveAssociations } from './use-associations'

interface AssociationEditorProps {
  productLikeId: number
  productTitle: string
  initial: AssociationOutput[]
  names: AssociationNames
  people: { id: number; name: string }[]
  occasions: OccasionOutput[]
}

const targetOf = (a: { personId: number | null; occasionId: number | null }): AssociationTarget => ({
  personId: a.personId,
  occasionId: a.occasionId,
})

/**
 * The people and occasions a liked product is for (spec account-area §2 "Each card has an editor
 * to associate people and occasions"): its chips, removable and draggable, and an Add form
 * (a person, an occasion or both: §5 "at least one"). Every change saves the whole list.
 */
export function AssociationEditor({
  productLikeId,
  productTitle,
  initial,
  names,
  people,
  occasions,
}: AssociationEditorProps) {
  const trpc = useTRPC()
  const query = useQuery({ ...associationsQueryOptions(trpc, productLikeId), initialData: initial })
  const save = useSaveAssociations(productLikeId)
  const associations = query.data
  const saveList = (list: AssociationTarget[]) => save.mutate({ productLikeId, associations: list })

  return (
    <Stack gap={6}>
      {query.isError ? (
        <Text size="xs" c="red.8" role="alert">
          {LIKE_UI.fetchAssociationsFailed}
        </Text>
      ) : null}
      <Group gap={6} aria-label={`People and occasions for ${productTitle}`} role="group">
        <Text size="xs" c="dimmed" aria-hidden>
          {associations.length ? 'For' : 'For nobody yet'}
        </Text>
        {associations.map((association) => {
          const label = associationLabel(association, names)
          return (
            <AssociationChip
              key={association.id}
              association={association}
              fromLikeId={productLikeId}
              label={label}
              busy={save.isPending}
              onRemove={() => saveList(associations.filter((a) => a.id !== association.id).map(targetOf))}
            />
          )
        })}
        <AddAssociation
          productTitle={productTitle}
          people={people}
          occasions={occasions}
          disabled={save.isPending}
          onAdd={(target) => saveList([...associations.map(targetOf), target])}
        />
      </Group>
      {save.isError ? (
        <Text size="xs" c="red.8" role="alert">
          {LIKE_UI.saveFailed}
        </Text>
      ) : null}
    </Stack>
  )
}

/** Occasions grouped by category for a Select, as the pickers group them (spec browsing-and-purchase §2). */
function occasionGroups(occasions: OccasionOutput[]) {
  const groups = new Map<string, { value: string; label: string }[]>()
  for (const occasion of occasions) {
    const items = groups.get(occasion.category) ?? []
    items.push({ value: String(occasion.id), label: occasion.label })
    groups.set(occasion.category, items)
  }
  return [...groups].map(([group, items]) => ({ group, items }))
}

function AddAssociation({
  productTitle,
  people,
  occasions,
  disabled,
  onAdd,
}: {
  productTitle: string
  people: { id: number; name: string }[]
  occasions: OccasionOutput[]
  disabled: boolean
  onAdd: (target: AssociationTarget) => void
}) {
  const [opened, setOpened] = useState(false)
  const [personId, setPersonId] = useState<string | null>(null)
  const [occasionId, setOccasionId] = useState<string | null>(null)
  const close = () => {
    setOpened(false)
    setPersonId(null)
    setOccasionId(null)
  }
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" width={260} trapFocus withArrow>
      <Popover.Target>
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconPlus size={12} aria-hidden />}
          disabled={disabled}
          aria-label={`Add a person or occasion for ${productTitle}`}
          onClick={() => setOpened((o) => !o)}
        >
          Add
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(event) => {
            event.preventDefault()
            if (!personId && !occasionId) return
            onAdd({ personId: personId ? Number(personId) : null, occasionId: occasionId ? Number(occasionId) : null })
            close()
          }}
        >
          <Stack gap="xs">
            {/* Focus lands here, not in the first select, so its list does not open over the next field. */}
            <Text fw={600} size="sm" tabIndex={-1} data-autofocus style={{ outline: 'none' }}>
              Who or what is it for?
            </Text>
            <Select
              label="Person"
              placeholder="Anyone"
              data={people.map((p) => ({ value: String(p.id), label: p.name }))}
              value={personId}
              onChange={setPersonId}
              searchable
              clearable
              nothingFoundMessage="No person found."
              comboboxProps={{ withinPortal: false }}
            />
            <Select
              label="Occasion"
              placeholder="Any occasion"
              data={occasionGroups(occasions)}
              value={occasionId}
              onChange={setOccasionId}
              searchable
              clearable
              nothingFoundMessage="No occasion found."
              comboboxProps={{ withinPortal: false }}
            />
            <Text size="xs" c="dimmed">
              Choose a person, an occasion or both.
            </Text>
            <Group justify="flex-end" gap="xs">
              <Button variant="default" size="xs" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" size="xs" disabled={!personId && !occasionId}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  )
}
