import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import type { InterestOutput } from '@presently/domain'
import { IconHeart, IconHeartFilled, IconSearch, IconThumbUp, IconThumbUpFilled } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTRPC } from '../../../lib/trpc'
import { interestsQueryOptions } from '../query-options'
import { interestLevel, markInterest, type InterestLevel, type MarkedInterest } from './form-values'
import { NOTHING_FOUND } from './personal-info-section'
import { searchInterests } from './interest-search'

const byText = (a: string, b: string) => a.localeCompare(b)

/** Interest categories, and the subcategories of each, sorted (the IAB tree of the reference data). */
export function interestTree(interests: readonly InterestOutput[]) {
  const tree = new Map<string, Map<string, InterestOutput[]>>()
  for (const interest of interests) {
    const subcategories = tree.get(interest.category) ?? new Map<string, InterestOutput[]>()
    subcategories.set(interest.subcategory, [...(subcategories.get(interest.subcategory) ?? []), interest])
    tree.set(interest.category, subcategories)
  }
  return tree
}

interface InterestsSectionProps {
  interests: MarkedInterest[]
  onChange: (interests: MarkedInterest[]) => void
}

/** "Category › Subcategory" of an interest, or the category alone when the interest is its subcategory. */
function interestPath(interest: InterestOutput): string {
  return interest.subcategory === interest.name ? interest.category : `${interest.category} › ${interest.subcategory}`
}

/**
 * Interests (spec account-area §2, §4): a search across every category by name or alias (issue
 * 26: "lego", "bak"), then the spec's category select, then a subcategory select (disabled
 * until a category is chosen; changing the category clears it), then the interests of that
 * subcategory, each marked "Like" or "Love". The chosen interests are listed below with the
 * same buttons: pressing the active level removes the interest, the other level switches it.
 */
export function InterestsSection({ interests, onChange }: InterestsSectionProps) {
  const trpc = useTRPC()
  const all = useQuery(interestsQueryOptions(trpc))
  const [category, setCategory] = useState<string | null>(null)
  const [subcategory, setSubcategory] = useState<string | null>(null)
  const [typed, setTyped] = useState('')
  const tree = useMemo(() => interestTree(all.data ?? []), [all.data])
  const byId = useMemo(() => new Map((all.data ?? []).map((i) => [i.id, i])), [all.data])

  if (all.isPending) {
    return (
      <Stack gap="sm" aria-busy>
        <Skeleton h={36} />
        <Skeleton h={36} />
      </Stack>
    )
  }
  if (all.isError) {
    return (
      <Alert color="red" variant="light" title="Error">
        Failed to fetch interests
      </Alert>
    )
  }
  if (all.data.length === 0) {
    return <Text c="dimmed">Interest options are not available at the moment.</Text>
  }

  const subcategories = category ? tree.get(category) : undefined
  const shown = subcategory ? (subcategories?.get(subcategory) ?? []) : []
  const found = searchInterests(all.data, typed)
  const mark = (interestId: number, level: InterestLevel) => onChange(markInterest(interests, interestId, level))

  return (
    <Stack gap="md">
      <TextInput
        label="Search interests"
        placeholder="Type an interest, e.g. lego or baking"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
      />
      {typed.trim().length >= 2 ? (
        found.length > 0 ? (
          <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)" data-testid="interest-search-results">
            <Stack gap="xs">
              {found.map((interest) => (
                <InterestRow
                  key={interest.id}
                  name={interest.name}
                  detail={interestPath(interest)}
                  level={interestLevel(interests, interest.id)}
                  onMark={(level) => mark(interest.id, level)}
                />
              ))}
            </Stack>
          </Paper>
        ) : (
          <Text size="sm" c="dimmed">
            No interest matches &ldquo;{typed.trim()}&rdquo;. Try another word, or choose a category below.
          </Text>
        )
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label="Interest category"
          placeholder="Search or choose"
          searchable
          clearable
          clearButtonProps={{ 'aria-label': 'Clear interest category' }}
          nothingFoundMessage={NOTHING_FOUND}
          data={[...tree.keys()].sort(byText)}
          value={category}
          onChange={(value) => {
            setCategory(value)
            setSubcategory(null)
          }}
        />
        <Select
          label="Subcategory"
          placeholder={category ? 'Search or choose' : 'Choose a category first'}
          searchable
          nothingFoundMessage={NOTHING_FOUND}
          disabled={!category}
          data={subcategories ? [...subcategories.keys()].sort(byText) : []}
          value={subcategory}
          onChange={setSubcategory}
        />
      </SimpleGrid>

      {shown.length > 0 ? (
        <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)">
          <Stack gap="xs">
            {shown.map((interest) => (
              <InterestRow
                key={interest.id}
                name={interest.name}
                level={interestLevel(interests, interest.id)}
                onMark={(level) => mark(interest.id, level)}
              />
            ))}
          </Stack>
        </Paper>
      ) : null}

      <Box>
        <Group gap="xs" mb={6}>
          <Text fw={600} size="sm">
            Chosen interests
          </Text>
          <Badge variant="light" size="sm" circle aria-label={`${interests.length} chosen`}>
            {interests.length}
          </Badge>
        </Group>
        {interests.length === 0 ? (
          <Text size="sm" c="dimmed">
            None yet. Search, or pick a category and subcategory, then mark each interest Like or Love.
          </Text>
        ) : (
          <Stack gap="xs" data-testid="chosen-interests">
            {interests.map((chosen) => {
              const interest = byId.get(chosen.interestId)
              if (!interest) return null
              const path = interestPath(interest)
              return (
                <InterestRow
                  key={chosen.interestId}
                  name={interest.name}
                  detail={path}
                  level={chosen.is_primary ? 'love' : 'like'}
                  onMark={(level) => mark(chosen.interestId, level)}
                />
              )
            })}
          </Stack>
        )}
      </Box>
    </Stack>
  )
}

/** One interest with its Like and Love toggle buttons, grouped under the interest's name. */
function InterestRow({
  name,
  detail,
  level,
  onMark,
}: {
  name: string
  detail?: string
  level: InterestLevel | null
  onMark: (level: InterestLevel) => void
}) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" role="group" aria-label={name}>
      <Box style={{ minWidth: 0 }}>
        <Text size="sm" fw={500}>
          {name}
        </Text>
        {detail ? (
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        ) : null}
      </Box>
      <Group gap={6} wrap="nowrap" style={{ flex: 'none' }}>
        <Button
          size="xs"
          variant={level === 'like' ? 'filled' : 'default'}
          aria-pressed={level === 'like'}
          leftSection={
            level === 'like' ? <IconThumbUpFilled size={14} aria-hidden /> : <IconThumbUp size={14} aria-hidden />
          }
          onClick={() => onMark('like')}
        >
          Like
        </Button>
        <Button
          size="xs"
          variant={level === 'love' ? 'filled' : 'default'}
          color={level === 'love' ? 'red.8' : undefined}
          aria-pressed={level === 'love'}
          leftSection={
            level === 'love' ? <IconHeartFilled size={14} aria-hidden /> : <IconHeart size={14} aria-hidden />
          }
          onClick={() => onMark('love')}
        >
          Love
        </Button>
      </Group>
    </Group>
  )
}
