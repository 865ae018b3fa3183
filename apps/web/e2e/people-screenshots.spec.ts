import { fileURLToPath } from 'node:url'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { registerConfirmedUser, signIn } from './support/auth-helpers'

/*
 * Screenshots of My People, the person form and the person page at desktop and phone widths,
 * for a person to look at (apps/web/test-results/screenshots, not committed). Run with
 * E2E_SCREENSHOTS=1; they assert only that each screen is ready.
 */

const outDir = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url))

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url)
  expect(response.ok()).toBe(true)
  return (await response.json()) as T
}

type Categories = Array<{ id: number; options: Array<{ id: number }> }>

/** Three people: one full profile with dates, one half filled, one bare. */
async function seedPeople(request: APIRequestContext): Promise<number> {
  const relationships = await json<Array<{ id: number; name: string }>>(request, '/api/relationships')
  const rel = (name: string) => relationships.find((r) => r.name === name)!.id
  const firstOfEach = async (kind: string, take = 99) =>
    (await json<Categories>(request, `/api/${kind}`))
      .slice(0, take)
      .map((c) => ({ categoryId: c.id, optionId: c.options[0]!.id }))
  const groups = await json<Categories>(request, '/api/gift-preferences')
  const interests = await json<Array<{ id: number }>>(request, '/api/interests')
  const occasions = await json<Array<{ id: number; value: string }>>(request, '/api/occasions')
  const occasion = (value: string) => occasions.find((o) => o.value === value)!.id
  const full = await request.post('/api/people', {
    data: {
      name: 'Margaret Ellis',
      relationshipId: rel('Mother'),
      dob: '1958-04-12',
      gender: 'female',
      orientation: 'straight',
      intelligenceSelections: await firstOfEach('intelligence'),
      lifestyleSelections: await firstOfEach('lifestyle'),
      tasteSelections: await firstOfEach('taste'),
      personalitySelections: await firstOfEach('personality'),
      giftPreferenceSelections: [{ optionId: groups[0]!.options[0]!.id }, { optionId: groups[1]!.options[1]!.id }],
      interests: interests.slice(0, 4).map((i, n) => ({ interestId: i.id, is_primary: n === 0 })),
      events: [
        { occasionId: occasion('birthday'), date: '1958-04-12' },
        { occasionId: occasion('christmas'), date: '2024-12-25' },
      ],
    },
  })
  expect(full.ok()).toBe(true)
  await request.post('/api/people', {
    data: {
      name: 'Sam Patel',
      relationshipId: rel('Best friend'),
      gender: 'male',
      lifestyleSelections: await firstOfEach('lifestyle'),
      personalitySelections: await firstOfEach('personality', 6),
      tasteSelections: await firstOfEach('taste'),
      interests: interests.slice(10, 12).map((i) => ({ interestId: i.id, is_primary: false })),
      events: [{ occasionId: occasion('birthday'), date: '1990-07-03' }],
    },
  })
  await request.post('/api/people', { data: { name: 'Jordan', relationshipId: rel('Friend') } })
  return ((await full.json()) as { id: number }).id
}

async function shoot(page: Page, name: string, full = true) {
  await page.waitForTimeout(400)
  await page.screenshot({ path: `${outDir}${name}.png`, fullPage: full })
}

for (const width of [1280, 375]) {
  test(`people screens at ${width}`, async ({ page }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width, height: 900 })
    const { email, password } = await registerConfirmedUser(page.request, `people-shots-${width}`)
    await signIn(page, email, password)
    await page.goto('/my-account/my-people')
    await expect(page.getByRole('heading', { name: 'Get started with people' })).toBeVisible()
    await shoot(page, `people-empty-${width}`)
    const id = await seedPeople(page.request)
    await page.reload()
    await expect(page.getByTestId('person-card')).toHaveCount(3)
    await shoot(page, `people-list-${width}`)
    if (width < 768) {
      await page.getByRole('button', { name: /^Filters/ }).click()
      await page
        .getByRole('dialog', { name: 'Filters' })
        .getByRole('button', { name: /^Friend/ })
        .click()
      await shoot(page, `people-filter-sheet-${width}`, false)
      await page.getByRole('button', { name: 'Apply Filters' }).click()
      await shoot(page, `people-filtered-${width}`)
    }
    await page.goto(`/my-account/person/${id}`)
    await expect(page.getByTestId('person-completeness')).toBeVisible()
    await shoot(page, `person-detail-${width}`)
    await page.goto('/my-account/add-person')
    await page.getByRole('button', { name: 'Add Person', exact: true }).click()
    await shoot(page, `person-add-errors-${width}`)
    await page.goto(`/my-account/edit-person/${id}`)
    await expect(page.getByRole('heading', { name: 'Edit Margaret Ellis' })).toBeVisible()
    await shoot(page, `person-edit-${width}`)
    for (const section of ['Personality', 'Interests', 'Important Dates']) {
      const nav = page.getByRole('navigation', { name: 'Profile sections' })
      if (width < 992) await nav.locator('label').filter({ hasText: section }).click()
      else await nav.getByRole('button', { name: new RegExp(`^${section}`) }).click()
      await shoot(page, `person-edit-${section.toLowerCase().replace(' ', '-')}-${width}`)
    }
    await page.getByRole('button', { name: 'Delete Person' }).click()
    await shoot(page, `person-delete-dialog-${width}`, false)
  })
}
