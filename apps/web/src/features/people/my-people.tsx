import { Alert, Badge, Box, Button, Drawer, Group, Paper, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import type { PersonSummary } from '@presently/domain'
import { IconAdjustmentsHorizontal, IconPlus, IconUsers, IconUserSearch } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { apiErrorMessage } from '../../lib/api-errors'
import { ButtonLink } from '../../lib/links'
import { useTRPC } from '../../lib/trpc'
import { PEOPLE_UI } from './messages'
import { activeFilterCount, filterPeople, NO_FILTERS, type PeopleFilters } from './people-filters'
import { PeopleFilterControls } from './people-filter-controls'
import { PersonCard } from './person-card'
import { peopleListQueryOptions } from './query-options'

/**
 * My People (spec account-area §2): the title, "Add Person", the two filters (inline from 768 px,
 * in a side sheet with a badge of active filters below), a grid of person cards and the two
 * empty states.
 */
export function MyPeople() {
  const trpc = useTRPC()
  const people = useQuery(peopleListQueryOptions(trpc))
  const [filters, setFilters] = useState<PeopleFilters>(NO_FILTERS)

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{PEOPLE_UI.myPeople}</Title>
        <ButtonLink to="/my-account/add-person" leftSection={<IconPlus size={18} aria-hidden />}>
          {PEOPLE_UI.addPerson}
        </ButtonLink>
      </Group>
      {people.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label="Loading people">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={128} radius="md" />
          ))}
        </SimpleGrid>
      ) : people.isError ? (
        <Alert color="red" role="alert" title={PEOPLE_UI.errorTitle}>
          {apiErrorMessage(people.error, PEOPLE_UI.fetchPeopleFailed)}
        </Alert>
      ) : people.data.length === 0 ? (
        <EmptyState
          icon={<IconUsers size={40} aria-hidden />}
          title={PEOPLE_UI.emptyTitle}
          actions={
            <ButtonLink to="/my-account/add-person" leftSection={<IconPlus size={18} aria-hidden />}>
              {PEOPLE_UI.emptyAction}
            </ButtonLink>
          }
        />
      ) : (
        <PeopleGrid
          people={people.data}
          filters={filters}
          onFiltersChange={setFilters}
          onClearFilters={() => {
            setFilters(NO_FILTERS)
            void people.refetch()
          }}
        />
      )}
    </Stack>
  )
}

function PeopleGrid({
  people,
  filters,
  onFiltersChange,
  onClearFilters,
}: {
  people: PersonSummary[]
  filters: PeopleFilters
  onFiltersChange: (filters: PeopleFilters) => void
  onClearFilters: () => void
}) {
  const shown = filterPeople(people, filters)
  return (
    <>
      <Box visibleFrom="sm">
        <Paper withBorder radius="md" p="md">
          <PeopleFilterControls people={people} filters={filters} onChange={onFiltersChange} />
        </Paper>
      </Box>
      <FilterSheet people={people} filters={filters} onApply={onFiltersChange} />
      {shown.length === 0 ? (
        <EmptyState
          icon={<IconUserSearch size={40} aria-hidden />}
          title={PEOPLE_UI.noMatchesTitle}
          actions={
            <>
              <Button variant="default" onClick={onClearFilters}>
                {PEOPLE_UI.clearFilters}
              </Button>
              <ButtonLink to="/my-account/add-person" leftSection={<IconPlus size={18} aria-hidden />}>
                {PEOPLE_UI.addPersonLower}
              </ButtonLink>
            </>
          }
        />
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="md"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="People"
        >
          {shown.map((person) => (
            <li key={person.id}>
              <PersonCard person={person} />
            </li>
          ))}
        </SimpleGrid>
      )}
    </>
  )
}

/**
 * The filters on phones (spec account-area §2): a "Filters" button with a badge of active
 * filters opens a side sheet; choices there are a draft until "Apply Filters"; "Clear All"
 * empties the draft.
 */
function FilterSheet({
  people,
  filters,
  onApply,
}: {
  people: PersonSummary[]
  filters: PeopleFilters
  onApply: (filters: PeopleFilters) => void
}) {
  const [opened, sheet] = useDisclosure(false)
  const [draft, setDraft] = useState<PeopleFilters>(filters)
  const active = activeFilterCount(filters)
  return (
    <Box hiddenFrom="sm">
      <Button
        variant="default"
        leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
        rightSection={
          active > 0 ? (
            <Badge size="sm" circle data-testid="filter-badge" aria-label={`${active} active`}>
              {active}
            </Badge>
          ) : null
        }
        aria-haspopup="dialog"
        aria-expanded={opened}
        onClick={() => {
          setDraft(filters)
          sheet.open()
        }}
      >
        {PEOPLE_UI.filters}
      </Button>
      <Drawer
        opened={opened}
        onClose={sheet.close}
        position="right"
        size="85%"
        title={PEOPLE_UI.filters}
        closeButtonProps={{ 'aria-label': 'Close filters' }}
      >
        <Stack gap="lg">
          <PeopleFilterControls people={people} filters={draft} onChange={setDraft} stacked />
          <Group grow>
            <Button variant="default" px="xs" onClick={() => setDraft({ relationshipType: null, tier: null })}>
              {PEOPLE_UI.clearAll}
            </Button>
            <Button
              px="xs"
              onClick={() => {
                onApply(draft)
                sheet.close()
              }}
            >
              {PEOPLE_UI.applyFilters}
            </Button>
          </Group>
        </Stack>
      </Drawer>
    </Box>
  )
}

function EmptyState({ icon, title, actions }: { icon: React.ReactNode; title: string; actions: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl" data-testid="people-empty">
      <Stack align="center" gap="sm" ta="center">
        <Box c="brand.7">{icon}</Box>
        <Title order={2} size="h3">
          {title}
        </Title>
        <Group justify="center" gap="sm">
          {actions}
        </Group>
      </Stack>
    </Paper>
  )
}
