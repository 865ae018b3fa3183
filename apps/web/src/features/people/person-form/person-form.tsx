import { Accordion, Box, Button, Chip, Grid, Group, NavLink, ScrollArea, Stack, Text, ThemeIcon } from '@mantine/core'
import { useForm } from '@mantine/form'
import { completenessPercent, ukToday, type PersonFormValues, type PersonOutput } from '@presently/domain'
import { IconCircle, IconCircleCheckFilled, IconCircleHalf2 } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTRPC } from '../../../lib/trpc'
import { PEOPLE_UI } from '../messages'
import { personEventsQueryOptions } from '../query-options'
import { CompletenessBar } from './completeness-bar'
import {
  completenessInputOf,
  emptyPersonForm,
  personFormFromPerson,
  personInputFromForm,
  validatePersonForm,
  type PersonFormState,
} from './form-values'
import { GiftPreferencesSection } from './gift-preferences-section'
import { IdentitySection } from './identity-section'
import { ImportantDatesSection } from './important-dates-section'
import { InterestsSection } from './interests-section'
import { OptionPairsSection } from './option-pairs-section'
import { PersonalInfoSection } from './personal-info-section'
import { FORM_SECTIONS, sectionProgress, type FormSectionId, type SectionProgress } from './sections'

interface PersonFormProps {
  /** The saved person when editing; absent for a new person. */
  person?: PersonOutput
  /** Sends the values (people.create or people.update); a rejection keeps the form as it is. */
  onSubmit: (values: PersonFormValues) => Promise<unknown>
  submitting: boolean
  onCancel?: () => void
}

/**
 * Focuses the first field marked aria-invalid inside the element `containerId` and scrolls it to
 * the middle of the screen, once it can take focus: an accordion panel that is opening shows its
 * content a frame or two later (display: none until then). Gives up after about half a second.
 */
function focusFirstInvalid(containerId: string, framesLeft = 30): void {
  requestAnimationFrame(() => {
    const field = document.querySelector<HTMLElement>(`#${containerId} [aria-invalid="true"]`)
    if (field && field.getClientRects().length > 0) {
      field.focus({ preventScroll: true })
      field.scrollIntoView({ block: 'center' })
    } else if (framesLeft > 0) {
      focusFirstInvalid(containerId, framesLeft - 1)
    }
  })
}

/**
 * The profile form of Add Person and Edit Person (spec account-area §2 "Profile form"): nine
 * collapsible sections, one open at a time, starting on Personal Info, reachable from a side
 * list on large screens or a chip row on small ones; the live completeness bar; the submit
 * button ("Add Person"/"Update Person", "Adding..."/"Updating..." while saving) and Cancel when
 * a cancel handler is given. Errors of §5 show on submit (and the date of birth on leaving a
 * box); the section holding the first error opens and its first invalid field takes focus.
 */
export function PersonForm({ person, onSubmit, submitting, onCancel }: PersonFormProps) {
  const trpc = useTRPC()
  const editing = person !== undefined
  const form = useForm<PersonFormState>({
    mode: 'controlled',
    initialValues: person ? personFormFromPerson(person) : emptyPersonForm(),
    validate: (values) => validatePersonForm(values, ukToday()),
  })
  const [open, setOpen] = useState<FormSectionId | null>('personal-info')
  const events = useQuery({
    ...personEventsQueryOptions(trpc, person?.id ?? 1),
    enabled: editing,
  })
  const eventList = editing ? (events.data ?? person.events) : []
  const completenessInput = completenessInputOf(form.values, eventList)
  const percent = completenessPercent(completenessInput)
  const progress = sectionProgress(completenessInput)
  const dob = form.values.dateOfBirth
  const hasBirthday = eventList.some((event) => event.occasion.label === 'Birthday')
  const offerBirthday = !hasBirthday && dob.day !== '' && dob.month !== '' && dob.year.length === 4

  const show = (id: FormSectionId) => {
    setOpen(id)
    // The section's header, after the accordion has opened it.
    requestAnimationFrame(() =>
      document.getElementById(`person-section-${id}`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }),
    )
  }

  const submit = form.onSubmit(
    (values) => {
      const input = personInputFromForm(values)
      onSubmit({ ...input, birthdayEvent: offerBirthday && input.birthdayEvent }).catch(() => undefined)
    },
    () => {
      setOpen('personal-info')
      // The errors are in Personal Info, which may be far above the button (a phone, a later
      // section open): its first invalid field gets focus and comes into view, or the click
      // seems to do nothing.
      focusFirstInvalid('person-section-personal-info')
    },
  )

  const errors = {
    name: form.errors.name as string | undefined,
    relationshipId: form.errors.relationshipId as string | undefined,
    dateOfBirth: form.errors.dateOfBirth as string | undefined,
  }

  const body: Record<FormSectionId, React.ReactNode> = {
    'personal-info': (
      <PersonalInfoSection
        name={form.values.name}
        relationshipId={form.values.relationshipId}
        dateOfBirth={form.values.dateOfBirth}
        errors={errors}
        onNameChange={(name) => {
          form.setFieldValue('name', name)
          form.clearFieldError('name')
        }}
        onRelationshipChange={(id) => {
          form.setFieldValue('relationshipId', id)
          form.clearFieldError('relationshipId')
        }}
        onDateOfBirthChange={(parts) => form.setFieldValue('dateOfBirth', parts)}
        offerBirthday={offerBirthday}
        birthdayEvent={form.values.birthdayEvent}
        onBirthdayEventChange={(checked) => form.setFieldValue('birthdayEvent', checked)}
        onDateOfBirthError={(error) =>
          error ? form.setFieldError('dateOfBirth', error) : form.clearFieldError('dateOfBirth')
        }
      />
    ),
    identity: (
      <IdentitySection
        gender={form.values.gender}
        orientation={form.values.orientation}
        onGenderChange={(gender) => form.setFieldValue('gender', gender)}
        onOrientationChange={(orientation) => form.setFieldValue('orientation', orientation)}
      />
    ),
    intelligence: (
      <OptionPairsSection
        kind="intelligence"
        selections={form.values.intelligenceSelections}
        onChange={(s) => form.setFieldValue('intelligenceSelections', s)}
      />
    ),
    lifestyle: (
      <OptionPairsSection
        kind="lifestyle"
        selections={form.values.lifestyleSelections}
        onChange={(s) => form.setFieldValue('lifestyleSelections', s)}
      />
    ),
    taste: (
      <OptionPairsSection
        kind="taste"
        selections={form.values.tasteSelections}
        onChange={(s) => form.setFieldValue('tasteSelections', s)}
      />
    ),
    personality: (
      <OptionPairsSection
        kind="personality"
        selections={form.values.personalitySelections}
        onChange={(s) => form.setFieldValue('personalitySelections', s)}
      />
    ),
    'gift-preferences': (
      <GiftPreferencesSection
        chosen={form.values.giftPreferenceSelections}
        onChange={(chosen) => form.setFieldValue('giftPreferenceSelections', chosen)}
      />
    ),
    interests: (
      <InterestsSection interests={form.values.interests} onChange={(i) => form.setFieldValue('interests', i)} />
    ),
    'important-dates': <ImportantDatesSection personId={person?.id} />,
  }

  return (
    <form onSubmit={submit} noValidate aria-label={editing ? 'Edit person' : 'Add person'}>
      <Stack gap="md">
        <CompletenessBar percent={percent} />
        <SectionChips open={open} progress={progress} onShow={show} />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4, lg: 3 }} visibleFrom="md">
            <SectionList open={open} progress={progress} onShow={show} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
            <Accordion
              value={open}
              onChange={(value) => setOpen(value as FormSectionId | null)}
              variant="separated"
              radius="md"
              chevronPosition="right"
              transitionDuration={150}
            >
              {FORM_SECTIONS.map((section) => (
                <Accordion.Item key={section.id} value={section.id} id={`person-section-${section.id}`}>
                  <Accordion.Control
                    icon={<ProgressIcon state={progress[section.id].state} />}
                    data-testid={`section-${section.id}`}
                  >
                    <Text fw={600}>
                      {section.title}
                      <ProgressText state={progress[section.id].state} />
                    </Text>
                  </Accordion.Control>
                  <Accordion.Panel>{open === section.id ? body[section.id] : null}</Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </Grid.Col>
        </Grid>
        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={submitting}>
              {PEOPLE_UI.cancel}
            </Button>
          ) : null}
          <Button type="submit" loading={submitting} loaderProps={{ type: 'dots' }}>
            {editing
              ? submitting
                ? PEOPLE_UI.updating
                : PEOPLE_UI.updatePerson
              : submitting
                ? PEOPLE_UI.adding
                : PEOPLE_UI.addPerson}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

const STATE_TEXT: Record<SectionProgress['state'], string> = {
  empty: 'not started',
  partial: 'partly filled',
  full: 'complete',
}

/** A section's fill state: an icon, and the same in words for screen readers (", complete"). */
function ProgressIcon({ state }: { state: SectionProgress['state'] }) {
  const Icon = state === 'full' ? IconCircleCheckFilled : state === 'partial' ? IconCircleHalf2 : IconCircle
  const color = state === 'full' ? 'green.8' : state === 'partial' ? 'brand.7' : 'gray.6'
  return (
    <ThemeIcon variant="transparent" color={color} size="sm" aria-hidden>
      <Icon size={18} />
    </ThemeIcon>
  )
}

/** ProgressIcon's shape at the size of a chip's icon (the chosen chip's). */
function ChipProgressIcon({ state }: { state: SectionProgress['state'] }) {
  const Icon = state === 'full' ? IconCircleCheckFilled : state === 'partial' ? IconCircleHalf2 : IconCircle
  return <Icon size={14} aria-hidden />
}

/** The words of ProgressIcon, placed after a section's title in its accessible name. */
function ProgressText({ state }: { state: SectionProgress['state'] }) {
  return <span className="visually-hidden">, {STATE_TEXT[state]}</span>
}

interface SectionNavProps {
  open: FormSectionId | null
  progress: Record<FormSectionId, SectionProgress>
  onShow: (id: FormSectionId) => void
}

/** The side list of sections on large screens (spec account-area §2). */
function SectionList({ open, progress, onShow }: SectionNavProps) {
  return (
    <Box component="nav" aria-label="Profile sections" pos="sticky" top={16}>
      {FORM_SECTIONS.map((section) => (
        <NavLink
          key={section.id}
          component="button"
          type="button"
          label={
            <>
              {section.title}
              <ProgressText state={progress[section.id].state} />
            </>
          }
          active={open === section.id}
          aria-current={open === section.id ? 'step' : undefined}
          leftSection={<ProgressIcon state={progress[section.id].state} />}
          onClick={() => onShow(section.id)}
          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        />
      ))}
    </Box>
  )
}

/**
 * The chip row of sections on small screens (spec account-area §2). The chosen chip shows its
 * section's fill state (as the side list does) instead of Mantine's tick, which read as "done" on
 * a section not yet started (browser pass).
 */
function SectionChips({ open, progress, onShow }: SectionNavProps) {
  return (
    <Box hiddenFrom="md" component="nav" aria-label="Profile sections">
      <ScrollArea type="auto" offsetScrollbars scrollbarSize={6}>
        <Chip.Group multiple={false} value={open ?? ''} onChange={(value) => onShow(value as FormSectionId)}>
          <Group gap={6} wrap="nowrap" pb={4}>
            {FORM_SECTIONS.map((section) => (
              <Chip
                key={section.id}
                value={section.id}
                size="sm"
                variant="outline"
                icon={<ChipProgressIcon state={progress[section.id].state} />}
              >
                {section.title}
                <ProgressText state={progress[section.id].state} />
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </ScrollArea>
    </Box>
  )
}
