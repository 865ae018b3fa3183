import { Alert, Box, Button, Flex, Skeleton, Stack, Text } from '@mantine/core'
import type { OptionCategoryOutput } from '@presently/domain'
import { IconCheck } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { Fragment, useId } from 'react'
import { useTRPC } from '../../../lib/trpc'
import { optionCategoriesQueryOptions, type OptionSectionKind } from '../query-options'
import { chooseOption, type Selection } from './form-values'

/** Section titles (the Profile Summary labels). */
export const OPTION_SECTION_TITLES: Record<OptionSectionKind, string> = {
  intelligence: 'Intelligence',
  lifestyle: 'Lifestyle',
  taste: 'Taste',
  personality: 'Personality',
}

/** Fetch failures of the four sections (spec account-area §8). */
export const OPTION_FETCH_FAILED: Record<OptionSectionKind, string> = {
  intelligence: 'Failed to fetch intelligence options',
  lifestyle: 'Failed to fetch lifestyle options',
  taste: 'Failed to fetch taste options',
  personality: 'Failed to fetch personality options',
}

/** Empty option lists (spec account-area §2: "Intelligence options are not available at the moment."). */
export const OPTIONS_UNAVAILABLE: Record<OptionSectionKind, string> = {
  intelligence: 'Intelligence options are not available at the moment.',
  lifestyle: 'Lifestyle options are not available at the moment.',
  taste: 'Taste options are not available at the moment.',
  personality: 'Personality options are not available at the moment.',
}

interface OptionPairsSectionProps {
  kind: OptionSectionKind
  selections: Selection[]
  onChange: (selections: Selection[]) => void
}

/**
 * Intelligence, Lifestyle, Taste or Personality (spec account-area §2): one option per category,
 * the options side by side with "OR" between. Each option is a toggle button (aria-pressed);
 * pressing the chosen one again clears the category.
 */
export function OptionPairsSection({ kind, selections, onChange }: OptionPairsSectionProps) {
  const trpc = useTRPC()
  const categories = useQuery(optionCategoriesQueryOptions(trpc, kind))

  if (categories.isPending) {
    return (
      <Stack gap="sm" aria-busy>
        <Skeleton h={20} w="40%" />
        <Skeleton h={44} />
        <Skeleton h={20} w="30%" />
        <Skeleton h={44} />
      </Stack>
    )
  }
  if (categories.isError) {
    return (
      <Alert color="red" variant="light" title="Error">
        {OPTION_FETCH_FAILED[kind]}
      </Alert>
    )
  }
  if (categories.data.length === 0) {
    return <Text c="dimmed">{OPTIONS_UNAVAILABLE[kind]}</Text>
  }
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        Choose the one that fits them better in each pair, or skip a pair.
      </Text>
      {categories.data.map((category) => (
        <OptionPair
          key={category.id}
          category={category}
          chosen={selections.find((s) => s.categoryId === category.id)?.optionId ?? null}
          onChoose={(optionId) => onChange(chooseOption(selections, category.id, optionId))}
        />
      ))}
    </Stack>
  )
}

function OptionPair({
  category,
  chosen,
  onChoose,
}: {
  category: OptionCategoryOutput
  chosen: number | null
  onChoose: (optionId: number) => void
}) {
  const headingId = useId()
  const descriptionId = useId()
  return (
    <Box role="group" aria-labelledby={headingId} aria-describedby={category.description ? descriptionId : undefined}>
      <Text fw={600} size="sm" id={headingId}>
        {category.name}
      </Text>
      {category.description ? (
        // Whole, not clamped: on a phone two lines cut off what the pair is about ("…, or puzzles…").
        <Text size="xs" c="dimmed" id={descriptionId}>
          {category.description}
        </Text>
      ) : null}
      <Flex mt="xs" gap="xs" align="center" direction={{ base: 'column', xs: 'row' }}>
        {category.options.map((option, index) => {
          const selected = chosen === option.id
          return (
            <Fragment key={option.id}>
              {index > 0 ? (
                <Text size="xs" fw={700} c="dimmed" aria-hidden style={{ flex: 'none' }}>
                  OR
                </Text>
              ) : null}
              <Button
                variant={selected ? 'filled' : 'default'}
                aria-pressed={selected}
                onClick={() => onChoose(option.id)}
                leftSection={selected ? <IconCheck size={16} aria-hidden /> : null}
                fullWidth
                h="auto"
                mih={42}
                py={8}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
                style={{ flex: 1 }}
              >
                {option.label}
              </Button>
            </Fragment>
          )
        })}
      </Flex>
    </Box>
  )
}
