import { useMemo } from 'react'
import { SelectionPicker, type PickerItem } from './selection-picker'
import { SelectionSync } from './selection-sync'
import { groupByCategory, type OptionGroup } from './selection-params'
import { useSelection } from './use-selection'
import classes from './selection-pickers.module.css'

/** The pickers' words (spec browsing-and-purchase §1, §2 "Pickers"). */
export const PICKER_TEXT = {
  personLabel: 'For:',
  personPlaceholder: 'Select Person',
  personSearch: 'Search people...',
  personEmpty: 'No person found.',
  personClear: 'Clear person',
  personList: 'People',
  occasionLabel: 'Because:',
  occasionPlaceholder: 'Select Occasion',
  occasionSearch: 'Search occasions...',
  occasionEmpty: 'No occasion found.',
  occasionLoading: 'Loading occasions...',
  occasionClear: 'Clear occasion',
  occasionList: 'Occasions',
} as const

/**
 * The header's For: and Because: pickers for signed-in users (spec browsing-and-purchase §1, §2),
 * with the selection's sync (address bar clean-up, data layer). Loaded as its own chunk after the
 * header paints (docs/decisions/web-bundle.md): the Combobox and the lists are not in the entry.
 */
export default function HeaderPickers() {
  const selection = useSelection()
  const peopleGroups = useMemo<OptionGroup<PickerItem>[]>(
    () => [{ group: null, items: selection.people.map((p) => ({ id: p.id, label: p.name })) }],
    [selection.people],
  )
  const occasionGroups = useMemo<OptionGroup<PickerItem>[]>(
    () =>
      groupByCategory(selection.occasions).map((g) => ({
        group: g.group,
        items: g.items.map((o) => ({ id: o.id, label: o.label })),
      })),
    [selection.occasions],
  )
  return (
    <div className={classes.pickers} data-testid="header-pickers">
      <SelectionSync selection={selection} />
      <SelectionPicker
        label={PICKER_TEXT.personLabel}
        placeholder={PICKER_TEXT.personPlaceholder}
        searchPlaceholder={PICKER_TEXT.personSearch}
        emptyText={PICKER_TEXT.personEmpty}
        clearLabel={PICKER_TEXT.personClear}
        listLabel={PICKER_TEXT.personList}
        loading={selection.peopleLoading}
        groups={peopleGroups}
        value={selection.personId}
        onChange={selection.setPersonId}
      />
      <SelectionPicker
        label={PICKER_TEXT.occasionLabel}
        placeholder={PICKER_TEXT.occasionPlaceholder}
        searchPlaceholder={PICKER_TEXT.occasionSearch}
        emptyText={PICKER_TEXT.occasionEmpty}
        loadingText={PICKER_TEXT.occasionLoading}
        clearLabel={PICKER_TEXT.occasionClear}
        listLabel={PICKER_TEXT.occasionList}
        loading={selection.occasionsLoading}
        groups={occasionGroups}
        value={selection.occasionId}
        onChange={selection.setOccasionId}
      />
    </div>
  )
}
