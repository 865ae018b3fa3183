import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Progress,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react'
import {
  FINDER_AGE_LABELS,
  FINDER_AGES,
  FINDER_BUDGET_LABELS,
  FINDER_BUDGETS,
  FINDER_INTERESTS,
  FINDER_WHO,
  FINDER_WHO_LABELS,
  type FinderAge,
  type FinderBudget,
  type FinderInterestOutput,
  type FinderWho,
} from '@presently/domain'
import { useTRPC } from '../../lib/trpc'
import type { FinderSearch } from './finder-search'
import { FINDER_UI } from './messages'
import classes from './gift-finder.module.css'

/** The occasions offered as quick choices (by value), the rest in a select. */
const QUICK_OCCASIONS = [
  'christmas',
  'birthday',
  'thank-you',
  'leaving',
  'anniversary',
  'new-job',
  'retirement',
  'just-because',
] as const

export interface FinderAnswers {
  who: FinderWho
  age: FinderAge
  occasion: string
  budget: FinderBudget
  interests: string[]
}

export interface FinderStepsProps {
  /** Answers already in the address (changing them starts from these). */
  initial: FinderSearch
  /** The step to open on (1-4). */
  step: number
  onDone: (answers: FinderAnswers) => void
}

/**
 * The gift finder's four quick steps (issue 40), one question a screen so they fit a phone: who
 * (a relationship, "Colleague" or "Secret Santa"), age band, occasion, then budget band and one
 * to three of the shop's gift interests. Each step is a form: the choices are radio groups and
 * checkboxes (arrow keys move within a group, Tab to Next, Enter submits), the step's heading
 * takes focus when it opens, and a step without an answer says so instead of moving on.
 */
export function FinderSteps({ initial, step: openOn, onDone }: FinderStepsProps) {
  const trpc = useTRPC()
  const occasions = useQuery(trpc.reference.occasions.queryOptions())
  const interests = useQuery(trpc.giftFinder.interests.queryOptions())
  const [step, setStep] = useState(openOn)
  const [who, setWho] = useState<string>(initial.who ?? '')
  const [age, setAge] = useState<string>(initial.age ?? '')
  const [occasion, setOccasion] = useState<string>(initial.event ?? '')
  const [budget, setBudget] = useState<string>(initial.budget ?? '')
  const [chosen, setChosen] = useState<string[]>(initial.interests ? initial.interests.split(',').slice(0, 3) : [])
  const [missing, setMissing] = useState(false)
  const heading = useRef<HTMLHeadingElement>(null)
  const moved = useRef(false)

  // The new step's heading takes focus (not on the first paint: the page's own h1 leads there).
  useEffect(() => {
    if (moved.current) heading.current?.focus()
  }, [step])

  const answered = [who !== '', age !== '', occasion !== '', budget !== '' && chosen.length >= 1][step - 1]
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!answered) {
      setMissing(true)
      return
    }
    setMissing(false)
    moved.current = true
    if (step < 4) setStep(step + 1)
    else
      onDone({
        who: who as FinderWho,
        age: age as FinderAge,
        occasion,
        budget: budget as FinderBudget,
        interests: chosen,
      })
  }
  const back = () => {
    setMissing(false)
    moved.current = true
    setStep(Math.max(1, step - 1))
  }

  const legend = [FINDER_UI.whoLegend, FINDER_UI.ageLegend, FINDER_UI.occasionLegend, FINDER_UI.budgetLegend][step - 1]!
  return (
    <form onSubmit={submit} noValidate className={classes.steps} data-testid="finder-steps">
      <Stack gap="md">
        <div>
          <Text size="sm" c="dimmed" id="finder-step-count">
            {FINDER_UI.stepOf(step)}
          </Text>
          {/* The text above says the step; the bar repeats it for the eye. */}
          <Progress value={step * 25} size="sm" aria-hidden mt={4} />
        </div>
        <Title order={2} size="h3" ref={heading} tabIndex={-1} className={classes.stepTitle}>
          {legend}
        </Title>
        {step === 1 ? (
          <Choices label={legend} value={who} onChange={setWho} name="who">
            {FINDER_WHO.map((value, i) => (
              <Radio.Card key={value} value={value} className={classes.choice} tabIndex={roving(who, value, i)}>
                <ChoiceLabel>{FINDER_WHO_LABELS[value].label}</ChoiceLabel>
              </Radio.Card>
            ))}
          </Choices>
        ) : step === 2 ? (
          <Choices label={legend} value={age} onChange={setAge} name="age">
            {FINDER_AGES.map((value, i) => (
              <Radio.Card key={value} value={value} className={classes.choice} tabIndex={roving(age, value, i)}>
                <ChoiceLabel>{FINDER_AGE_LABELS[value].label}</ChoiceLabel>
              </Radio.Card>
            ))}
          </Choices>
        ) : step === 3 ? (
          <Stack gap="sm">
            <Choices
              label={legend}
              value={QUICK_OCCASIONS.includes(occasion as (typeof QUICK_OCCASIONS)[number]) ? occasion : ''}
              onChange={setOccasion}
              name="occasion"
            >
              {QUICK_OCCASIONS.map((value, i) => {
                const label = occasions.data?.find((o) => o.value === value)?.label
                const quick = QUICK_OCCASIONS.includes(occasion as (typeof QUICK_OCCASIONS)[number]) ? occasion : ''
                return label ? (
                  <Radio.Card key={value} value={value} className={classes.choice} tabIndex={roving(quick, value, i)}>
                    <ChoiceLabel>{label}</ChoiceLabel>
                  </Radio.Card>
                ) : null
              })}
            </Choices>
            <NativeSelect
              label={FINDER_UI.moreOccasions}
              value={QUICK_OCCASIONS.includes(occasion as (typeof QUICK_OCCASIONS)[number]) ? '' : occasion}
              onChange={(event) => setOccasion(event.currentTarget.value)}
              data={[
                { value: '', label: FINDER_UI.moreOccasionsPlaceholder },
                ...(occasions.data ?? [])
                  .filter((o) => !QUICK_OCCASIONS.includes(o.value as (typeof QUICK_OCCASIONS)[number]))
                  .map((o) => ({ value: o.value, label: o.label })),
              ]}
              maw={360}
            />
          </Stack>
        ) : (
          <Stack gap="lg">
            <Choices label={legend} value={budget} onChange={setBudget} name="budget">
              {FINDER_BUDGETS.map((value, i) => (
                <Radio.Card key={value} value={value} className={classes.choice} tabIndex={roving(budget, value, i)}>
                  <ChoiceLabel>{FINDER_BUDGET_LABELS[value].label}</ChoiceLabel>
                </Radio.Card>
              ))}
            </Choices>
            <InterestChoices interests={interests.data ?? []} chosen={chosen} onChange={setChosen} />
          </Stack>
        )}
        {missing ? (
          <Alert color="red" variant="light" role="alert">
            {step === 4 && budget !== '' ? FINDER_UI.chooseInterests : FINDER_UI.chooseOne}
          </Alert>
        ) : null}
        <Group justify="space-between">
          {step > 1 ? (
            <Button variant="default" onClick={back}>
              {FINDER_UI.back}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit">{step < 4 ? FINDER_UI.next : FINDER_UI.show}</Button>
        </Group>
      </Stack>
    </form>
  )
}

/**
 * A roving tab stop (WAI-ARIA radio group pattern): only the chosen card, or the first when none
 * is, is in the tab order; the arrow keys move between the cards (Mantine's RadioCard).
 */
const roving = (current: string, value: string, index: number) =>
  current === value || (current === '' && index === 0) ? 0 : -1

/** A radio group of cards: one tab stop, arrow keys between the choices. */
function Choices({
  label,
  value,
  onChange,
  name,
  children,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  name: string
  children: ReactNode
}) {
  return (
    <Radio.Group value={value} onChange={onChange} name={name} aria-label={label}>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {children}
      </SimpleGrid>
    </Radio.Group>
  )
}

function ChoiceLabel({ children }: { children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Radio.Indicator />
      <Text fw={500}>{children}</Text>
    </Group>
  )
}

/** One to three of the shop's gift interests, grouped, with a filter box that reads their aliases. */
function InterestChoices({
  interests,
  chosen,
  onChange,
}: {
  interests: readonly FinderInterestOutput[]
  chosen: string[]
  onChange: (slugs: string[]) => void
}) {
  const [filter, setFilter] = useState('')
  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase()
    return q.length < 2
      ? interests
      : interests.filter(
          (i) => chosen.includes(i.slug) || i.name.toLowerCase().includes(q) || i.aliases.some((a) => a.includes(q)),
        )
  }, [interests, filter, chosen])
  const groups = [...new Set(shown.map((i) => i.group))]
  return (
    <Stack gap="sm">
      <TextInput
        label={FINDER_UI.interestsFilter}
        description={FINDER_UI.interestsFilterDescription}
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
        maw={360}
      />
      <Checkbox.Group
        value={chosen}
        onChange={(value) => onChange(value.slice(0, FINDER_INTERESTS.max))}
        label={FINDER_UI.interestsLegend}
        description={FINDER_UI.interestsChosen(chosen.length)}
      >
        <Stack gap="md" mt="xs">
          {groups.map((group) => (
            <div key={group}>
              <Text size="sm" fw={600} mb={6}>
                {group}
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs">
                {shown
                  .filter((i) => i.group === group)
                  .map((interest) => (
                    <Checkbox
                      key={interest.slug}
                      value={interest.slug}
                      label={interest.name}
                      disabled={chosen.length >= FINDER_INTERESTS.max && !chosen.includes(interest.slug)}
                    />
                  ))}
              </SimpleGrid>
            </div>
          ))}
          {shown.length === 0 ? <Text c="dimmed">{FINDER_UI.noInterestMatch}</Text> : null}
        </Stack>
      </Checkbox.Group>
    </Stack>
  )
}
