import { Box, Button, Combobox, Group, Text, TextInput, useCombobox } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react'
import { categoryToSlug, formatPrice, SUGGEST_MIN_LENGTH, type SearchSuggestions } from '@presently/domain'
import { useTRPC } from '../../lib/trpc'
import { productUrlId } from './product-path'

/** How long typing pauses before suggestions are asked for (ms). */
const TYPING_PAUSE_MS = 120

/** One suggestion as an option of the list: its value says what choosing it does. */
interface Choice {
  value: string
  label: ReactNode
  /** What a screen reader and the box show for it. */
  text: string
}

/** The options of `suggestions`, grouped as the list shows them. */
function groupsOf(suggestions: SearchSuggestions): { label: string; choices: Choice[] }[] {
  const groups: { label: string; choices: Choice[] }[] = []
  const searches: Choice[] = []
  if (suggestions.correction)
    searches.push({
      value: `q:${suggestions.correction}`,
      text: `Did you mean ${suggestions.correction}?`,
      label: (
        <>
          Did you mean <strong>{suggestions.correction}</strong>?
        </>
      ),
    })
  for (const query of suggestions.queries) searches.push({ value: `q:${query}`, text: query, label: query })
  if (searches.length) groups.push({ label: 'Searches', choices: searches })
  if (suggestions.products.length)
    groups.push({
      label: 'Products',
      choices: suggestions.products.map((product) => ({
        value: `p:${productUrlId(product)}`,
        text: `${product.title}, ${formatPrice(product.price)}`,
        label: (
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" lineClamp={1}>
              {product.title}
            </Text>
            <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
              {formatPrice(product.price)}
            </Text>
          </Group>
        ),
      })),
    })
  if (suggestions.categories.length)
    groups.push({
      label: 'Categories',
      choices: suggestions.categories.map((category) => ({
        value: `c:${categoryToSlug(category.categoryName)}${category.categoryLevel1 ? `/${categoryToSlug(category.categoryLevel1)}` : ''}`,
        text: category.label,
        label: category.label,
      })),
    })
  if (suggestions.interests.length)
    groups.push({
      label: 'Gift interests',
      choices: suggestions.interests.map((interest) => ({
        value: `q:${interest.name}`,
        text: interest.name,
        label: interest.name,
      })),
    })
  return groups
}

/**
 * The header's search box with suggestions as people type (issue 43 §3): after two characters
 * (and a short pause) it lists a correction, searches that complete the words, products,
 * categories and gift interests (tRPC products.suggest). A combobox in the WAI-ARIA pattern
 * (Mantine Combobox): the input has role "combobox", aria-expanded and aria-controls naming the
 * listbox, arrow keys move through the options (aria-activedescendant), Enter chooses one, Escape
 * closes the list; Enter with no option chosen searches for the text as typed. Shown to signed-out
 * visitors too (docs/decisions/search-as-you-type.md).
 */
export function SearchBox({
  value,
  onChange,
  className,
  inputClassName,
}: {
  value: string
  onChange: (text: string) => void
  className?: string
  inputClassName?: string
}) {
  const trpc = useTRPC()
  const navigate = useNavigate()
  // The list is open while the shopper is typing in the box and there is something to list, so
  // aria-expanded is true only while a list is shown; Escape, leaving the box or choosing closes it.
  const [wantsList, setWantsList] = useState(false)
  const combobox = useCombobox({
    onDropdownClose: (source) => {
      combobox.resetSelectedOption()
      if (source === 'keyboard') setWantsList(false)
    },
  })
  const [typed] = useDebouncedValue(value.trim(), TYPING_PAUSE_MS)
  const enabled = typed.length >= SUGGEST_MIN_LENGTH
  const suggestions = useQuery(
    trpc.products.suggest.queryOptions(
      { q: typed },
      { enabled, staleTime: 5 * 60_000, placeholderData: keepPreviousData, retry: false },
    ),
  )
  const groups = enabled && suggestions.data ? groupsOf(suggestions.data) : []
  const statusId = useId()
  const count = groups.reduce((sum, group) => sum + group.choices.length, 0)
  const showList = wantsList && count > 0
  useEffect(() => {
    if (showList) combobox.openDropdown()
    else combobox.closeDropdown()
  }, [showList, combobox])

  const search = (text: string) => {
    setWantsList(false)
    void navigate({ to: '/search', search: { q: text.trim() } })
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    search(value)
  }
  const onOptionSubmit = (choice: string) => {
    const [kind, rest = ''] = [choice.slice(0, 1), choice.slice(2)]
    setWantsList(false)
    if (kind === 'q') {
      onChange(rest)
      search(rest)
    } else if (kind === 'p') void navigate({ to: '/product/$id', params: { id: rest } })
    else if (kind === 'c') void navigate({ href: `/category/${rest}` })
  }

  return (
    <form role="search" onSubmit={onSubmit} className={className}>
      <Combobox store={combobox} onOptionSubmit={onOptionSubmit} withinPortal={false}>
        <Combobox.Target withExpandedAttribute>
          <TextInput
            aria-label="Search gift ideas"
            aria-describedby={statusId}
            placeholder="Search for gift ideas..."
            value={value}
            onChange={(event) => {
              onChange(event.currentTarget.value)
              setWantsList(true)
              combobox.resetSelectedOption()
            }}
            onClick={() => setWantsList(true)}
            onFocus={() => setWantsList(true)}
            onBlur={() => setWantsList(false)}
            leftSection={<IconSearch size={16} aria-hidden />}
            className={inputClassName}
            autoComplete="off"
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={count === 0}>
          <Combobox.Options mah={420} style={{ overflowY: 'auto' }} aria-label="Search suggestions">
            {groups.map((group) => (
              <Combobox.Group label={group.label} key={group.label}>
                {group.choices.map((choice) => (
                  <Combobox.Option value={choice.value} key={choice.value} aria-label={choice.text}>
                    {choice.label}
                  </Combobox.Option>
                ))}
              </Combobox.Group>
            ))}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      {/* Read out politely when the list changes (the WAI-ARIA combobox pattern's status). */}
      <Box component="span" id={statusId} aria-live="polite" className="visually-hidden">
        {enabled && suggestions.data ? `${count} suggestion${count === 1 ? '' : 's'}` : ''}
      </Box>
      <Button type="submit">
        <Box component="span" visibleFrom="sm">
          Search
        </Box>
        <Box component="span" hiddenFrom="sm">
          Go
        </Box>
      </Button>
    </form>
  )
}
