import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { uniqueEmail, waitForMail } from './support/mailbox'
import { apiJson, newShopper } from './support/shopper'
import type { CapturedMail } from './support/smtp-capture'

/*
 * Guests (issue 37), its "Done means": a newcomer shares a Christmas list; a second browser with no
 * account, phone-sized, claims an item as "Gran", confirms it from the emailed link, and the item
 * reads "Claimed" to a third visitor; the owner's list is unchanged; Gran undoes the claim from
 * the emailed "my claims" link in another browser context.
 */

/** The same-origin path of the first link of `mail` under `prefix` ("/guest/confirm/"). */
function pathOf(mail: CapturedMail, prefix: string): string {
  const link = mail.links.find((l) => new URL(l).pathname.startsWith(prefix))
  if (!link) throw new Error(`no ${prefix} link in "${mail.subject}": ${mail.links.join(', ')}`)
  return new URL(link).pathname
}

/** Screenshots at phone and desktop widths, kept with the test's results for people to look at. */
async function shots(page: Page, testInfo: TestInfo, name: string) {
  const size = page.viewportSize()
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: testInfo.outputPath(`${name}-phone.png`), fullPage: true })
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.screenshot({ path: testInfo.outputPath(`${name}-desktop.png`), fullPage: true })
  if (size) await page.setViewportSize(size)
}

test('a guest claims from a phone, confirms from the email, and undoes it from the emailed link elsewhere', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000)
  await newShopper(page, 'guest-owner')
  const list = await apiJson<{ id: number }>(await page.request.post('/api/lists', { data: { name: 'Christmas' } }))
  for (const title of ['Hand-knitted scarf', 'Jigsaw of Whitby']) {
    await apiJson(await page.request.post(`/api/lists/${list.id}/items`, { data: { title, price: 20 } }))
  }
  const { url } = await apiJson<{ url: string }>(await page.request.post(`/api/lists/${list.id}/share`))
  const sharedPath = new URL(url).pathname
  const ownerBefore = await apiJson<unknown>(await page.request.get(`/api/lists/${list.id}`))

  // Gran, on a phone, without an account.
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true })
  const phone = await phoneContext.newPage()
  await phone.goto(sharedPath)
  await expect(phone.getByRole('heading', { level: 1, name: 'Christmas' })).toBeVisible()
  await expectNoSeriousViolations(phone)
  await phone.getByRole('button', { name: "I'll get this: Hand-knitted scarf" }).click()
  const dialog = phone.getByRole('dialog', { name: 'Claim without an account' })
  await expect(dialog.getByText(/deleted 30 days after the list's date/)).toBeVisible()
  await expectNoSeriousViolations(phone)
  await shots(phone, testInfo, 'guest-claim-dialog')
  const email = uniqueEmail('gran')
  await dialog.getByRole('textbox', { name: 'Your name' }).fill('Gran')
  // A bad address is refused with the field named, and nothing is lost.
  await dialog.getByRole('textbox', { name: 'Your email address' }).fill('gran-at-example')
  await dialog.getByRole('button', { name: 'Claim and email me the link' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Please enter a valid email')
  await expect(dialog.getByRole('textbox', { name: 'Your name' })).toHaveValue('Gran')
  await dialog.getByRole('textbox', { name: 'Your email address' }).fill(email)
  await dialog.getByRole('button', { name: 'Claim and email me the link' }).click()
  await expect(dialog).toBeHidden()
  const scarf = phone.getByRole('article', { name: 'Hand-knitted scarf' })
  await expect(scarf.getByText('Held for you for 2 hours')).toBeVisible()
  await shots(phone, testInfo, 'guest-held')

  // She confirms from the mail, on the same phone.
  const mail = await waitForMail(email, /Confirm your email address to keep your claim/)
  expect(mail.text).toContain('Hand-knitted scarf')
  await phone.goto(pathOf(mail, '/guest/confirm/'))
  await expect(phone.getByRole('heading', { name: 'Thank you, you are confirmed' })).toBeVisible()
  await expect(phone.getByText(/Hand-knitted scarf on .*: your claim is confirmed/)).toBeVisible()
  await expectNoSeriousViolations(phone)
  await shots(phone, testInfo, 'guest-confirmed')
  // Back on the list the phone is remembered: claims show, the scarf is hers.
  await phone.goto(sharedPath)
  await expect(phone.getByText(/Claiming as Gran/)).toBeVisible()
  await expect(scarf.getByText('Claimed by You')).toBeVisible()
  await expectNoSeriousViolations(phone)
  await shots(phone, testInfo, 'guest-view')

  // A third visitor with an account sees "Claimed by Gran"; the owner's list is as it was.
  const thirdContext = await browser.newContext()
  const third = await thirdContext.newPage()
  await newShopper(third, 'guest-third')
  await third.goto(sharedPath)
  const thirdScarf = third.getByRole('article', { name: 'Hand-knitted scarf' })
  await expect(thirdScarf.getByText('Claimed by Gran')).toBeVisible()
  await expect(thirdScarf.getByText('Claimed', { exact: true })).toBeVisible()
  expect(await apiJson<unknown>(await page.request.get(`/api/lists/${list.id}`))).toEqual(ownerBefore)
  await page.goto(sharedPath)
  await expect(page.getByText('Your own list')).toBeVisible()
  await expect(page.getByText(/Claimed/)).toHaveCount(0)

  // Another device: the "my claims" link from the mail, then undo.
  const laptopContext = await browser.newContext()
  const laptop = await laptopContext.newPage()
  await laptop.goto(pathOf(mail, '/my-claims/'))
  await expect(laptop.getByRole('heading', { level: 1, name: 'Your claims' })).toBeVisible()
  const card = laptop.getByRole('article', { name: 'Hand-knitted scarf' })
  await expect(card).toBeVisible()
  await expectNoSeriousViolations(laptop)
  await shots(laptop, testInfo, 'guest-my-claims')
  await card.getByRole('button', { name: 'Undo claim of Hand-knitted scarf' }).click()
  await expect(laptop.getByText('You have no claims or pledges at the moment.')).toBeVisible()
  await third.reload()
  await expect(third.getByRole('button', { name: "I'll get this: Hand-knitted scarf" })).toBeVisible()
  await Promise.all([phoneContext.close(), thirdContext.close(), laptopContext.close()])
})
