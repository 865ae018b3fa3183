import { Button, Group, NumberInput, RangeSlider, Stack } from '@mantine/core'
import { formatPrice } from '@presently/domain'
import { useMemo, useState } from 'react'
import { nearestTick, priceTicks, type PriceBand, type PriceBounds } from './price-band'

type Range = [number, number]

function clamp(value: number, bounds: PriceBounds): number {
  return Math.min(bounds.max, Math.max(bounds.min, value))
}

/** The slider position of a band (or of the full range), inside the bounds and one step apart. */
function sliderRange(bounds: PriceBounds, band: PriceBand | null): Range {
  if (!band) return [bounds.min, bounds.max]
  let min = clamp(Math.floor(band.minPrice), bounds)
  let max = clamp(Math.ceil(band.maxPrice), bounds)
  if (max - min < 1) {
    max = Math.min(bounds.max, min + 1)
    min = max - 1
  }
  return [min, max]
}

/**
 * The price filter's unapplied selection. It follows the applied band (or the full range) until
 * the user moves it, and starts again from there whenever the band or the bounds change.
 */
export function usePriceDraft(bounds: PriceBounds, band: PriceBand | null) {
  const key = `${bounds.min}:${bounds.max}:${band?.minPrice}:${band?.maxPrice}`
  const [state, setState] = useState({ key, value: sliderRange(bounds, band), dirty: false })
  let current = state
  if (state.key !== key) {
    current = { key, value: sliderRange(bounds, band), dirty: false }
    setState(current)
  }
  const [min, max] = current.value
  return {
    value: current.value,
    /** Moved since the band was last applied or cleared. */
    dirty: current.dirty,
    /** A pair of numbers (spec browsing-and-purchase §5: the filter is sent only then). */
    valid: !Number.isNaN(min) && !Number.isNaN(max),
    setValue: (value: Range) => setState({ key, value, dirty: true }),
    reset: () => setState({ key, value: sliderRange(bounds, null), dirty: false }),
    /** The band to apply: ordered and one step apart, or null when a bound is not a number. */
    band: (): PriceBand | null => {
      if (Number.isNaN(min) || Number.isNaN(max)) return null
      let low = clamp(Math.min(min, max), bounds)
      let high = clamp(Math.max(min, max), bounds)
      if (high - low < 1) {
        high = Math.min(bounds.max, low + 1)
        low = high - 1
      }
      return { minPrice: low, maxPrice: high }
    },
  }
}

export type PriceDraft = ReturnType<typeof usePriceDraft>

interface PriceFilterProps {
  bounds: PriceBounds
  band: PriceBand | null
  draft: PriceDraft
  onApply: (band: PriceBand) => void
  onClear: () => void
  disabled?: boolean
}

/**
 * Price range (spec browsing-and-purchase §2, §5): a range slider bounded by the listing's real
 * prices, on a logarithmic scale of whole pounds (priceTicks, issue 14) so cheap bands are not
 * squashed at the left by one expensive product; one step apart at least; with number fields
 * for exact amounts in whole pounds. The filter is sent only by Apply; Clear removes it and
 * resets the slider to the full range.
 */
export function PriceFilter({ bounds, band, draft, onApply, onClear, disabled = false }: PriceFilterProps) {
  const [min, max] = draft.value
  // Slider positions stand for these prices: a logarithmic scale over the listing's range.
  const ticks = useMemo(() => priceTicks({ min: bounds.min, max: bounds.max }), [bounds.min, bounds.max])
  const applied = band !== null && band.minPrice === min && band.maxPrice === max
  const canApply = draft.valid && !disabled && !applied && (draft.dirty || band !== null)
  const setPart = (index: 0 | 1, raw: number | string) => {
    const value = typeof raw === 'number' ? raw : raw.trim() === '' ? NaN : Number(raw)
    draft.setValue(index === 0 ? [value, max] : [min, value])
  }

  // Whole pounds within the slider's bounds (spec browsing-and-purchase §5: step 1).
  const poundInput = {
    size: 'xs',
    prefix: '£',
    min: bounds.min,
    max: bounds.max,
    step: 1,
    allowDecimal: false,
    allowNegative: false,
    clampBehavior: 'blur',
    thousandSeparator: ',',
    disabled,
  } as const

  return (
    <Stack gap="md">
      <RangeSlider
        min={0}
        max={ticks.length - 1}
        step={1}
        minRange={1}
        value={[
          nearestTick(ticks, Number.isNaN(min) ? bounds.min : min),
          nearestTick(ticks, Number.isNaN(max) ? bounds.max : max),
        ]}
        onChange={([from, to]) => draft.setValue([ticks[from] ?? bounds.min, ticks[to] ?? bounds.max])}
        label={(index) => formatPrice(ticks[index] ?? 0)}
        thumbFromLabel="Minimum price"
        thumbToLabel="Maximum price"
        thumbValueText={(index) => formatPrice(ticks[index] ?? 0)}
        disabled={disabled}
        mx={6}
        mt={6}
        data-testid="price-slider"
      />
      <Group gap="xs" grow wrap="nowrap">
        <NumberInput
          label="Min price"
          {...poundInput}
          value={Number.isNaN(min) ? '' : min}
          onChange={(value) => setPart(0, value)}
        />
        <NumberInput
          label="Max price"
          {...poundInput}
          value={Number.isNaN(max) ? '' : max}
          onChange={(value) => setPart(1, value)}
        />
      </Group>
      <Group gap="xs" grow>
        <Button
          size="xs"
          disabled={!canApply}
          onClick={() => {
            const next = draft.band()
            if (next) onApply(next)
          }}
        >
          Apply
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={disabled || (band === null && !draft.dirty)}
          onClick={() => {
            draft.reset()
            onClear()
          }}
        >
          Clear
        </Button>
      </Group>
    </Stack>
  )
}
