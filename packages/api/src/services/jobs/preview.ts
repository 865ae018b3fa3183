import { and, desc, eq, isNotNull, isNull, products, users, type Db } from '@presently/db'
import { daysBetween, effectiveLeadDays, formatEventDate, parseIsoDate, ukToday } from '@presently/domain'
import {
  listUnsubscribeHeaders,
  renderProfileCompletionEmail,
  renderRemindersEmail,
  type GiftIdea,
  type RenderedEmail,
  type ReminderItem,
} from '@presently/email'
import { incompletePeopleOf } from './campaign-content.ts'
import { createEmailToken } from '../auth/email-tokens.ts'
import type { CampaignDeps } from './run-campaign.ts'
import type { JobName } from './schedule.ts'
import { loadEvents } from '../people/load-people.ts'
import { getReminderSettings } from '../reminders/settings.ts'
import { productPickIdeas } from '../reminders/gift-ideas.ts'

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const
function dateLabel(date: string): string {
  const { year, month, day } = parseIsoDate(date)
  return `${WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]} ${formatEventDate(date)}`
}

/**
 * A realistic reminder for the preview (issue 21): the admin's own next events with reminders
 * (up to two, with the person's real gift ideas), else
 * an example birthday 14 days away whose ideas are four products of the catalog.
 */
async function sampleReminders(db: Db, userId: number, base: string, today: string): Promise<ReminderItem[]> {
  const settings = await getReminderSettings(db, userId)
  const own = (await loadEvents(db, userId))
    .filter((e) => e.people.length > 0 && effectiveLeadDays(e.reminderLeadDays, settings).length > 0)
    .sort((a, b) => a.nextOccurrence.localeCompare(b.nextOccurrence))
    .slice(0, 2)
  if (own.length > 0) {
    return Promise.all(
      own.map(async (event) => {
        const person = event.people[0]!
        const url = new URL('/', base)
        url.searchParams.set('person', String(person.id))
        url.searchParams.set('occasion', String(event.occasionId))
        return {
          peopleNames: event.people.map((p) => p.name),
          occasionLabel: event.occasion.label,
          eventName: event.name,
          dateLabel: dateLabel(event.nextOccurrence),
          daysAway: daysBetween(today, event.nextOccurrence),
          giftIdeas: await productPickIdeas(db, {
            userId,
            personId: person.id,
            occasionLabel: event.occasion.label,
            today,
            appUrl: base,
          }),
          findGiftUrl: url.toString(),
        }
      }),
    )
  }
  const picks = await db
    .select({ id: products.id, title: products.title, price: products.price, imageUrl: products.imageUrl })
    .from(products)
    .where(and(eq(products.categoryHidden, false), isNull(products.withdrawnAt), isNotNull(products.imageUrl)))
    .orderBy(desc(products.id))
    .limit(4)
  const ideas: GiftIdea[] = picks.map((p) => ({
    title: p.title,
    price: `£${p.price.toFixed(2)}`,
    imageUrl: p.imageUrl,
    url: `${base}/product/${p.id}`,
  }))
  const inTwoWeeks = new Date(`${today}T12:00:00Z`)
  inTwoWeeks.setUTCDate(inTwoWeeks.getUTCDate() + 14)
  return [
    {
      peopleNames: ['Alex (example)'],
      occasionLabel: 'Birthday',
      dateLabel: dateLabel(inTwoWeeks.toISOString().slice(0, 10)),
      daysAway: 14,
      giftIdeas: ideas,
      findGiftUrl: `${base}/`,
    },
  ]
}

/**
 * Renders `job`'s email from `userId`'s own data (the signed-in admin's preview, spec
 * account-area §2 Tools). Upcoming events is the gift reminder (issue 21) of the account's next
 * events, or of an example birthday with four catalog products; profile completion lists the
 * account's people below Gold, or an example Bronze profile.
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
    const reminders = await sampleReminders(db, userId, base, ukToday(now))
    return renderRemindersEmail({
      appUrl: base,
      unsubscribeUrl,
      remindersUnsubscribeUrl: `${unsubscribeUrl}&only=reminders`,
      displayName,
      reminders,
    })
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
