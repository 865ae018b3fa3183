import { expect, test } from '@playwright/test'
import { apiJson, newShopper, occasion } from './support/shopper'

/*
 * Screenshots of the gift picks for people to look at (not a test; run with E2E_SCREENSHOTS=1):
 * home and the person page at desktop 1280 and phone 375, into test-results/picks-shots.
 */
for (const [name, width] of [
  ['desktop', 1280],
  ['phone', 375],
] as const) {
  test(`gift picks screenshots ${name}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await newShopper(page, `picks-shots-${name}`)
    const relationships = await apiJson<Array<{ id: number; name: string }>>(
      await page.request.get('/api/relationships'),
    )
    const interests = await apiJson<Array<{ id: number; name: string }>>(await page.request.get('/api/interests'))
    const christmas = await occasion(page.request, 'christmas')
    const dad = await apiJson<{ id: number }>(
      await page.request.post('/api/people', {
        data: {
          name: 'Dad',
          relationshipId: relationships.find((r) => r.name === 'Father')!.id,
          dob: '1963-06-14',
          interests: interests
            .filter((i) => ['Model Toys', 'Rail Travel', 'Board Games and Puzzles'].includes(i.name))
            .map((i) => ({ interestId: i.id, is_primary: true })),
          events: [{ occasionId: christmas.id, date: '2025-12-25' }],
        },
      }),
    )
    const dir = 'test-results/picks-shots'
    await page.goto(`/?person=${dad.id}&occasion=${christmas.id}`)
    const section = page.getByRole('region', { name: 'Gift ideas for Dad' })
    await section.getByLabel('Budget per gift').fill('30')
    await expect(section.getByTestId('gift-picks-budget')).toHaveText('Christmas · Up to £30')
    await expect(section.getByTestId('gift-pick').first()).toBeVisible()
    await section.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${dir}/${name}-home-picks.png`, fullPage: true })
    await section.screenshot({ path: `${dir}/${name}-home-picks-section.png` })
    await section
      .getByRole('button', { name: /^Not for Dad/ })
      .first()
      .click()
    await page.goto(`/my-account/person/${dad.id}`)
    await expect(
      page.getByRole('region', { name: 'Gift ideas for Dad' }).getByTestId('gift-pick').first(),
    ).toBeVisible()
    await expect(page.getByTestId('dismissed-products')).toBeVisible()
    await page.screenshot({ path: `${dir}/${name}-person-picks.png`, fullPage: true })
  })
}
