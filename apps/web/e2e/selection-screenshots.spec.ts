import { expect, test } from '@playwright/test'
import { registerConfirmedUser, signIn } from './support/auth-helpers'

/*
 * Screenshots of the pickers and the Recommendations block for people to look at (not a test;
 * run with E2E_SCREENSHOTS=1): desktop 1280 and phone 375, into test-results/selection-shots.
 */
for (const [name, width] of [
  ['desktop', 1280],
  ['tablet', 820],
  ['phone', 375],
] as const) {
  test(`selection screenshots ${name}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    const { email, password } = await registerConfirmedUser(page.request, `shots-${name}`)
    await signIn(page, email, password)
    const relationships = (await (await page.request.get('/api/relationships')).json()) as Array<{
      id: number
      name: string
    }>
    const interests = (await (await page.request.get('/api/interests')).json()) as Array<{ id: number; name: string }>
    const person = (await (
      await page.request.post('/api/people', {
        data: {
          name: 'Grandma Rosemary',
          relationshipId: relationships.find((r) => r.name === 'Mother')!.id,
          dob: '1950-03-04',
          interests: interests
            .filter((i) => /garden|baking/i.test(i.name))
            .map((i) => ({ interestId: i.id, is_primary: true })),
        },
      })
    ).json()) as { id: number }
    const occasions = (await (await page.request.get('/api/occasions')).json()) as Array<{ id: number; value: string }>
    const christmas = occasions.find((o) => o.value === 'christmas')!
    const dir = 'test-results/selection-shots'
    await page.goto('/')
    await expect(page.getByRole('button', { name: /^For:/ })).toBeVisible()
    await page.screenshot({ path: `${dir}/${name}-home-empty.png` })
    await page.getByRole('button', { name: /^Because:/ }).click()
    await expect(page.getByPlaceholder('Search occasions...')).toBeVisible()
    await page.screenshot({ path: `${dir}/${name}-occasion-dropdown.png` })
    await page.keyboard.press('Escape')
    await page.goto(`/?person=${person.id}&occasion=${christmas.id}`)
    await expect(page.getByTestId('recommendation-card')).toHaveCount(3)
    await page.screenshot({ path: `${dir}/${name}-home-recommendations.png`, fullPage: true })
  })
}
