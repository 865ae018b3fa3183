import {
  Badge,
  Button,
  Card,
  Group,
  List,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core'
import {
  ageOn,
  COMPLETENESS_SECTION_NAMES,
  completenessSections,
  eventBadge,
  formatEventDate,
  ukToday,
  type CompletenessSection,
  type PersonOutput,
} from '@presently/domain'
import {
  IconCalendarPlus,
  IconEdit,
  IconHeartFilled,
  IconRosetteDiscountCheckFilled,
  IconThumbUpFilled,
} from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { PersonLikedProducts } from '../likes/person-liked-products'
import { ButtonLink } from '../../lib/links'
import { useTRPC } from '../../lib/trpc'
import { BackLink } from './back-link'
import { PersonQuery } from './person-query'
import { PEOPLE_UI } from './messages'
import { capitalise } from './person-form/identity-section'
import { OPTION_SECTION_TITLES } from './person-form/option-pairs-section'
import { chosenOptions, chosenPreferenceLabels, eventsBySoonest, missingPartsText } from './person-summary'
import { giftPreferencesQueryOptions, optionCategoriesQueryOptions, type OptionSectionKind } from './query-options'
import { TIER_COLOURS, TierBadge } from './tier-badge'
import { PersonGiftIdeas } from '../recommendations/person-gift-ideas'
import { PersonPlannedGifts } from '../wish-lists/claims-page'
import { GiftHistorySection } from '../gifts/gift-history-section'

// The dialog and its date picker load when "Add a date" is pressed (docs/decisions/web-bundle.md).
const AddEventDialog = lazy(() => import('../events/add-event-dialog').then((m) => ({ default: m.AddEventDialog })))

/** What each completeness part is called on the card's "still to add" list. */
const PART_NAMES: Record<CompletenessSection['key'], string> = {
  ...COMPLETENESS_SECTION_NAMES,
  events: 'Important dates',
}

/**
 * Person detail (spec account-area §2): Back, the name, Edit Profile, the completeness card, the
 * Profile Summary, "Events & Important Dates" (soonest first; choosing one shows what the user
 * liked for that occasion), and Gift Ideas. A malformed id, a missing person or another user's
 * (404 from the server) shows "Person not found".
 */
export function PersonDetail({ id: rawId }: { id: string }) {
  return (
    <PersonQuery rawId={rawId} title="Person" skeleton={{ titleWidth: '40%', blocks: [120, 200] }}>
      {(person) => <PersonView person={person} />}
    </PersonQuery>
  )
}

function PersonView({ person }: { person: PersonOutput }) {
  const today = ukToday()
  const events = eventsBySoonest(person.events, today)
  const [selectedId, setSelectedId] = useState<number | undefined>(undefined)
  const selected = events.find((e) => e.id === selectedId) ?? events[0]
  // Issue 43 §4: Add Person lands here, and the person's dates are added here (the Add Event dialog).
  const [addingDate, setAddingDate] = useState(false)
  return (
    <Stack gap="lg">
      <BackLink to="/my-account/my-people" />
      <Group justify="space-between" align="center" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {person.name}
          </Title>
          <Text c="dimmed">{person.relationship?.name ?? 'Relationship not set'}</Text>
        </div>
        <ButtonLink
          to="/my-account/edit-person/$id"
          params={{ id: String(person.id) }}
          variant="light"
          leftSection={<IconEdit size={18} aria-hidden />}
        >
          {PEOPLE_UI.editProfile}
        </ButtonLink>
      </Group>

      <CompletenessCard person={person} />

      <Section title={PEOPLE_UI.profileSummary} id="profile-summary-title">
        <ProfileSummary person={person} today={today} />
      </Section>

      <Section
        title={PEOPLE_UI.eventsTitle}
        id="person-events-title"
        action={
          <Button
            variant="light"
            size="sm"
            leftSection={<IconCalendarPlus size={18} aria-hidden />}
            onClick={() => setAddingDate(true)}
          >
            {PEOPLE_UI.addDate}
          </Button>
        }
      >
        {events.length === 0 ? (
          <Text c="dimmed">{PEOPLE_UI.noImportantDates}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="person-events">
            {events.map((event) => {
              const isSelected = event.id === selected?.id
              const badge = eventBadge(event.daysAway)
              return (
                <UnstyledButton
                  key={event.id}
                  onClick={() => setSelectedId(event.id)}
                  aria-pressed={isSelected}
                  p="sm"
                  style={{
                    borderRadius: 'var(--mantine-radius-md)',
                    border: `${isSelected ? 2 : 1}px solid ${isSelected ? 'var(--mantine-color-brand-7)' : 'var(--mantine-color-gray-4)'}`,
                    background: isSelected ? 'var(--mantine-color-brand-0)' : undefined,
                  }}
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <div>
                      <Text fw={600}>{event.occasion.label}</Text>
                      <Text size="sm" c="dimmed">
                        {formatEventDate(event.rule !== 'fixed' ? event.nextOccurrence : event.date)}
                      </Text>
                    </div>
                    {badge ? (
                      <Badge color="orange.9" variant="filled" tt="none">
                        {badge}
                      </Badge>
                    ) : null}
                  </Group>
                </UnstyledButton>
              )
            })}
          </SimpleGrid>
        )}
        {selected ? (
          <Stack gap="xs" mt="md">
            <Title order={3} size="h5">
              Liked for {selected.occasion.label}
            </Title>
            <PersonLikedProducts personId={person.id} occasionLabel={selected.occasion.label} />
          </Stack>
        ) : null}
      </Section>

      {/* Issue 23: claims on wish lists linked to this person (gift history joins these at merge). */}
      <Section title="Planned gifts" id="planned-gifts">
        <PersonPlannedGifts personId={person.id} />
      </Section>
      <GiftHistorySection
        personId={person.id}
        eventOccasions={[...new Map(person.events.map((e) => [e.occasion.id, e.occasion])).values()]}
      />

      {addingDate ? (
        <Suspense fallback={null}>
          <AddEventDialog opened onClose={() => setAddingDate(false)} initialDate={null} personId={person.id} />
        </Suspense>
      ) : null}

      {/* Gift Ideas follow the event chosen above (the soonest by default), as the liked list does. */}
      <PersonGiftIdeas personId={person.id} personName={person.name} events={selected ? [selected] : events} />
    </Stack>
  )
}

function Section({
  title,
  id,
  action,
  children,
}: {
  title: string
  id: string
  action?: ReactNode
  children: ReactNode
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <Group justify="space-between" align="center" gap="sm" mb="sm">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  )
}

/** The completeness card: percentage, list tier badge, bar, a special icon at 100% (§4), what is still missing. */
function CompletenessCard({ person }: { person: PersonOutput }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      data-testid="completeness-card"
      component="section"
      aria-label="Profile completeness"
    >
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Text fw={700}>Profile completeness</Text>
          <TierBadge tier={person.tier} />
        </Group>
        <Group gap={4}>
          {person.completeness >= 100 ? (
            <IconRosetteDiscountCheckFilled size={22} color={TIER_COLOURS.gold.bar} aria-label="Complete profile" />
          ) : null}
          <Text fw={700} size="lg" data-testid="person-completeness">
            {person.completeness}%
          </Text>
        </Group>
      </Group>
      <Progress
        value={person.completeness}
        color={TIER_COLOURS[person.tier].bar}
        size="lg"
        radius="xl"
        aria-label="Profile completeness"
      />
      <Text size="sm" c="dimmed" mt="sm">
        {missingPartsText(completenessSections(person), PART_NAMES)}
      </Text>
    </Card>
  )
}

function ProfileSummary({ person, today }: { person: PersonOutput; today: string }) {
  const age = ageOn(person.dob, today)
  const dob = person.dob ? `${formatEventDate(person.dob)} ${person.dob.slice(0, 4)}` : null
  return (
    <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '8px 20px', margin: 0 }}>
      <Term>Relationship</Term>
      <Detail>{person.relationship?.name ?? '—'}</Detail>
      <Term>Date of birth</Term>
      <Detail>{dob ? `${dob}${age === null ? '' : ` (age ${age})`}` : '—'}</Detail>
      <Term>Gender</Term>
      <Detail>{person.gender ? capitalise(person.gender) : '—'}</Detail>
      <Term>Orientation</Term>
      <Detail>{person.orientation ? capitalise(person.orientation) : '—'}</Detail>
      {(['intelligence', 'lifestyle', 'taste', 'personality'] as const).map((kind) => (
        <ChosenOptions key={kind} kind={kind} person={person} />
      ))}
      <GiftPreferences person={person} />
      <Term>Interests</Term>
      <Detail>
        {person.interests.length === 0 ? (
          '—'
        ) : (
          <Group gap={6}>
            {person.interests.map(({ interest, is_primary }) => (
              <Badge
                key={interest.id}
                h="auto"
                py={3}
                styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
                bg={is_primary ? 'red.0' : 'gray.1'}
                c={is_primary ? 'red.9' : 'dark.7'}
                tt="none"
                leftSection={
                  is_primary ? <IconHeartFilled size={12} aria-hidden /> : <IconThumbUpFilled size={12} aria-hidden />
                }
              >
                {interest.name}
                <span className="visually-hidden">{is_primary ? ' (Love)' : ' (Like)'}</span>
              </Badge>
            ))}
          </Group>
        )}
      </Detail>
    </dl>
  )
}

const SELECTIONS: Record<OptionSectionKind, keyof PersonOutput> = {
  intelligence: 'intelligenceSelections',
  lifestyle: 'lifestyleSelections',
  taste: 'tasteSelections',
  personality: 'personalitySelections',
}

function ChosenOptions({ kind, person }: { kind: OptionSectionKind; person: PersonOutput }) {
  const trpc = useTRPC()
  const categories = useQuery(optionCategoriesQueryOptions(trpc, kind))
  const selections = person[SELECTIONS[kind]] as PersonOutput['intelligenceSelections']
  const chosen = chosenOptions(categories.data ?? [], selections)
  return (
    <>
      <Term>{OPTION_SECTION_TITLES[kind]}</Term>
      <Detail>
        {selections.length === 0 ? (
          '—'
        ) : categories.isPending ? (
          <Skeleton h={16} w={160} />
        ) : (
          <List size="sm" spacing={2} listStyleType="none" p={0}>
            {chosen.map((c) => (
              <List.Item key={c.category}>
                <Text span size="sm" c="dimmed">
                  {c.category}:
                </Text>{' '}
                {c.option}
              </List.Item>
            ))}
          </List>
        )}
      </Detail>
    </>
  )
}

function GiftPreferences({ person }: { person: PersonOutput }) {
  const trpc = useTRPC()
  const groups = useQuery(giftPreferencesQueryOptions(trpc))
  const labels = chosenPreferenceLabels(groups.data ?? [], person.giftPreferenceSelections)
  return (
    <>
      <Term>Gift preferences</Term>
      <Detail>{person.giftPreferenceSelections.length === 0 ? '—' : labels.join(', ') || '…'}</Detail>
    </>
  )
}

function Term({ children }: { children: ReactNode }) {
  return (
    <Text component="dt" size="sm" c="dimmed">
      {children}
    </Text>
  )
}

function Detail({ children }: { children: ReactNode }) {
  return (
    <Text component="dd" size="sm" fw={500} m={0} style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  )
}
