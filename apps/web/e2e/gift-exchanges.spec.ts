import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { registerConfirmedUser, signIn } from './support/auth-helpers'
import { uniqueEmail, waitForMail } from './support/mailbox'
import { apiJson, newShopper } from './support/shopper'

/*
 * Gift exchanges (issue 36), its "Done means" in Chromium: a newcomer organises an office Secret
 * Santa (£15) for themselves and four people, a couple among them; the couple have no account and
 * use their emailed links in their own browser contexts, the other two have accounts. Names are
 * drawn; everyone opens their match and sees ideas within £15; one asks their giftee a question
 * and gets an answer; the organiser's page shows who opened their match and no pair.
 */

/** The page at 1280 and 390 px: no serious axe violation at either width, and screenshots to look at. */
async function checkWidths(page: Page, testInfo: TestInfo, name: string) {
  for (const [width, height, label] of [
    [1280, 900, 'desktop'],
    [390, 844, 'phone'],
  ] as const) {
    await page.setViewportSize({ width, height })
    await expectNoSeriousViolations(page)
    await page.screenshot({ path: testInfo.outputPath(`${name}-${label}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

function addDays(days: number): string {
  const d = new Date()
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** A fresh browser context's page (a person on their own device). */
async function ownDevice(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  return context.newPage()
}

/** The personal page path of the newest mail to `email` whose subject matches. */
async function personalLink(email: string, subject: RegExp, nth = 1): Promise<string> {
  const mail = await waitForMail(email, subject, nth)
  const link = mail.links.find((l) => new URL(l).pathname.startsWith('/exchange/'))
  expect(link, `a personal link in "${mail.subject}"`).toBeDefined()
  return new URL(link!).pathname
}

test('an office Secret Santa: organiser, a couple without accounts, two with, a question and an answer', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(600_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await newShopper(page, 'exchange-organiser')

  // The organiser creates the exchange.
  await page.goto('/exchanges')
  await expect(page.getByRole('heading', { level: 1, name: 'Gift Exchanges' })).toBeVisible()
  await checkWidths(page, testInfo, 'exchanges-empty')
  await page.getByRole('link', { name: 'Organise a gift exchange' }).click()
  await page.getByRole('textbox', { name: 'Name' }).fill('Office Secret Santa 2026')
  await page.getByRole('textbox', { name: 'Spending limit (£)' }).fill('15')
  await page.getByLabel('Exchange date').fill(addDays(20))
  await page.getByLabel('Sign-up closes').fill(addDays(10))
  await page.getByRole('textbox', { name: 'Place' }).fill('The meeting room')
  await checkWidths(page, testInfo, 'exchange-new')
  await page.getByRole('button', { name: 'Create exchange' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Office Secret Santa 2026' })).toBeVisible()
  const exchangeId = Number(/\/exchanges\/(\d+)$/.exec(page.url())![1])

  // Four invited by pasted lines: Priya and Raj (a couple, no account), Sam and Alex (accounts).
  const priya = { name: 'Priya Patel', email: uniqueEmail('priya') }
  const raj = { name: 'Raj Patel', email: uniqueEmail('raj') }
  const sam = await registerConfirmedUser(page.request, 'exchange-sam')
  const alex = await registerConfirmedUser(page.request, 'exchange-alex')
  const people = [priya, raj, { name: 'Sam Jones', email: sam.email }, { name: 'Alex Kim', email: alex.email }]
  await page
    .getByRole('textbox', { name: 'One person a line' })
    .fill(people.map((p) => `${p.name} <${p.email}>`).join('\n'))
  await page.getByRole('button', { name: 'Send invitations' }).click()
  await expect(page.getByRole('status').filter({ hasText: '4 invited' })).toBeVisible()
  for (const who of ['Priya Patel', 'Raj Patel']) {
    const box = page.getByRole('textbox', { name: `Household of ${who}` })
    await box.fill('Patel')
    await box.blur()
  }
  await expect(page.getByRole('textbox', { name: 'Household of Raj Patel' })).toHaveValue('Patel')
  await expect(page.getByRole('img', { name: 'QR code of the join link' })).toBeVisible()

  // Everyone opens their invitation: the couple in their own contexts, Sam and Alex signed in.
  const devices = new Map<string, Page>()
  for (const person of people) {
    const device = await ownDevice(browser)
    devices.set(person.name, device)
    const account = person.email === sam.email ? sam : person.email === alex.email ? alex : null
    if (account) await signIn(device, account.email, account.password)
    await device.goto(await personalLink(person.email, /invited you/))
    await expect(device.getByRole('heading', { level: 1, name: 'Office Secret Santa 2026' })).toBeVisible()
    await device.getByRole('button', { name: 'Join the exchange' }).click()
    await expect(device.getByText('You are in')).toBeVisible()
    if (person === priya) {
      await device.getByRole('textbox', { name: 'What is it?' }).fill('Travel mug')
      await device.getByRole('button', { name: 'Add to my list' }).click()
      await expect(device.getByText('Travel mug')).toBeVisible()
      await checkWidths(device, testInfo, 'participant-joined')
    }
    if (account) {
      await device.getByRole('button', { name: 'Add this exchange to my account' }).click()
      await expect(device.getByRole('link', { name: 'My exchanges' })).toBeVisible()
    }
  }

  // The join page, as a stranger with the join link would see it.
  const joinUrl = await page.getByRole('textbox', { name: 'Join link' }).inputValue()
  const stranger = await ownDevice(browser)
  await stranger.goto(new URL(joinUrl).pathname)
  await expect(stranger.getByText(/Sixty days after the exchange date/)).toBeVisible()
  await checkWidths(stranger, testInfo, 'join-page')

  // The draw.
  await page.reload()
  await expect(page.getByText('5 joined of 5')).toBeVisible()
  await page.getByRole('button', { name: 'Draw names now' }).click()
  await expect(page.getByText('Names drawn').first()).toBeVisible()

  // Everyone opens their match from the "names are drawn" mail (the organiser from their page).
  const giftees = new Map<string, string>()
  for (const person of people) {
    const device = devices.get(person.name)!
    await device.goto(await personalLink(person.email, /Names are drawn/))
    await device.getByRole('button', { name: 'Open my match' }).click()
    const heading = device.getByRole('heading', { name: /^You are buying for / })
    await expect(heading).toBeVisible()
    const giftee = (await heading.innerText()).replace('You are buying for ', '')
    giftees.set(person.name, giftee)
    await expect(device.getByRole('heading', { name: 'Gift ideas up to £15.00' })).toBeVisible()
    const prices = await device.getByTestId('idea-price').allInnerTexts()
    for (const price of prices) expect(Number(price.replace(/[£,]/g, ''))).toBeLessThanOrEqual(15)
  }
  expect(giftees.get('Priya Patel')).not.toBe('Raj Patel')
  expect(giftees.get('Raj Patel')).not.toBe('Priya Patel')
  await page.goto(`/exchanges/${exchangeId}/me`)
  await page.getByRole('button', { name: 'Open my match' }).click()
  await expect(page.getByRole('heading', { name: /^You are buying for / })).toBeVisible()

  // Priya asks her giftee a question; the giftee answers; Priya reads it.
  const priyaPage = devices.get('Priya Patel')!
  await priyaPage.getByRole('textbox', { name: 'Your question' }).fill('What size are you?')
  await priyaPage.getByRole('button', { name: 'Send anonymously' }).first().click()
  await expect(priyaPage.getByText('What size are you?')).toBeVisible()
  await checkWidths(priyaPage, testInfo, 'participant-match')
  const gifteeName = giftees.get('Priya Patel')!
  const gifteePage = devices.get(gifteeName) ?? page
  await gifteePage.reload()
  await expect(gifteePage.getByText('What size are you?')).toBeVisible()
  await gifteePage.getByRole('textbox', { name: 'Your message to your Santa' }).fill('Medium, thank you!')
  await gifteePage.getByRole('button', { name: 'Send anonymously' }).last().click()
  await priyaPage.reload()
  await expect(priyaPage.getByText('Medium, thank you!')).toBeVisible()

  // The organiser's page: everyone opened their match, and nobody's giftee is on it.
  await page.goto(`/exchanges/${exchangeId}`)
  await expect(page.getByText('Opened their match')).toHaveCount(5)
  const text = await page.locator('main').innerText()
  expect(text).not.toMatch(/buying for|→/)
  const api = await apiJson<{ participants: Record<string, unknown>[] }>(
    await page.request.get(`/api/exchanges/${exchangeId}`),
  )
  for (const p of api.participants)
    expect(Object.keys(p).sort()).toEqual([
      'email',
      'gotIt',
      'hasAccount',
      'household',
      'id',
      'isOrganiser',
      'joined',
      'listFilled',
      'name',
      'openedMatch',
      'status',
    ])
  expect(JSON.stringify(api)).not.toContain('What size')
  await checkWidths(page, testInfo, 'organiser-drawn')
})
