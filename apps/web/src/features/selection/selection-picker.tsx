import { Button, Combobox, Group, Text, useCombobox } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconCheck, IconSelector, IconX } from '@tabler/icons-react'
import { useId, useState } from 'react'
import { matchesQuery, type OptionGroup } from './selection-params'
import classes from './selection-pickers.module.css'

/** One option of a picker. */
export interface PickerItem {
  id: number
  label: string
}

/** The value of the "Clear person" / "Clear occasion" option (ids are digits). */
const CLEAR_VALUE = 'clear'

/** Picker dropdown width: 230 px, 140 px on phones (spec browsing-and-purchase §9). */
const DROPDOWN_WIDTH = { wide: 230, phone: 140 } as const

export interface SelectionPickerProps {
  /** The visible label before the picker ("For:", "Because:"). */
  label: string
  /** What the button says with nothing chosen ("Select Person"). */
  placeholder: string
  /** The dropdown's search box placeholder ("Search people..."). */
  searchPlaceholder: string
  /** Shown when nothing matches ("No person found."). */
  emptyText: string
  /** Shown on the button and in the dropdown while the list loads, if given. */
  loadingText?: string
  loading: boolean
  groups: OptionGroup<PickerItem>[]
  value: number | undefined
  /** A new choice, or undefined when the chosen option is picked again or cleared. */
  onChange: (id: number | undefined) => void
  /** The option that clears the choice, listed first while something is chosen ("Clear person"). */
  clearLabel: string
  /** Accessible name of the option list ("People"). */
  listLabel: string
}

/**
 * A header picker (spec browsing-and-purchase §2 "Pickers"): a button showing the choice or the
 * placeholder, opening a dropdown with a search box and the options (in groups where given).
 * Picking the chosen option again clears it, as does the first option ("Clear person") shown
 * while something is chosen.
 */
export function SelectionPicker(props: SelectionPickerProps) {
  const { label, placeholder, searchPlaceholder, emptyText, loadingText, loading, groups, value, onChange } = props
  const [search, setSearch] = useState('')
  const phone = useMediaQuery('(max-width: 47.99em)')
  const labelId = useId()
  const buttonId = useId()
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption()
      setSearch('')
    },
    onDropdownOpen: () => combobox.focusSearchInput(),
  })

  const chosen = groups.flatMap((g) => g.items).find((item) => item.id === value)
  const shown = groups
    .map((g) => ({ group: g.group, items: g.items.filter((item) => matchesQuery(item.label, search)) }))
    .filter((g) => g.items.length > 0)
  const option = (item: PickerItem) => (
    <Combobox.Option value={String(item.id)} key={item.id} active={item.id === value}>
      <Group gap={6} wrap="nowrap">
        <IconCheck
          size={14}
          aria-hidden
          style={{ visibility: item.id === value ? 'visible' : 'hidden', flex: 'none' }}
        />
        <span>{item.label}</span>
      </Group>
    </Combobox.Option>
  )

  return (
    <div className={classes.picker}>
      <Text component="span" id={labelId} size="sm" fw={600} className={classes.label}>
        {label}
      </Text>
      <Combobox
        store={combobox}
        width={phone ? DROPDOWN_WIDTH.phone : DROPDOWN_WIDTH.wide}
        position="bottom-start"
        withinPortal
        onOptionSubmit={(picked) => {
          const id = picked === CLEAR_VALUE ? undefined : Number(picked)
          onChange(id === value ? undefined : id)
          combobox.closeDropdown()
        }}
      >
        <Combobox.Target targetType="button">
          <Button
            id={buttonId}
            aria-labelledby={`${labelId} ${buttonId}`}
            variant="default"
            size="sm"
            className={classes.button}
            rightSection={<IconSelector size={14} aria-hidden />}
            justify="space-between"
            onClick={() => combobox.toggleDropdown()}
          >
            <span className={classes.buttonText}>
              {chosen?.label ?? (loading && loadingText ? loadingText : placeholder)}
            </span>
          </Button>
        </Combobox.Target>
        <Combobox.Dropdown>
          <Combobox.Search
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value)
              combobox.updateSelectedOptionIndex()
            }}
            placeholder={searchPlaceholder}
            aria-label={searchPlaceholder}
          />
          {/* Named for screen readers; focusable because it scrolls (keyboard users can scroll it). */}
          <Combobox.Options mah={300} style={{ overflowY: 'auto' }} aria-label={props.listLabel} tabIndex={0}>
            {value !== undefined && !loading ? (
              <Combobox.Option value={CLEAR_VALUE} className={classes.clear}>
                <Group gap={6} wrap="nowrap">
                  <IconX size={14} aria-hidden style={{ flex: 'none' }} />
                  <span>{props.clearLabel}</span>
                </Group>
              </Combobox.Option>
            ) : null}
            {loading ? (
              <Combobox.Empty>{loadingText ?? placeholder}</Combobox.Empty>
            ) : shown.length === 0 ? (
              <Combobox.Empty>{emptyText}</Combobox.Empty>
            ) : (
              shown.map((g) =>
                g.group === null ? (
                  g.items.map(option)
                ) : (
                  <Combobox.Group label={g.group} key={g.group}>
                    {g.items.map(option)}
                  </Combobox.Group>
                ),
              )
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
    </div>
  )
}
