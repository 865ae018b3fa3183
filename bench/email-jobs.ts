/**
 * Benchmark (not a test) of issue 13: one run of each email campaign job over BENCH_USERS
 * (10,000) confirmed, subscribed users with 5 people each. Every user's first person has a
 * birthday in the next 7 days (so every user gets an upcoming-events mail), the other four have
 * birthdays spread over the year, and every profile is Bronze (so every user also gets a
 * profile-completion mail). The seed catalog is imported, so each upcoming event carries its
 * person's top 3 recommended categories (the built-in engine). Mails go through the real mailer in SMTP mode with a transport that
 * accepts each message at once, so the figures are the shop's side: selecting, rendering
 * (React Email), recording with the idempotency key, and delivery bookkeeping. Prints wall time,
 * emails/s and peak memory (RSS, heap) per job, then a second run (all keys taken) of each.
 * Runs on a fresh embedded PostgreSQL cluster and, with DATABASE_URL, on that server too.
 *
 *   npm run bench:email-jobs -w @presently/bench
 *   BENCH_USERS=2000 npm run bench:email-jobs -w @presently/bench
 *   BENCH_MAIL=outbox npm run bench:email-jobs -w @presently/bench   (no delivery step)
 */
import os from 'node:os'
import { sql } from '@presently/db'
import { importCatalog, seedCatalogFile } from '@presently/db/import'
import { runCampaign, type JobName } from '@presently/api'
import { createMailer } from '@presently/email'
import { embeddedTarget, serverTarget, type Target } from './lib.ts'

const USERS = Number(process.env.BENCH_USERS ?? 10_000)
const PEOPLE_PER_USER = 5
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined }
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`

async function seed(target: Target): Promise<void> {
  const { db } = target
  // The seed catalog, so each upcoming event gets its top recommended categories.
  await importCatalog(db, { file: seedCatalogFile })
  await db.execute(sql`
    insert into users (email, email_confirmed_at)
    select 'bench-' || g || '@example.com', now() from generate_series(1, ${USERS}) g`)
  await db.execute(sql`
    insert into people (user_id, name)
    select u.id, 'Person ' || p from users u cross join generate_series(1, ${PEOPLE_PER_USER}) p
    where u.email like 'bench-%'`)
  // One birthday per person: the first person of each user within the next 7 days, the others anywhere.
  await db.execute(sql`
    with ranked as (
      select p.id, p.user_id, row_number() over (partition by p.user_id order by p.id) as n from people p
    ), birthday as (select id from occasions where value = 'birthday')
    insert into events (user_id, date, occasion_id)
    select r.user_id,
      (date '1990-01-01' + (case when r.n = 1 then (extract(doy from current_date)::int - 1 + r.id % 7)
                                 else (r.id * 37) % 365 end)),
      (select id from birthday)
    from ranked r order by r.id`)
  await db.execute(sql`
    insert into event_people (event_id, person_id)
    select e.id, p.id from
      (select id, row_number() over (order by id) as n from events) e
      join (select id, row_number() over (order by id) as n from people) p on p.n = e.n`)
}

async function measure(target: Target, job: JobName, label: string): Promise<void> {
  let delivered = 0
  const mailer = createMailer({
    db: target.db,
    logger: silent,
    from: 'bench@example.com',
    // BENCH_MAIL=outbox: record only (the embedded default without SMTP_URL).
    transport:
      process.env.BENCH_MAIL === 'outbox'
        ? undefined
        : {
            sendMail: () => {
              delivered += 1
              return Promise.resolve()
            },
          },
  })
  global.gc?.()
  let peakRss = 0
  let peakHeap = 0
  const sample = () => {
    const usage = process.memoryUsage()
    peakRss = Math.max(peakRss, usage.rss)
    peakHeap = Math.max(peakHeap, usage.heapUsed)
  }
  const sampler = setInterval(sample, 100)
  const started = performance.now()
  const result = await runCampaign(target.db, { mailer, appUrl: 'https://presently.example' }, job)
  await mailer.idle()
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  sample()
  const sent = result.runResult.stats.emailsSent
  console.log(
    `  ${job.padEnd(19)} ${label.padEnd(12)} ${String(sent).padStart(6)} emails (${delivered} delivered) in ` +
      `${seconds.toFixed(1)} s = ${(sent / seconds).toFixed(0)} emails/s; ${result.runResult.stats.usersChecked} users checked; ` +
      `peak RSS ${mb(peakRss)}, heap ${mb(peakHeap)}${result.success ? '' : `; ${result.message}`}`,
  )
}

async function run(target: Target): Promise<void> {
  console.log(`\n== ${target.label}: ${USERS} users x ${PEOPLE_PER_USER} people`)
  const seeded = performance.now()
  await seed(target)
  console.log(`  seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`)
  for (const job of ['upcoming-events', 'profile-completion'] as const) {
    await measure(target, job, 'first run')
    await measure(target, job, 'second run')
  }
  await target.close()
}

console.log(`email campaign benchmark on ${os.cpus().length} CPUs, node ${process.version}`)
await run(await embeddedTarget())
if (process.env.DATABASE_URL) await run(await serverTarget(process.env.DATABASE_URL))
