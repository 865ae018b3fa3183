/**
 * Benchmark (not a test) of issue 21: a simulated year of daily reminder runs over BENCH_USERS
 * (10,000) confirmed, subscribed users with 5 people and 5 events each. Events are spread over
 * the year, 1 in 25 is a Mothering Sunday (movable), 1 in 50 falls on 29 February; a third of
 * the users have their own settings (30, 7 and 1 days), 1 event in 10 has its own lead time
 * (10 days) and 1 in 20 has "No reminders"; everyone else has the default 14 and 3 days.
 *
 * Each day from BENCH_START (2027-01-01) for BENCH_DAYS (365) runs the reminder run at 08:00
 * London (runReminders: select, group, render, record with the key and the outbox row in one
 * transaction, deliver through the mailer in SMTP mode with a transport that accepts at once).
 * The expected reminders come from the pure rule (dueReminder) over the same days; the run must
 * send exactly those, and no reminder twice. Gift ideas are a fixed list of four (the engine's
 * cost is measured by bench:email-jobs). Prints reminders sent vs expected, duplicates, emails,
 * wall time per run (mean, p95, max), emails/s and peak RSS.
 *
 *   npm run bench:reminders
 *   BENCH_USERS=2000 BENCH_DAYS=120 npm run bench:reminders
 */
import os from 'node:os'
import { sql } from '@presently/db'
import { runReminders } from '@presently/api'
import {
  DEFAULT_REMINDER_SETTINGS,
  dueReminder,
  effectiveLeadDays,
  type EventRule,
  type ReminderSettings,
} from '@presently/domain'
import { createMailer } from '@presently/email'
import { embeddedTarget, type Target } from './lib.ts'

const USERS = Number(process.env.BENCH_USERS ?? 10_000)
const DAYS = Number(process.env.BENCH_DAYS ?? 365)
const START = process.env.BENCH_START ?? '2027-01-01'
const EVENTS_PER_USER = 5
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined }
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
const ideas = [1, 2, 3, 4].map((n) => ({
  title: `Gift idea ${n}`,
  price: `£${n * 10}.00`,
  imageUrl: `https://presently.example/img/${n}.jpg`,
  url: `https://presently.example/product/${n}`,
}))

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** 08:00 in London on `date` (07:00 UTC in summer time). */
function eightInLondon(date: string): Date {
  const utc = new Date(`${date}T08:00:00Z`)
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', hour12: false }).format(utc),
  )
  return new Date(utc.getTime() - (hour - 8) * 3_600_000)
}

async function seed(target: Target): Promise<void> {
  const { db } = target
  await db.execute(sql`
    insert into users (email, email_confirmed_at)
    select 'bench-' || g || '@example.com', now() from generate_series(1, ${USERS}) g`)
  await db.execute(sql`
    insert into reminder_settings (user_id, enabled, lead_days)
    select id, true, '{30,7,1}'::integer[] from users where email like 'bench-%' and id % 3 = 0`)
  await db.execute(sql`
    insert into people (user_id, name)
    select u.id, 'Person ' || p from users u cross join generate_series(1, ${EVENTS_PER_USER}) p
    where u.email like 'bench-%'`)
  await db.execute(sql`
    with birthday as (select id from occasions where value = 'birthday'),
         mum as (select id from occasions where value = 'mothers-day')
    insert into events (user_id, date, occasion_id, rule, reminder_lead_days)
    select p.user_id,
      case when p.id % 50 = 7 then date '1996-02-29' else date '1990-01-01' + (p.id * 37) % 365 end,
      case when p.id % 25 = 3 then (select id from mum) else (select id from birthday) end,
      case when p.id % 25 = 3 then 'mothering-sunday' else 'fixed' end,
      case when p.id % 10 = 1 then '{10}'::integer[] when p.id % 20 = 4 then '{}'::integer[] else null end
    from people p order by p.id`)
  await db.execute(sql`
    insert into event_people (event_id, person_id)
    select e.id, p.id from
      (select id, row_number() over (order by id) as n from events) e
      join (select id, row_number() over (order by id) as n from people) p on p.n = e.n`)
}

/** What the rule says the year should send: one key per (event, occurrence, lead). */
async function expectedReminders(target: Target, days: string[]): Promise<number> {
  const settings = new Map<number, ReminderSettings>()
  for (const row of (
    await target.db.execute<{ user_id: number; enabled: boolean; lead_days: number[] }>(
      sql`select user_id, enabled, lead_days from reminder_settings`,
    )
  ).rows)
    settings.set(row.user_id, { enabled: row.enabled, leadDays: row.lead_days })
  const events = (
    await target.db.execute<{
      id: number
      user_id: number
      date: string
      rule: string
      reminder_lead_days: number[] | null
    }>(sql`select id, user_id, to_char(date, 'YYYY-MM-DD') as date, rule, reminder_lead_days from events`)
  ).rows
  const keys = new Set<string>()
  for (const event of events) {
    const leads = effectiveLeadDays(event.reminder_lead_days, settings.get(event.user_id) ?? DEFAULT_REMINDER_SETTINGS)
    for (const today of days) {
      const due = dueReminder({ date: event.date, rule: event.rule as EventRule }, leads, today)
      if (due) keys.add(`${event.id}/${due.occurrence}/${due.leadDays}`)
    }
  }
  return keys.size
}

async function run(target: Target): Promise<void> {
  console.log(`\n== ${target.label}: ${USERS} users x ${EVENTS_PER_USER} events, ${DAYS} daily runs from ${START}`)
  const seeded = performance.now()
  await seed(target)
  console.log(`  seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`)
  const days = Array.from({ length: DAYS }, (_, i) => addDays(START, i))
  const expected = await expectedReminders(target, days)

  const delivered = new Map<string, number>()
  const mailer = createMailer({
    db: target.db,
    logger: silent,
    from: 'bench@example.com',
    transport: {
      sendMail: (message) => {
        const id = message.messageId ?? ''
        delivered.set(id, (delivered.get(id) ?? 0) + 1)
        return Promise.resolve()
      },
    },
  })
  let peakRss = 0
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100)
  const times: number[] = []
  let emails = 0
  let reminders = 0
  let failures = 0
  const started = performance.now()
  for (const day of days) {
    const t0 = performance.now()
    const stats = await runReminders(
      target.db,
      { mailer, appUrl: 'https://presently.example', giftIdeas: () => Promise.resolve(ideas) },
      eightInLondon(day),
    )
    times.push(performance.now() - t0)
    emails += stats.emailsSent
    reminders += stats.remindersSent
    failures += stats.failures.length
    if (times.length % 30 === 0)
      console.log(`  ... ${day}: ${times.length} runs, ${reminders} reminders in ${emails} emails so far`)
  }
  await mailer.idle()
  const total = (performance.now() - started) / 1000
  clearInterval(sampler)
  peakRss = Math.max(peakRss, process.memoryUsage().rss)

  const recorded = Number(
    (await target.db.execute<{ n: number }>(sql`select count(*)::int as n from reminder_sends`)).rows[0]!.n,
  )
  const deliveredTotal = [...delivered.values()].reduce((a, b) => a + b, 0)
  const duplicates = [...delivered.values()].reduce((a, n) => a + (n - 1), 0)
  const sorted = [...times].sort((a, b) => a - b)
  const mean = times.reduce((a, b) => a + b, 0) / times.length
  console.log(
    `  reminders sent ${reminders} (recorded ${recorded}), expected ${expected}: ${reminders === expected && recorded === expected ? 'EQUAL' : 'DIFFERENT'}`,
  )
  console.log(`  emails ${emails}, delivered ${deliveredTotal}, duplicates ${duplicates}, failures ${failures}`)
  console.log(
    `  wall time per run: mean ${mean.toFixed(0)} ms, p95 ${sorted[Math.floor(sorted.length * 0.95)]!.toFixed(0)} ms, ` +
      `max ${sorted.at(-1)!.toFixed(0)} ms; year ${total.toFixed(1)} s; ${(emails / total).toFixed(0)} emails/s overall`,
  )
  console.log(`  peak RSS ${mb(peakRss)}`)
  await target.close()
}

console.log(`reminder run benchmark on ${os.cpus().length} CPUs, node ${process.version}`)
await run(await embeddedTarget())
