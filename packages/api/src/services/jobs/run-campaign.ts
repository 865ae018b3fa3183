import { and, asc, emailLog, eq, gt, isNotNull, jobEmailSends, notExists, sql, users, type Db } from '@presently/db'
import { ukToday } from '@presently/domain'
import { listUnsubscribeHeaders, renderProfileCompletionEmail, type Mailer } from '@presently/email'
import { createEmailToken } from '../auth/email-tokens.ts'
import { incompletePeopleByUser } from './campaign-content.ts'
import { formatDayEnGb, formatInstantEnGb, runReason } from './run-reason.ts'
import { periodStart, type JobName } from './schedule.ts'
import { getJobSettings, markRunFinished } from './job-settings.ts'
import { runReminders } from '../reminders/run-reminders.ts'
import type { GiftIdeasSource } from '../reminders/gift-ideas.ts'

/** What a campaign needs to send: the shop's mailer and APP_URL for links. */
export interface CampaignDeps {
  mailer: Mailer
  appUrl: string
  /** Where reminder gift ideas come from (default: the recommended categories; issue 21). */
  giftIdeas?: GiftIdeasSource
}

/** A run's answer (spec account-area §3 "Job run result"). */
export interface JobRunResult {
  success: boolean
  message: string
  runResult: { stats: { emailsSent: number; usersChecked: number; alreadySent: number } }
  /** Why a run sent nothing (issue 26), else null. */
  reason: string | null
  details: string
}

/** Users handled per round trip. */
const BATCH_SIZE = 500
/** Users mailed at once (connections a run holds at most; the pool has 10 by default). */
const SEND_CONCURRENCY = 4

function link(appUrl: string, path: string, token: string): string {
  const url = new URL(path, appUrl)
  url.searchParams.set('token', token)
  return url.toString()
}

/**
 * Runs one campaign job now (a scheduled run, "run now", or a test). "upcoming-events" is the
 * gift reminder run (issue 21, runReminders): every reminder due and not yet sent, whatever the
 * schedule. "profile-completion": every confirmed, subscribed user with people below Gold gets
 * one email, once per schedule period.
 *
 * Exactly once: each mail is recorded in one transaction with its idempotency key (job, user,
 * period) in job_email_sends; a second worker, a retried crashed run or a second "run now" in the
 * same period finds the key taken and sends nothing. Delivery then goes through the mailer's
 * outbox/retry path (email_log).
 *
 * @param now the run's instant (tests pass their own); the period and the window derive from it.
 * @returns {success, message, runResult.stats.emailsSent, details}; never throws for one bad mail
 *   (it is counted in details), throws only when the database is unusable.
 */
export async function runCampaign(db: Db, deps: CampaignDeps, job: JobName, now = new Date()): Promise<JobRunResult> {
  if (job === 'upcoming-events') {
    const stats = await runReminders(db, deps, now)
    const success = stats.failures.length === 0
    if (success) await markRunFinished(db, job, now)
    const sent = `Sent ${stats.emailsSent} reminder email${stats.emailsSent === 1 ? '' : 's'}`
    return {
      success,
      message: success ? sent : `${sent}; ${stats.failures.length} failed`,
      runResult: {
        stats: { emailsSent: stats.emailsSent, usersChecked: stats.usersChecked, alreadySent: stats.alreadySent },
      },
      reason: runReason({
        job,
        emailsSent: stats.emailsSent,
        failed: stats.failures.length,
        usersChecked: stats.usersChecked,
        alreadySent: stats.alreadySent,
        found: stats.remindersSent + stats.alreadySent,
        today: ukToday(now),
      }),
      details:
        `Reminders due on ${formatDayEnGb(ukToday(now))} (UK): ${stats.remindersSent} sent, ${stats.alreadySent} already sent` +
        (success ? '' : `; failures: ${stats.failures.slice(0, 5).join('; ')}`),
    }
  }
  const { schedule } = await getJobSettings(db, job)
  const start = periodStart(schedule, now)
  const period = start.toISOString()
  const appUrl = deps.appUrl.replace(/\/$/, '')
  let emailsSent = 0
  let usersChecked = 0
  let alreadySent = 0
  /** Profiles below Gold among the users checked (for the reason of a run that sent nothing). */
  let found = 0
  const failures: string[] = []

  let afterId = 0
  for (;;) {
    const batch = await db
      .select({ id: users.id, email: users.email, displayName: users.displayName })
      .from(users)
      .where(
        and(
          gt(users.id, afterId),
          isNotNull(users.emailConfirmedAt),
          eq(users.unsubscribed, false),
          notExists(
            db
              .select({ one: sql`1` })
              .from(jobEmailSends)
              .where(
                and(eq(jobEmailSends.job, job), eq(jobEmailSends.userId, users.id), eq(jobEmailSends.period, period)),
              ),
          ),
        ),
      )
      .orderBy(asc(users.id))
      .limit(BATCH_SIZE)
    if (batch.length === 0) break
    afterId = batch[batch.length - 1]!.id
    usersChecked += batch.length
    const incomplete = await incompletePeopleByUser(
      db,
      batch.map((u) => u.id),
      appUrl,
    )
    for (const items of incomplete.values()) found += items.length

    const sendTo = async (user: (typeof batch)[number]) => {
      try {
        const list = incomplete?.get(user.id)
        if (!list) return
        const render = (unsubscribeUrl: string) =>
          renderProfileCompletionEmail({ appUrl, unsubscribeUrl, displayName: user.displayName, people: list })
        const sent = await db.transaction(async (tx) => {
          const [claim] = await tx
            .insert(jobEmailSends)
            .values({ job, userId: user.id, period })
            .onConflictDoNothing()
            .returning({ id: jobEmailSends.id })
          if (!claim) return false
          const token = await createEmailToken(tx, user.id, 'unsubscribe')
          const mail = await render(link(appUrl, '/unsubscribe', token))
          const [row] = await tx
            .insert(emailLog)
            .values({
              userId: user.id,
              toAddress: user.email,
              kind: job,
              subject: mail.subject,
              html: mail.html,
              text: mail.text,
              headers: listUnsubscribeHeaders(link(appUrl, '/api/auth/unsubscribe/one-click', token)),
              status: deps.mailer.mode === 'smtp' ? 'queued' : 'outbox',
              // Due at once: the mailer's retry path delivers it (below, or after a crash).
              nextAttemptAt: deps.mailer.mode === 'smtp' ? new Date() : null,
            })
            .returning({ id: emailLog.id })
          await tx.update(jobEmailSends).set({ emailLogId: row!.id }).where(eq(jobEmailSends.id, claim.id))
          return true
        })
        if (sent) emailsSent += 1
        else alreadySent += 1
      } catch (err) {
        failures.push(`user ${user.id}: ${err instanceof Error ? err.message : String(err)}`)
      }
    }
    // A few users at once: one's commit (an fsync) overlaps another's rendering.
    let next = 0
    const lane = async () => {
      while (next < batch.length) await sendTo(batch[next++]!)
    }
    await Promise.all(Array.from({ length: SEND_CONCURRENCY }, lane))
  }
  // Hand the queued mails to SMTP now (the same path that retries failures every minute).
  if (deps.mailer.mode === 'smtp') while ((await deps.mailer.retryDue()) > 0);

  const success = failures.length === 0
  // A finished run marks its period done; a period with keys but no finished run was interrupted
  // (see wasInterrupted).
  if (success) await markRunFinished(db, job, now)
  const what = 'profile completion'
  return {
    success,
    message: success
      ? `Sent ${emailsSent} ${what} email${emailsSent === 1 ? '' : 's'}`
      : `Sent ${emailsSent} ${what} email${emailsSent === 1 ? '' : 's'}; ${failures.length} failed`,
    runResult: { stats: { emailsSent, usersChecked, alreadySent } },
    reason: runReason({
      job,
      emailsSent,
      failed: failures.length,
      usersChecked,
      alreadySent,
      found,
      today: ukToday(now),
    }),
    details:
      `Period from ${formatInstantEnGb(start)}` +
      (failures.length > 0 ? `; failures: ${failures.slice(0, 5).join('; ')}` : ''),
  }
}
