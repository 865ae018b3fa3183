import { expectNoSeriousViolations } from './support/axe'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { E2E_ADMIN } from './support/accounts'
import { registerConfirmedUser, signIn } from './support/auth-helpers'
import { linkTo, receivedMails, waitForMail } from './support/mailbox'

/*
 * The Email Manager (issue 13) against the real server, its Agenda scheduler and the run's own
 * SMTP server: an admin runs the upcoming-events job now, and the shopper's mail arrives with a
 * working Find Gift link and unsubscribe link.
 */

async function apiJson<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true)
  return (await response.json()) as T
}

/** YYYY-MM-DD of the day `days` after today in the UK, in an earlier year (events recur yearly). */
function birthdayIn(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date())
  const date = new Date(`${today}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return `1990-${date.toISOString().slice(5, 10)}`.replace('1990-02-29', '1992-02-29')
}

/** A confirmed shopper with "Mum", whose birthday is in two days; returns ids for the links. */
async function shopperWithUpcomingBirthday(request: APIRequestContext) {
  const { email, password } = await registerConfirmedUser(request, 'campaign')
  await apiJson(await request.post('/api/auth/login', { data: { email, password } }))
  const relationships = await apiJson<Array<{ id: number; name: string }>>(await request.get('/api/relationships'))
  const mother = relationships.find((r) => r.name === 'Mother')!
  const person = await apiJson<{ id: number }>(
    await request.post('/api/people', { data: { name: 'Mum', relationshipId: mother.id } }),
  )
  const occasions = await apiJson<Array<{ id: number; value: string }>>(await request.get('/api/occasions'))
  const birthday = occasions.find((o) => o.value === 'birthday')!
  await apiJson(
    await request.post(`/api/events/person/${person.id}`, { data: { occasionId: birthday.id, date: birthdayIn(2) } }),
  )
  return { email, personId: person.id, occasionId: birthday.id }
}

function jobCard(page: Page, job: 'upcoming-events' | 'profile-completion') {
  return page.getByTestId(`job-${job}`)
}

test('an admin runs the upcoming-events job now; the mail arrives with working links', async ({ page, browser }) => {
  const shopperContext = await browser.newContext()
  const shopperPage = await shopperContext.newPage()
  const shopper = await shopperWithUpcomingBirthday(shopperPage.request)

  // A non-admin reaching Tools is sent away (spec account-area §2, §6).
  await shopperPage.goto('/admin/tools')
  await expect(shopperPage).not.toHaveURL(/\/admin\/tools/)

  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)
  await page.goto('/admin/tools')
  await expect(page.getByRole('tab', { name: 'Email Campaigns' })).toBeVisible()
  const upcoming = jobCard(page, 'upcoming-events')
  await expect(upcoming.getByTestId('job-frequency')).toContainText(/At 08:00 AM/)
  await expectNoSeriousViolations(page)

  // The form checks of spec §5.
  await upcoming.getByRole('button', { name: 'Save schedule' }).click()
  await expect(upcoming.getByText('Please select or enter a schedule')).toBeVisible()
  await upcoming.getByRole('button', { name: 'Send test email' }).click()
  await expect(upcoming.getByText('Please enter an email address')).toBeVisible()

  // The reminder run is on by default (issue 21). Stop, start: the status and next run follow.
  await expect(upcoming.getByTestId('job-status')).toHaveText('Active')
  await upcoming.getByRole('button', { name: 'Stop' }).click()
  await expect(upcoming.getByTestId('job-status')).toHaveText('Inactive')
  await expect(upcoming.getByTestId('job-next-run')).toHaveText('Not scheduled')
  await expect(page.getByTestId('job-result')).toContainText('Success!')
  await upcoming.getByRole('button', { name: 'Start' }).click()
  await expect(upcoming.getByTestId('job-status')).toHaveText('Active')
  await expect(upcoming.getByTestId('job-next-run')).not.toHaveText('Not scheduled')

  // A bad custom cron answers the server's reason in the Error panel.
  await upcoming.getByRole('combobox', { name: 'Change schedule' }).click()
  await page.getByRole('option', { name: 'Custom cron expression' }).click()
  await upcoming.getByRole('textbox', { name: /Custom cron/ }).fill('61 8 * * *')
  await upcoming.getByRole('button', { name: 'Save schedule' }).click()
  await expect(page.getByTestId('job-result')).toContainText('Error')
  await expect(page.getByTestId('job-result')).toContainText('Failed to update schedule: Invalid schedule')

  // Preview opens in a new tab.
  const [preview] = await Promise.all([
    page.waitForEvent('popup'),
    upcoming.getByRole('link', { name: 'Preview' }).click(),
  ])
  await expect(preview.getByText('There is still time to choose and deliver a present:')).toBeVisible()
  await preview.close()

  // Run now: the shopper's mail arrives over SMTP.
  await upcoming.getByRole('button', { name: 'Run now' }).click()
  await expect(page.getByTestId('job-result')).toContainText('Success!')
  await expect(page.getByTestId('job-result')).toContainText(/emails sent: [1-9]/)
  // Dates in en-GB, not a raw ISO date (issue 26).
  await expect(page.getByTestId('job-result')).toContainText(/Reminders due on \d{1,2} [A-Z][a-z]+ \d{4}/)
  await expect(page.getByTestId('job-result')).not.toContainText(/\d{4}-\d{2}-\d{2}/)
  const mail = await waitForMail(shopper.email, /time to find a gift/)
  // The 3-day reminder of a birthday two days away (issue 21).
  expect(mail.subject).toBe("Mum's Birthday is in 2 days: time to find a gift")
  expect(mail.text).toContain("Mum's Birthday")
  // The person's top recommended categories (the recommendation engine on the seed catalog).
  expect(mail.text).toContain('Gift ideas:')

  // Pressing Run now again in the same period sends the shopper nothing more (the run answers
  // after handing its mails to SMTP, so a second mail would be in the mailbox by now).
  await page.getByTestId('job-result').getByRole('button').click()
  await upcoming.getByRole('button', { name: 'Run now' }).click()
  await expect(page.getByTestId('job-result')).toContainText('Success!')
  expect(
    receivedMails().filter((m) => m.to.includes(shopper.email) && /time to find a gift/.test(m.subject)),
  ).toHaveLength(1)

  // Find Gift opens the shop's home page for that person and occasion.
  const findGift = linkTo(mail, '/')
  expect(findGift).toBe(`/?person=${shopper.personId}&occasion=${shopper.occasionId}`)
  const home = await shopperPage.goto(findGift)
  expect(home?.ok()).toBe(true)
  await expect(shopperPage).toHaveURL(new RegExp(`person=${shopper.personId}`))

  // The reminders-only link turns off reminders; the layout's link unsubscribes from everything.
  const unsubscribeLinks = mail.links.filter((l) => new URL(l).pathname === '/unsubscribe')
  const remindersOnly = unsubscribeLinks.find((l) => l.includes('only=reminders'))!
  const everything = unsubscribeLinks.find((l) => !l.includes('only='))!
  await shopperPage.goto(new URL(remindersOnly).pathname + new URL(remindersOnly).search)
  await expect(
    shopperPage.getByText('Reminder emails are off. You can turn them on again in your account settings.'),
  ).toBeVisible()
  await shopperPage.goto(new URL(everything).pathname + new URL(everything).search)
  await expect(shopperPage.getByText('You have been successfully unsubscribed from email notifications.')).toBeVisible()

  await shopperContext.close()
})
