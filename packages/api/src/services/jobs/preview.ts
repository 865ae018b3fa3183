import { eq, users, type Db } from '@presently/db'
import { formatEventDate, ukToday } from '@presently/domain'
import {
  listUnsubscribeHeaders,
  renderProfileCompletionEmail,
  renderUpcomingEventsEmail,
  type RenderedEmail,
} from '@presently/email'
import { incompletePeopleOf, upcomingEventsByUser, withTopCategories } from './campaign-content.ts'
import { createEmailToken } from '../auth/email-tokens.ts'
import { getJobSettings } from './job-settings.ts'
import type { CampaignDeps } from './run-campaign.ts'
import { periodStart, windowDays, type JobName } from './schedule.ts'

/**
 * Renders `job`'s email from `userId`'s own data (the signed-in admin's preview, spec
 * account-area §2 Tools). When that account has nothing the job would mention, an example
 * (a birthday of "Alex" a few days away; a Bronze profile) shows the layout instead.
 * The unsubscribe link of an on-screen preview carries no real token; a test email passes a
 * working one (`unsubscribeUrl`; issue 26).
 */
export async function renderJobEmail(
  db: Db,
  appUrl: string,
  job: JobName,
  userId: number,
  now = new Date(),
  unsubscribeUrl = `${appUrl.replace(/\/$/, '')}/unsubscribe?token=preview`,
): Promise<RenderedEmail> {
  const base = appUrl.replace(/\/$/, '')
  const [user] = await db.select({ displayName: users.displayName }).from(users).where(eq(users.id, userId))
  const displayName = user?.displayName ?? null
  if (job === 'upcoming-events') {
    const { schedule } = await getJobSettings(db, job)
    const days = windowDays(schedule, periodStart(schedule, now))
    const today = ukToday(now)
    const found = (await upcomingEventsByUser(db, [userId], today, days, base)).get(userId)
    const mine = found ? await withTopCategories(db, userId, found, base, today) : undefined
    const inThreeDays = new Date(`${today}T12:00:00Z`)
    inThreeDays.setUTCDate(inThreeDays.getUTCDate() + 3)
    const events = mine ?? [
      {
        personName: 'Alex (example)',
        occasionLabel: 'Birthday',
        dateLabel: formatEventDate(inThreeDays.toISOString().slice(0, 10)),
        daysAway: 3,
        findGiftUrl: `${base}/`,
      },
    ]
    return renderUpcomingEventsEmail({ appUrl: base, unsubscribeUrl, displayName, events, windowDays: days })
  }
  const mine = await incompletePeopleOf(db, userId, base)
  const people =
    mine.length > 0
      ? mine
      : [
          {
            name: 'Alex (example)',
            completeness: 34,
            tierLabel: 'Bronze',
            missingSections: ['Personality', 'Taste', 'Interests'],
            // The example links to My People (issue 26: /my-account/people is no page).
            editUrl: `${base}/my-account/my-people`,
          },
        ]
  return renderProfileCompletionEmail({ appUrl: base, unsubscribeUrl, displayName, people })
}

/**
 * Sends `job`'s email, built from `userId`'s data as in the preview, to `to` (a test email;
 * no idempotency key, kind "job-test"). Goes through the mailer's outbox/SMTP path. Its
 * unsubscribe links carry a real unsubscribe token of `userId` (the staff member who asked for
 * it), so they work like a campaign's (issue 26: "its unsubscribe link fails").
 */
export async function sendJobTestEmail(
  db: Db,
  deps: CampaignDeps,
  job: JobName,
  options: { userId: number; to: string },
): Promise<void> {
  const token = await createEmailToken(db, options.userId, 'unsubscribe')
  const link = (path: string) => {
    const url = new URL(path, deps.appUrl)
    url.searchParams.set('token', token)
    return url.toString()
  }
  const mail = await renderJobEmail(db, deps.appUrl, job, options.userId, new Date(), link('/unsubscribe'))
  await deps.mailer.send({
    to: options.to,
    userId: options.userId,
    kind: 'job-test',
    subject: `[Test] ${mail.subject}`,
    html: mail.html,
    text: mail.text,
    headers: listUnsubscribeHeaders(link('/api/auth/unsubscribe/one-click')),
  })
}
