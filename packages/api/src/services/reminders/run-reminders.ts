import {
  and,
  asc,
  eq,
  eventPeople,
  events,
  gt,
  gte,
  inArray,
  isNotNull,
  occasions,
  or,
  people,
  reminderSends,
  reminderSettings,
  users,
  type Db,
} from '@presently/db'
import {
  DEFAULT_REMINDER_SETTINGS,
  dueReminder,
  effectiveLeadDays,
  formatEventDate,
  formatPence,
  parseIsoDate,
  ukToday,
  type DueReminder,
  type EventRule,
  type ReminderSettings,
} from '@presently/domain'
import { renderRemindersEmail, type Mailer, type ReminderItem } from '@presently/email'
import { createEmailToken } from '../auth/email-tokens.ts'
import { forEachInLanes } from '../mail/in-lanes.ts'
import { accountStillWants, queueAccountEmail, tokenLink } from '../mail/queue-email.ts'
import { productPickIdeas, type GiftIdeasSource } from './gift-ideas.ts'
import { giftProgress } from '../gifts/progress.ts'

/** What the reminder run needs: the mailer, APP_URL, and where gift ideas come from. */
export interface ReminderDeps {
  mailer: Mailer
  appUrl: string
  /** Default: the first four product picks, else the recommended categories (gift-ideas.ts). */
  giftIdeas?: GiftIdeasSource
}

/** What one run did. */
export interface ReminderRunStats {
  /** Emails queued by this run (one per user). */
  emailsSent: number
  /** Reminders those emails carry (one per event occurrence and lead time). */
  remindersSent: number
  usersChecked: number
  /** Reminders due but already recorded (an earlier run, another instance). */
  alreadySent: number
  failures: string[]
}

/** Users handled per round trip. */
const BATCH_SIZE = 500
/** Users mailed at once (connections a run holds at most; the pool has 10 by default). */
const SEND_CONCURRENCY = 4

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

/** "Sunday 7th March". */
function dateLabel(date: string): string {
  const { year, month, day } = parseIsoDate(date)
  return `${WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]} ${formatEventDate(date)}`
}

interface DueEvent extends DueReminder {
  eventId: number
  userId: number
  name: string | null
  occasionId: number
  occasionLabel: string
  /** The event's date, rule and lead times as the run read them (sameTiming compares them). */
  seen: EventTiming
}

/** The columns of an event a reminder's due day is worked out from. */
interface EventTiming {
  date: string
  rule: string
  reminderLeadDays: number[] | null
}

/** Whether an event's timing is the one the run read (an edit in between changes the reminder). */
function sameTiming(a: EventTiming, b: EventTiming): boolean {
  return (
    a.date === b.date && a.rule === b.rule && JSON.stringify(a.reminderLeadDays) === JSON.stringify(b.reminderLeadDays)
  )
}

/**
 * The reminder run (issue 21; the upcoming-events campaign's run, docs/decisions/reminders.md):
 * for every confirmed, subscribed user, each event's latest due reminder that is not recorded
 * yet (dueReminder: due from its lead day until the event has passed; a missed run sends the
 * latest only) goes out, all of one user's in one email grouped by event.
 *
 * Exactly once: each reminder is keyed (event, occurrence, lead days) in reminder_sends, inserted
 * `ON CONFLICT DO NOTHING` in the same transaction that queues its email in email_log; a second
 * run or instance waits on the first's uncommitted keys, then finds them taken. The mailer's
 * outbox path delivers (retries with backoff; a crash leaves "queued" rows the retry loop takes
 * after their lease), each mail with its stored Message-ID.
 *
 * @param now the run's instant; "today" is its UK date (Europe/London, across clock changes).
 * @throws only when the database is unusable; one user's failure is counted in `failures`.
 */
export async function runReminders(db: Db, deps: ReminderDeps, now = new Date()): Promise<ReminderRunStats> {
  const stats = await queueReminders(db, deps, now)
  // Hand the queued mails to SMTP now (the same path that retries failures every minute).
  if (deps.mailer.mode === 'smtp') while ((await deps.mailer.retryDue()) > 0);
  return stats
}

/**
 * The recording half of runReminders: keys and email_log rows, no delivery (the sender, i.e.
 * `mailer.retryDue`, delivers them). Exposed for the crash tests and the benchmark.
 */
export async function queueReminders(db: Db, deps: ReminderDeps, now = new Date()): Promise<ReminderRunStats> {
  const today = ukToday(now)
  const appUrl = deps.appUrl.replace(/\/$/, '')
  const ideasFor = deps.giftIdeas ?? productPickIdeas
  const host = new URL(appUrl).hostname || 'presently.local'
  const stats: ReminderRunStats = { emailsSent: 0, remindersSent: 0, usersChecked: 0, alreadySent: 0, failures: [] }

  let afterId = 0
  for (;;) {
    const batch = await db
      .select({ id: users.id, email: users.email, displayName: users.displayName })
      .from(users)
      .where(and(gt(users.id, afterId), isNotNull(users.emailConfirmedAt), eq(users.unsubscribed, false)))
      .orderBy(asc(users.id))
      .limit(BATCH_SIZE)
    if (batch.length === 0) break
    afterId = batch[batch.length - 1]!.id
    stats.usersChecked += batch.length
    const ids = batch.map((u) => u.id)

    const settingsRows = await db
      .select({
        userId: reminderSettings.userId,
        enabled: reminderSettings.enabled,
        leadDays: reminderSettings.leadDays,
      })
      .from(reminderSettings)
      .where(inArray(reminderSettings.userId, ids))
    const settingsOf = new Map<number, ReminderSettings>(settingsRows.map((r) => [r.userId, r]))
    const eventRows = await db
      .select({
        id: events.id,
        userId: events.userId,
        name: events.name,
        date: events.date,
        rule: events.rule,
        reminderLeadDays: events.reminderLeadDays,
        occasionId: events.occasionId,
        occasionLabel: occasions.label,
      })
      .from(events)
      .innerJoin(occasions, eq(occasions.id, events.occasionId))
      .where(inArray(events.userId, ids))
    const due: DueEvent[] = []
    for (const row of eventRows) {
      const leads = effectiveLeadDays(row.reminderLeadDays, settingsOf.get(row.userId) ?? DEFAULT_REMINDER_SETTINGS)
      const reminder = dueReminder({ date: row.date, rule: row.rule as EventRule }, leads, today)
      if (reminder)
        due.push({
          ...reminder,
          eventId: row.id,
          userId: row.userId,
          name: row.name,
          occasionId: row.occasionId,
          occasionLabel: row.occasionLabel,
          seen: { date: row.date, rule: row.rule, reminderLeadDays: row.reminderLeadDays },
        })
    }
    if (due.length === 0) continue

    // Drop the reminders already recorded (the insert below is the real guard; this saves work).
    const taken = await db
      .select({
        eventId: reminderSends.eventId,
        occurrence: reminderSends.occurrence,
        leadDays: reminderSends.leadDays,
      })
      .from(reminderSends)
      .where(
        and(
          inArray(
            reminderSends.eventId,
            due.map((d) => d.eventId),
          ),
          gte(reminderSends.occurrence, today),
        ),
      )
    const takenKeys = new Set(taken.map((t) => `${t.eventId}/${t.occurrence}/${t.leadDays}`))
    const open = due.filter((d) => !takenKeys.has(`${d.eventId}/${d.occurrence}/${d.leadDays}`))
    stats.alreadySent += due.length - open.length
    if (open.length === 0) continue

    const links = await db
      .select({ eventId: eventPeople.eventId, personId: people.id, personName: people.name })
      .from(eventPeople)
      .innerJoin(people, eq(people.id, eventPeople.personId))
      .where(
        inArray(
          eventPeople.eventId,
          open.map((d) => d.eventId),
        ),
      )
      .orderBy(asc(people.name), asc(people.id))
    const peopleOf = new Map<number, { personId: number; personName: string }[]>()
    for (const link of links) peopleOf.set(link.eventId, [...(peopleOf.get(link.eventId) ?? []), link])
    const byUser = new Map<number, DueEvent[]>()
    for (const d of open) byUser.set(d.userId, [...(byUser.get(d.userId) ?? []), d])

    const sendTo = async (user: (typeof batch)[number]) => {
      const mine = byUser.get(user.id)
      if (!mine) return
      try {
        mine.sort((a, b) => a.daysAway - b.daysAway || a.eventId - b.eventId)
        // Gift ideas before the transaction: it holds its keys only as long as the writes take.
        const items = await Promise.all(
          mine.map(async (d): Promise<ReminderItem & { key: DueEvent }> => {
            const who = peopleOf.get(d.eventId) ?? []
            const first = who[0]
            const findGift = new URL('/', appUrl)
            if (first) findGift.searchParams.set('person', String(first.personId))
            findGift.searchParams.set('occasion', String(d.occasionId))
            // Issue 43 §4: a person with a present bought or recorded for this occasion is "done".
            const progress = await giftProgress(db, {
              userId: user.id,
              personIds: who.map((p) => p.personId),
              occasionId: d.occasionId,
              occurrence: d.occurrence,
            })
            const done = who.flatMap((p) => {
              const mine = progress.get(p.personId)
              if (!mine || mine.presents === 0) return []
              return [
                {
                  name: p.personName,
                  spent: mine.spentPence > 0 ? formatPence(mine.spentPence) : null,
                  budget: mine.budgetPence === null ? null : formatPence(mine.budgetPence),
                },
              ]
            })
            return {
              key: d,
              done,
              peopleNames: who.map((p) => p.personName),
              occasionLabel: d.occasionLabel,
              eventName: d.name,
              dateLabel: dateLabel(d.occurrence),
              daysAway: d.daysAway,
              giftIdeas: first
                ? await ideasFor(db, {
                    userId: user.id,
                    personId: first.personId,
                    occasionLabel: d.occasionLabel,
                    today,
                    appUrl,
                  })
                : [],
              findGiftUrl: findGift.toString(),
            }
          }),
        )
        const queued = await db.transaction(async (tx) => {
          // Reminders turned off or a global unsubscribe since the run read them leave the user
          // out; a later one waits for this transaction and then withdraws the email.
          if (!(await accountStillWants(tx, user.id, reminderSettings))) return { reminders: 0, skipped: 0 }
          // The events as they are now, locked FOR SHARE until the email is queued: an event
          // deleted (its person deleted) or edited since the run read it is left out; the
          // deletion or edit waits for this transaction otherwise, and then withdraws the mail
          // (cancelQueuedReminders). Without it the key's foreign key failed the user's whole
          // email, and an edited date was reminded of on the old day. Locked in id order, as
          // lockEvents does.
          const current = await tx
            .select({ id: events.id, date: events.date, rule: events.rule, reminderLeadDays: events.reminderLeadDays })
            .from(events)
            .where(
              inArray(
                events.id,
                mine.map((d) => d.eventId),
              ),
            )
            .orderBy(asc(events.id))
            .for('share')
          const byId = new Map(current.map((e) => [e.id, e]))
          const live = mine.filter((d) => {
            const event = byId.get(d.eventId)
            return event !== undefined && sameTiming(event, d.seen)
          })
          if (live.length === 0) return { reminders: 0, skipped: 0 }
          const claimed = await tx
            .insert(reminderSends)
            .values(
              live.map((d) => ({
                eventId: d.eventId,
                occurrence: d.occurrence,
                leadDays: d.leadDays,
                userId: user.id,
              })),
            )
            .onConflictDoNothing()
            .returning({ eventId: reminderSends.eventId })
          const claimedIds = new Set(claimed.map((c) => c.eventId))
          const reminders = items.filter((item) => claimedIds.has(item.key.eventId))
          if (reminders.length === 0) return { reminders: 0, skipped: live.length }
          const token = await createEmailToken(tx, user.id, 'unsubscribe', now)
          const mail = await renderRemindersEmail({
            appUrl,
            unsubscribeUrl: tokenLink(appUrl, '/unsubscribe', token),
            remindersUnsubscribeUrl: tokenLink(appUrl, '/unsubscribe', token, { only: 'reminders' }),
            displayName: user.displayName,
            reminders,
          })
          const emailLogId = await queueAccountEmail(tx, deps.mailer, {
            userId: user.id,
            toAddress: user.email,
            kind: 'reminders',
            mail,
            // One-click unsubscribe from reminders alone (RFC 8058).
            oneClickUrl: tokenLink(appUrl, '/api/reminders/unsubscribe/one-click', token),
            host,
          })
          await tx
            .update(reminderSends)
            .set({ emailLogId })
            .where(
              or(
                ...reminders.map((r) =>
                  and(
                    eq(reminderSends.eventId, r.key.eventId),
                    eq(reminderSends.occurrence, r.key.occurrence),
                    eq(reminderSends.leadDays, r.key.leadDays),
                  ),
                ),
              ),
            )
          return { reminders: reminders.length, skipped: live.length - reminders.length }
        })
        if (queued.reminders > 0) stats.emailsSent += 1
        stats.remindersSent += queued.reminders
        stats.alreadySent += queued.skipped
      } catch (err) {
        stats.failures.push(`user ${user.id}: ${err instanceof Error ? err.message : String(err)}`)
      }
    }
    await forEachInLanes(batch, SEND_CONCURRENCY, sendTo)
  }
  return stats
}
