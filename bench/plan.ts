/**
 * Benchmark (not a test) of issue 22: a user with 200 people (each with a Christmas and a
 * birthday event) and 5,000 presents (4,000 added by hand, 1,000 orders marked bought, over
 * 2020-2026 and several occasions), budgets for every person, among 20 other users with 20 people
 * and 250 presents each. Measures the person page's gift history (GET /api/people/{id}/gifts, and
 * /budgets beside it) and the occasion plan (GET /api/plan/christmas/{year}): a one-at-a-time
 * breakdown, then a closed loop (a worker thread) of BENCH_CONNECTIONS (default 32) for BENCH_SECONDS. Runs on a
 * fresh embedded PostgreSQL cluster and, when DATABASE_URL is set, on that server too. Prints
 * figures; asserts nothing. Target (issue 22): p95 under 50 ms at 32 connections on the embedded default.
 *
 *   npm run bench:plan
 *   BENCH_SECONDS=5 npm run bench:plan
 */
import os from 'node:os'
import { z } from 'zod'
import { sql, users, type Db } from '@presently/db'
import { getBudgets, getPlan, listGifts } from '@presently/api'
import { budgetsOutput, giftOutput, planOutput, ukToday, currentPlanYear } from '@presently/domain'
import {
  breakdown,
  connections,
  cpuPerAnswer,
  cpuPerMiss,
  embeddedTarget,
  listenSignedIn,
  load,
  seconds,
  serverTarget,
  type Target,
} from './lib.ts'

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 200)
const GIFTS = Number(process.env.BENCH_GIFTS ?? 5_000)
const OTHER_USERS = 20

/** A user with `people` people (Christmas and birthday events, budgets) and `gifts` presents (a fifth of them bought orders). */
async function seedUser(
  db: Db,
  email: string,
  people: number,
  gifts: number,
): Promise<{ userId: number; personIds: number[] }> {
  const [user] = await db.insert(users).values({ email, emailConfirmedAt: new Date() }).returning({ id: users.id })
  const userId = user!.id
  const rows = await db.execute<{ id: number }>(sql`
    insert into people (user_id, name) select ${userId}, 'Person ' || g from generate_series(1, ${people}) g returning id`)
  const personIds = rows.rows.map((r) => Number(r.id))
  await db.execute(sql`
    with made as (
      insert into events (user_id, date, occasion_id)
      select ${userId}, case when k = 1 then date '2000-12-25' else date '1970-01-01' + (p.id * 37 % 365) end,
             (select id from occasions where value = case when k = 1 then 'christmas' else 'birthday' end)
        from people p cross join generate_series(1, 2) k where p.user_id = ${userId}
      returning id, occasion_id, date
    ), numbered as (select id, row_number() over (order by id) as n from made)
    insert into event_people (event_id, person_id)
    select m.id, (${sql.raw(`array[${personIds.join(',') || '0'}]`)})[((m.n - 1) / 2) % ${people} + 1]
      from numbered m`)
  await db.execute(sql`
    insert into budgets (user_id, person_id, occasion_id, amount_pence)
    select ${userId}, p.id, o.id, 2000 + (p.id % 5) * 1000
      from people p cross join (select id from occasions where value = 'christmas' union all select null) o
     where p.user_id = ${userId}`)
  const byHand = Math.round(gifts * 0.8)
  await db.execute(sql`
    insert into gifts (user_id, person_id, occasion_id, title, price_paid_pence, given_on, note)
    select ${userId}, p.id,
           (select id from occasions order by id offset (g % 4) limit 1),
           'Present ' || g, 500 + (g * 37 % 5000), date '2020-01-01' + (g * 13 % 2500), null
      from generate_series(1, ${byHand}) g
      join lateral (select id from people where user_id = ${userId} order by id offset (g % ${people}) limit 1) p on true`)
  await db.execute(sql`
    insert into click_throughs (user_id, person_id, occasion_id, price_pence, outcome, price_paid_pence, created_at)
    select ${userId}, p.id, (select id from occasions order by id offset (g % 4) limit 1),
           1000 + g % 3000, 'bought', 1000 + g % 3000, timestamptz '2020-01-01' + (g * 11 % 2500) * interval '1 day'
      from generate_series(1, ${gifts - byHand}) g
      join lateral (select id from people where user_id = ${userId} order by id offset (g % ${people}) limit 1) p on true`)
  return { userId, personIds }
}

async function run(target: Target): Promise<void> {
  console.log(`\n== ${target.label}`)
  const started = performance.now()
  const { userId, personIds } = await seedUser(target.db, 'bench-plan@example.com', PEOPLE, GIFTS)
  for (let i = 0; i < OTHER_USERS; i++) await seedUser(target.db, `bench-plan-other-${i}@example.com`, 20, 250)
  await target.db.execute(sql`analyze`)
  const year = currentPlanYear('christmas', ukToday())
  const [counts] = (
    await target.db.execute<{ gifts: number; orders: number; all_gifts: number }>(sql`
      select (select count(*)::int from gifts where user_id = ${userId}) as gifts,
             (select count(*)::int from click_throughs where user_id = ${userId} and outcome = 'bought') as orders,
             (select count(*)::int from gifts) as all_gifts`)
  ).rows
  console.log(
    `  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s: the user has ${personIds.length} people, ` +
      `${counts?.gifts} presents by hand and ${counts?.orders} bought orders; ${counts?.all_gifts} presents by hand in all`,
  )
  const one = personIds[0]!
  await breakdown('gift history (one person)', () => listGifts(target.db, userId, one), z.array(giftOutput))
  await breakdown('budgets (one person)', () => getBudgets(target.db, userId, one), budgetsOutput)
  await breakdown(`plan (Christmas ${year})`, () => getPlan(target.db, userId, 'christmas', year), planOutput)
  const { address, cookie, close } = await listenSignedIn(target.db, userId)
  const plan = await fetch(`${address}/api/plan/christmas/${year}`, { headers: cookie })
  const body = await plan.text()
  console.log(`  GET /api/plan/christmas/${year} answers ${plan.status}: ${(body.length / 1024).toFixed(0)} KB`)
  const touch = () => target.db.execute(sql`update people set notes = notes where id = ${one}`)
  console.log('  one at a time (CPU per answer: steadier than req/s on a shared machine)')
  for (const [path, title] of [
    [`/api/people/${one}/gifts`, 'gift history (one person)'],
    [`/api/people/${one}/budgets`, 'budgets (one person)'],
    [`/api/plan/christmas/${year}`, `plan (${PEOPLE} people)`],
  ] as const) {
    await cpuPerAnswer(address, path, title, cookie, 'gzip, deflate, br')
    await cpuPerMiss(address, path, title, cookie, 'gzip, deflate, br', touch)
  }
  console.log(`  load: ${connections} connections, ${seconds} s each`)
  const historyPaths = personIds.slice(0, 50).map((id) => `/api/people/${id}/gifts`)
  await load(address, historyPaths, 'gift history (50 people)', cookie)
  await load(
    address,
    personIds.slice(0, 50).map((id) => `/api/people/${id}/budgets`),
    'budgets (50 people)',
    cookie,
  )
  await load(address, `/api/plan/christmas/${year}`, `plan (${PEOPLE} people)`, cookie)
  await close()
  await target.close()
}

console.log(`Presently gift history and plan benchmark on ${os.cpus().length} cores, Node ${process.version}`)
await run(await embeddedTarget())
if (process.env.DATABASE_URL) await run(await serverTarget(process.env.DATABASE_URL))
