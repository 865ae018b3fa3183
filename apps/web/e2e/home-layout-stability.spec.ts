import fs from 'node:fs'
import path from 'node:path'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { parseIsoDate, ukToday } from '@presently/domain'
import { addPerson, apiJson, newShopper, occasion } from './support/shopper'

/*
 * The signed-in home holds its place while it loads (issue 24, "CLS < 0.05"): the events panel,
 * the Recommendations block and the gift picks arrive after the first paint, each into room
 * already kept for it. The data answers (/trpc, /api) are held back ~300 ms each, so the lazy
 * parts really do arrive after the page has painted, as on a slow phone line. Layout shift is
 * layout, not timing: the sum below only depends on what moved, not on how fast.
 *
 * Each test prints its figure; CLS_SHOTS=1 also saves screenshots taken during the load in
 * test-results/home-cls/ (to look at), CLS_DELAY_MS changes the delay (0: none).
 */

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }
/** How long each data answer is held back; CLS_DELAY_MS=0 measures the plain localhost load. */
const DELAY_MS = Number(process.env.CLS_DELAY_MS ?? 300)

/** Every layout shift of the page from its start, with the nodes that moved named. */
const OBSERVE_SHIFTS = `
window.__shifts = []
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue
    const sources = (entry.sources || []).map((s) => {
      const n = s.node
      if (!n) return '?'
      if (n.nodeType !== 1) return '#text "' + (n.textContent || '').trim().slice(0, 30) + '"'
      const id = n.getAttribute('data-testid')
      const cls = typeof n.className === 'string' ? n.className.split(' ')[0] : ''
      const text = (n.textContent || '').trim().slice(0, 30)
      return n.tagName.toLowerCase() + (id ? '[' + id + ']' : cls ? '.' + cls : '') + ' "' + text + '" ' +
        Math.round(s.previousRect.y) + '->' + Math.round(s.currentRect.y) + ' h' + Math.round(s.previousRect.height) + '->' + Math.round(s.currentRect.height)
    })
    window.__shifts.push({ at: Math.round(entry.startTime), value: entry.value, sources })
  }
}).observe({ type: 'layout-shift', buffered: true })
`

interface Shift {
  at: number
  value: number
  sources: string[]
}

/** A UK date `offset` days from today in `year` (a birthday coming up). */
function ukDayIn(offset: number, year: number): string {
  const today = parseIsoDate(ukToday())
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset))
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${year}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
}

/** A returning shopper with three people, their birthdays (events) in the next weeks; returns one person and the birthday occasion. */
async function shopperWithPeople(page: Page, label: string): Promise<{ person: number; occasionId: number }> {
  await newShopper(page, label)
  await apiJson(await page.request.post('/api/user/welcome'))
  const birthday = await occasion(page.request, 'birthday')
  const people: number[] = []
  for (const [i, [name, interest]] of (
    [
      ['Dad', /^Board Games and Puzzles$/],
      ['Mum', /^Gardening$/],
      ['Sam', /^Model Toys$/],
    ] as const
  ).entries()) {
    // A date of birth gives the person their birthday event.
    people.push(
      await addPerson(page.request, name, { relationship: 'Friend', dob: ukDayIn(5 + i * 4, 1970), interest }),
    )
  }
  return { person: people[0]!, occasionId: birthday.id }
}

/** Holds every data answer back DELAY_MS, so the page paints before its data and lazy parts arrive. */
async function slowData(page: Page): Promise<void> {
  if (DELAY_MS <= 0) return
  await page.route(/\/(trpc|api)\//, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS))
    await route.continue()
  })
}

/** Loads `url` with slowed data, waits for everything lazy to be there, and returns the shifts. */
async function loadAndMeasure(page: Page, url: string, withPicks: boolean, shots?: string): Promise<Shift[]> {
  await slowData(page)
  await page.addInitScript({ content: OBSERVE_SHIFTS })
  const navigation = page.goto(url)
  if (shots) {
    fs.mkdirSync(shots, { recursive: true })
    for (let i = 0; i < 16; i++) {
      await page.screenshot({ path: path.join(shots, `${String(i).padStart(2, '0')}.png`) }).catch(() => {})
      await page.waitForTimeout(150)
    }
  }
  await navigation
  await expect(page.getByTestId('event-card')).toHaveCount(3)
  await expect(page.getByTestId('category-tile').first()).toBeVisible()
  if (withPicks) {
    await expect(page.getByTestId('recommendation-card').first()).toBeVisible()
    await expect(page.getByTestId('gift-pick').first()).toBeVisible()
  }
  await page.waitForLoadState('networkidle')
  // Images (pick pictures) and the last layout settle.
  await page.waitForTimeout(500)
  if (shots) await page.screenshot({ path: path.join(shots, 'final.png'), fullPage: true })
  return page.evaluate<Shift[]>('window.__shifts')
}

function cls(shifts: Shift[]): number {
  return shifts.reduce((sum, s) => sum + s.value, 0)
}

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`the signed-in home on a ${size} (${viewport.width}x${viewport.height})`, () => {
    test('holds its place while the events panel and tiles load (CLS < 0.05)', async ({ page }, info) => {
      await page.setViewportSize(viewport)
      await shopperWithPeople(page, `cls-home-${size}`)
      const shots = process.env.CLS_SHOTS ? path.join(info.outputDir, '..', 'home-cls', `${size}-home`) : undefined
      const shifts = await loadAndMeasure(page, '/', false, shots)
      console.log(`CLS / ${size}: ${cls(shifts).toFixed(4)}`)
      expect(cls(shifts), JSON.stringify(shifts, null, 1)).toBeLessThan(0.05)
    })

    test('holds its place while recommendations and picks load for a chosen person and occasion (CLS < 0.05)', async ({
      page,
    }, info) => {
      await page.setViewportSize(viewport)
      const { person, occasionId } = await shopperWithPeople(page, `cls-picks-${size}`)
      const shots = process.env.CLS_SHOTS ? path.join(info.outputDir, '..', 'home-cls', `${size}-picks`) : undefined
      const shifts = await loadAndMeasure(page, `/?person=${person}&occasion=${occasionId}`, true, shots)
      console.log(`CLS /?person&occasion ${size}: ${cls(shifts).toFixed(4)}`)
      expect(cls(shifts), JSON.stringify(shifts, null, 1)).toBeLessThan(0.05)
    })
  })
}

/**
 * The picks of each row of `section`'s grid: their product cards are one height and their Buy Now
 * buttons on one line (issue 24: titles and reasons of different lengths made them ragged).
 * Returns how many rows held more than one pick.
 */
/**
 * Checks that every row of picks is one height with Buy Now in one line; returns how many rows
 * hold two or more picks and whether some row mixed titles or reasons of different lengths (the
 * check means something only then: the caller asserts it of at least one of its layouts, since
 * which products come depends on the catalog's data).
 */
async function expectEvenRows(section: Locator): Promise<{ shared: number; ragged: boolean }> {
  const picks = section.getByTestId('gift-pick')
  await expect(picks).toHaveCount(8)
  const boxes = await picks.evaluateAll((elements) =>
    elements.map((pick) => {
      const card = pick.querySelector('[data-testid="product-card"]')!.getBoundingClientRect()
      const buy = [...pick.querySelectorAll('button')].find((b) => b.textContent?.includes('Buy Now'))!
      const title = pick.querySelector('[data-testid="product-title"]')!.getBoundingClientRect()
      return {
        top: Math.round(card.top),
        cardHeight: card.height,
        titleHeight: title.height,
        reasonHeight: pick.querySelector('[data-testid="gift-pick-reason"]')!.getBoundingClientRect().height,
        buyTop: buy.getBoundingClientRect().top,
        bottom: pick.getBoundingClientRect().bottom,
      }
    }),
  )
  const rows = new Map<number, typeof boxes>()
  for (const box of boxes) rows.set(box.top, [...(rows.get(box.top) ?? []), box])
  let shared = 0
  for (const row of rows.values()) {
    if (row.length < 2) continue
    shared++
    const detail = JSON.stringify(row)
    for (const box of row) {
      expect(box.cardHeight, `card heights in a row: ${detail}`).toBeCloseTo(row[0]!.cardHeight, 0)
      expect(box.buyTop, `Buy Now in one line: ${detail}`).toBeCloseTo(row[0]!.buyTop, 0)
      expect(box.bottom, `pick bottoms in a row: ${detail}`).toBeCloseTo(row[0]!.bottom, 0)
    }
  }
  const ragged = [...rows.values()].some(
    (row) =>
      new Set(row.map((b) => Math.round(b.titleHeight))).size > 1 ||
      new Set(row.map((b) => Math.round(b.reasonHeight))).size > 1,
  )
  return { shared, ragged }
}

test.describe('pick cards', () => {
  test('in a row are one height with Buy Now lined up, on home (desktop and phone) and on the person page', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP)
    const { person, occasionId } = await shopperWithPeople(page, 'cls-pick-rows')
    await page.goto(`/?person=${person}&occasion=${occasionId}`)
    const home = page.getByRole('region', { name: 'Gift ideas for Dad' })
    const layouts = [await expectEvenRows(home)]
    await page.setViewportSize(PHONE)
    layouts.push(await expectEvenRows(home))
    await page.setViewportSize(DESKTOP)
    await page.goto(`/my-account/person/${person}`)
    layouts.push(await expectEvenRows(page.getByRole('region', { name: 'Gift ideas for Dad' })))
    for (const { shared } of layouts) expect(shared).toBeGreaterThanOrEqual(2)
    // The even rows mean something only if some row mixed titles or reasons of different lengths.
    expect(
      layouts.some((l) => l.ragged),
      'some row has titles or reasons of different lengths',
    ).toBe(true)
  })
})
