import { describe, expect, it } from 'vitest'
import {
  applicableBudget,
  budgetSpentMessage,
  currentPlanYear,
  planYearFor,
  formatPence,
  isUnconfirmed,
  occasionAnchor,
  occasionYear,
  poundsToPence,
  remainingPence,
  spendSummary,
  spentFor,
} from './gift-budget.ts'

const christmas = occasionAnchor('christmas', null)

describe('occasionYear (issue 22 year boundaries)', () => {
  it('counts a present given in early January for last Christmas', () => {
    expect(occasionYear('2027-01-10', christmas)).toBe(2026)
    expect(occasionYear('2027-01-25', christmas)).toBe(2026)
    expect(occasionYear('2027-01-26', christmas)).toBe(2027)
  })
  it('counts presents bought ahead for the coming occurrence, and a few days late for the one just gone', () => {
    expect(occasionYear('2026-07-01', christmas)).toBe(2026)
    expect(occasionYear('2026-12-25', christmas)).toBe(2026)
    expect(occasionYear('2026-12-30', christmas)).toBe(2026)
  })
  it("follows the person's own event: a birthday present bought two months after counts for next year's", () => {
    const birthday = occasionAnchor('birthday', '1960-03-10')
    expect(occasionYear('2026-02-01', birthday)).toBe(2026)
    expect(occasionYear('2026-03-20', birthday)).toBe(2026)
    expect(occasionYear('2026-05-20', birthday)).toBe(2027)
  })
  it('uses the calendar year when nothing fixes the day', () => {
    expect(occasionAnchor('mothers-day', null)).toBeNull()
    expect(occasionYear('2026-01-02', null)).toBe(2026)
  })
  it('handles 29 February events in other years', () => {
    expect(occasionYear('2027-03-01', '2000-02-29')).toBe(2027)
    expect(occasionYear('2027-02-27', '2000-02-29')).toBe(2027)
  })
})

describe('spend and remaining budget', () => {
  const items = [
    { occasionId: 1, pricePaidPence: 2500, givenOn: '2026-12-01' },
    { occasionId: 1, pricePaidPence: 700, givenOn: '2027-01-05' },
    { occasionId: 1, pricePaidPence: 1000, givenOn: '2025-12-20' },
    { occasionId: 2, pricePaidPence: 900, givenOn: '2026-12-02' },
    { occasionId: 1, pricePaidPence: null, givenOn: '2026-12-03' },
  ]
  it("sums this occasion's presents of that occasion year only", () => {
    expect(spentFor(items, 1, 2026, christmas)).toBe(3200)
    expect(spentFor(items, 1, 2025, christmas)).toBe(1000)
    expect(spentFor(items, 2, 2026, null)).toBe(900)
    expect(spentFor(items, 3, 2026, christmas)).toBe(0)
  })
  it("takes the occasion's budget first, then the person's default", () => {
    const byOccasion = new Map([[1, 4000]])
    expect(applicableBudget({ defaultPence: 3000, byOccasion }, 1)).toEqual({ maxPence: 4000, source: 'event' })
    expect(applicableBudget({ defaultPence: 3000, byOccasion }, 2)).toEqual({ maxPence: 3000, source: 'person' })
    expect(applicableBudget({ defaultPence: null, byOccasion }, 2)).toEqual({ maxPence: null, source: 'none' })
  })
  it('never leaves less than nothing', () => {
    expect(remainingPence(4000, 3200)).toBe(800)
    expect(remainingPence(4000, 5000)).toBe(0)
    expect(remainingPence(null, 5000)).toBeNull()
  })
  it('words the summaries', () => {
    expect(spendSummary(3200, 4000, 'Christmas', 2026)).toBe('£32 of £40 spent for Christmas 2026')
    expect(spendSummary(2550, null, 'Birthday', 2026)).toBe('£25.50 spent for Birthday 2026')
    expect(budgetSpentMessage(4000, 'Mum', 'Christmas')).toBe("You have spent your £40 budget for Mum's Christmas")
    expect(budgetSpentMessage(4000, 'James', 'Birthday')).toBe("You have spent your £40 budget for James' Birthday")
    expect(formatPence(123456)).toBe('£1,234.56')
    expect(poundsToPence(19.99)).toBe(1999)
  })
  it('reads unmarked orders over 30 days old as not confirmed', () => {
    expect(isUnconfirmed({ outcome: null, createdAt: '2026-10-01T10:00:00Z' }, '2026-11-26')).toBe(true)
    expect(isUnconfirmed({ outcome: null, createdAt: '2026-11-01T10:00:00Z' }, '2026-11-26')).toBe(false)
    expect(isUnconfirmed({ outcome: 'bought', createdAt: '2026-01-01T10:00:00Z' }, '2026-11-26')).toBe(false)
  })
})

describe('currentPlanYear', () => {
  it('keeps last Christmas until late January, and uses the calendar year for moving occasions', () => {
    expect(currentPlanYear('Christmas', '2027-01-10')).toBe(2026)
    expect(currentPlanYear('christmas', '2026-11-26')).toBe(2026)
    expect(currentPlanYear("Valentine's Day", '2027-02-20')).toBe(2027)
    expect(currentPlanYear('Birthday', '2027-01-10')).toBe(2027)
  })
})

describe('planYearFor (the year a plan link opens)', () => {
  it("is the next birthday's year once a birthday is past, and last year's while one is being settled", () => {
    expect(planYearFor('Birthday', ['1964-03-14'], '2026-11-26')).toBe(2027)
    expect(planYearFor('Birthday', ['1964-03-14', '1968-11-16'], '2026-11-26')).toBe(2026)
    expect(planYearFor('birthday', ['1990-12-05'], '2026-11-26')).toBe(2026)
  })
  it('keeps the fixed-day rule for Christmas and the calendar year without any date', () => {
    expect(planYearFor('Christmas', ['2026-12-25'], '2027-01-10')).toBe(2026)
    expect(planYearFor('Christmas', [], '2027-01-30')).toBe(2027)
    expect(planYearFor('Birthday', [], '2026-11-26')).toBe(2026)
    expect(planYearFor('Birthday', [null, 'not a date', '2026-02-30'], '2026-11-26')).toBe(2026)
  })
})
