import { describe, expect, it } from 'vitest'
import { isPlanYear, planTitle } from './plan-title'

const OCCASIONS = [
  { value: 'christmas', label: 'Christmas' },
  { value: 'mothers-day', label: "Mother's Day" },
]

describe('planTitle', () => {
  it('names the occasion by its label, from the label or a lower-case value in the address', () => {
    expect(planTitle('Christmas', '2026', OCCASIONS)).toBe('Christmas 2026 plan')
    expect(planTitle('christmas', '2026', OCCASIONS)).toBe('Christmas 2026 plan')
    expect(planTitle('mothers-day', '2027', OCCASIONS)).toBe("Mother's Day 2027 plan")
    expect(planTitle("mother's day", '2027', OCCASIONS)).toBe("Mother's Day 2027 plan")
  })

  it('says "Plan" for an unknown occasion or a year out of bounds, not the typed text', () => {
    expect(planTitle('nothing', '2026', OCCASIONS)).toBe('Plan')
    expect(planTitle('Christmas', 'abcd', OCCASIONS)).toBe('Plan')
    expect(planTitle('Christmas', '1899', OCCASIONS)).toBe('Plan')
    expect(planTitle('Christmas', '2026', [])).toBe('Plan')
  })
})

describe('isPlanYear', () => {
  it('takes whole numbers from 1900 to 2200 only', () => {
    expect(['1900', '2026', '2200'].map(isPlanYear)).toEqual([true, true, true])
    expect(['1899', '2201', '2026.5', '', ' 2026', '2e3'].map(isPlanYear)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ])
  })
})
