import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { selectionError, type OccasionOutput, type PersonSummary } from '@presently/domain'
import { ButtonLink } from '../../lib/links'
import { useOpenedAfterMount } from '../../lib/use-opened-after-mount'
import { groupByCategory } from '../selection/selection-params'
import { ORDER_UI } from './messages'

export interface BuyChoiceModalProps {
  /** The spec's selection message that opened the dialog; null while closed. */
  message: string | null
  people: readonly PersonSummary[]
  occasions: readonly OccasionOutput[]
  /** What was already chosen in the header, to start from. */
  personId: number | undefined
  occasionId: number | undefined
  onChoose: (personId: number, occasionId: number) => void
  onClose: () => void
}

/**
 * The dialog of BuyChoiceDialog (its own chunk, fetched on first use; docs/decisions/web-bundle.md):
 * the spec's message, a person and an occasion to choose, and Buy Now to go on (issue 43 §4).
 */
export default function BuyChoiceModal(props: BuyChoiceModalProps) {
  const opened = useOpenedAfterMount(props.message !== null)
  return (
    <Modal
      opened={opened}
      onClose={props.onClose}
      title={ORDER_UI.chooseTitle}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {props.message !== null ? <ChoiceForm {...props} message={props.message} /> : null}
    </Modal>
  )
}

function ChoiceForm({
  message,
  people,
  occasions,
  personId,
  occasionId,
  onChoose,
  onClose,
}: BuyChoiceModalProps & { message: string }) {
  const [person, setPerson] = useState<string | null>(personId === undefined ? null : String(personId))
  const [occasion, setOccasion] = useState<string | null>(occasionId === undefined ? null : String(occasionId))
  const [tried, setTried] = useState(false)
  const chosenPerson = person === null ? undefined : Number(person)
  const chosenOccasion = occasion === null ? undefined : Number(occasion)
  // The spec's message, kept up to date with what is chosen here once Buy Now was pressed.
  const shown = tried ? selectionError(chosenPerson, chosenOccasion) : message
  if (people.length === 0) {
    return (
      <Stack gap="md">
        <Text role="alert">{message}</Text>
        <Text>{ORDER_UI.noPeople}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {ORDER_UI.cancel}
          </Button>
          <ButtonLink to="/my-account/add-person">Add Person</ButtonLink>
        </Group>
      </Stack>
    )
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        setTried(true)
        if (chosenPerson !== undefined && chosenOccasion !== undefined) onChoose(chosenPerson, chosenOccasion)
      }}
    >
      <Stack gap="md">
        {shown ? (
          <Alert color="orange" variant="light" role="alert" p="xs">
            {shown}
          </Alert>
        ) : null}
        <Select
          label="For"
          placeholder="Select Person"
          searchable
          nothingFoundMessage="No person found."
          data={people.map((p) => ({ value: String(p.id), label: p.name }))}
          value={person}
          onChange={setPerson}
          data-autofocus={person === null ? true : undefined}
          comboboxProps={{ withinPortal: false }}
        />
        <Select
          label="Because"
          placeholder="Select Occasion"
          searchable
          nothingFoundMessage="No occasion found."
          data={groupByCategory(occasions).map(({ group, items }) => ({
            group: group ?? 'Main',
            items: items.map((o) => ({ value: String(o.id), label: o.label })),
          }))}
          value={occasion}
          onChange={setOccasion}
          data-autofocus={person !== null && occasion === null ? true : undefined}
          comboboxProps={{ withinPortal: false }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {ORDER_UI.cancel}
          </Button>
          <Button type="submit">Buy Now</Button>
        </Group>
      </Stack>
    </form>
  )
}
