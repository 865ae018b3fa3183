import { Anchor, Group, Radio, Select, Stack } from '@mantine/core'
import { GENDERS, ORIENTATIONS } from '@presently/domain'
import type { Gender, Orientation } from './form-values'

/** "male" -> "Male". */
export const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1)

const ORIENTATION_OPTIONS = ORIENTATIONS.map((o) => ({ value: o, label: capitalise(o) }))

interface IdentitySectionProps {
  gender: Gender | null
  orientation: Orientation | null
  onGenderChange: (gender: Gender | null) => void
  onOrientationChange: (orientation: Orientation | null) => void
}

/**
 * Identity (spec account-area §2): gender as radios male/female/other, orientation as a select
 * (straight, gay, lesbian, bisexual, pansexual, asexual). Both may be left unset (null, §5).
 */
export function IdentitySection({ gender, orientation, onGenderChange, onOrientationChange }: IdentitySectionProps) {
  return (
    <Stack gap="md">
      <Radio.Group
        label="Gender"
        value={gender ?? ''}
        onChange={(value) => onGenderChange((GENDERS as readonly string[]).includes(value) ? (value as Gender) : null)}
      >
        <Group gap="lg" mt={6}>
          {GENDERS.map((g) => (
            <Radio key={g} value={g} label={capitalise(g)} />
          ))}
          {gender ? (
            <Anchor component="button" type="button" size="sm" onClick={() => onGenderChange(null)}>
              Clear gender
            </Anchor>
          ) : null}
        </Group>
      </Radio.Group>
      <Select
        label="Orientation"
        placeholder="Choose"
        data={ORIENTATION_OPTIONS}
        value={orientation}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear orientation' }}
        onChange={(value) => onOrientationChange(ORIENTATIONS.find((o) => o === value) ?? null)}
        maw={360}
      />
    </Stack>
  )
}
