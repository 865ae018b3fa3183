/**
 * Benchmark (not a test) of issue 9: GET /api/people and GET /api/events for a user with 200
 * people (full profiles: relationship, date of birth, 8 interests, one option in every option
 * category, 4 gift preferences) and 1,000 events (5 per person), among 20 other users with 20
 * people and 100 events each. Runs on a fresh embedded PostgreSQL cluster and, when DATABASE_URL
 * is set, on a fresh database on that server too. For each call: a cold pass, then a closed loop (worker thread) of
 * BENCH_CONNECTIONS at once for BENCH_SECONDS (p50/p95/p99). Prints figures; asserts nothing.
 *
 *   npm run bench:people-events
 *   BENCH_SECONDS=5 BENCH_CONNECTIONS=16 npm run bench:people-events
 */
import os from 'node:os'
import { z } from 'zod'
import { sql, users, type Db } from '@presently/db'
import { listEvents, listPeople } from '@presently/api'
import { eventOutput, personSummaryOutput } from '@presently/domain'
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
const EVENTS_PER_PERSON = Number(process.env.BENCH_EVENTS_PER_PERSON ?? 5)
const OTHER_USERS = 20

/** A user with `people` full profiles and `eventsPerPerson` yearly events for each. */
async function seedUser(db: Db, email: string, people: number, eventsPerPerson: number): Promise<number> {
  const [user] = await db.insert(users).values({ email, emailConfirmedAt: new Date() }).returning({ id: users.id })
  const userId = user!.id
  await db.execute(sql`
    insert into people (user_id, name, relationship_id, date_of_birth)
    select ${userId}, 'Person ' || g,
      (select id from relationships order by id offset (g % (select count(*) from relationships)) limit 1),
      date '1950-01-01' + (g * 97 % 25000)
    from generate_series(1, ${people}) g`)
  await db.execute(sql`
    insert into person_interests (person_id, interest_id, is_primary)
    select p.id, i.id, (i.n % 3 = 0)
    from people p
    cross join lateral (
      select id, row_number() over () as n from interests order by md5(id::text || p.id::text) limit 8
    ) i
    where p.user_id = ${userId}`)
  await db.execute(sql`
    insert into person_selections (person_id, category_id, option_id)
    select p.id, c.id,
      (select o.id from options o where o.category_id = c.id order by md5(o.id::text || p.id::text) limit 1)
    from people p cross join option_categories c
    where p.user_id = ${userId}
      and exists (select 1 from options o where o.category_id = c.id)`)
  await db.execute(sql`
    insert into person_gift_preferences (person_id, option_id)
    select p.id, g.id
    from people p
    cross join lateral (select id from gift_preference_options order by md5(id::text || p.id::text) limit 4) g
    where p.user_id = ${userId}`)
  await db.execute(sql`
    with person_days as (
      select p.id as person_id, k, row_number() over () as n
      from people p cross join generate_series(1, ${eventsPerPerson}) k
      where p.user_id = ${userId}
    ), made as (
      insert into events (user_id, date, occasion_id, name)
      select ${userId}, date '2000-01-01' + ((n * 37) % 366)::int,
        (select id from occasions order by id offset (n % (select count(*) from occasions)) limit 1),
        null
      from person_days
      order by n
      returning id
    )
    insert into event_people (event_id, person_id)
    select m.id, d.person_id
    from (select id, row_number() over (order by id) as n from made) m
    join person_days d on d.n = m.n`)
  return userId
}

async function run(target: Target): Promise<void> {
  console.log(`\n== ${target.label}`)
  const started = performance.now()
  const userId = await seedUser(target.db, 'bench-planner@example.com', PEOPLE, EVENTS_PER_PERSON)
  for (let i = 0; i < OTHER_USERS; i++) await seedUser(target.db, `bench-other-${i}@example.com`, 20, 5)
  await target.db.execute(sql`analyze`)
  const [counts] = (
    await target.db.execute<{ people: number; events: number; interests: number; all_events: number }>(sql`
      select (select count(*)::int from people where user_id = ${userId}) as people,
             (select count(*)::int from events where user_id = ${userId}) as events,
             (select count(*)::int from person_interests pi join people p on p.id = pi.person_id where p.user_id = ${userId}) as interests,
             (select count(*)::int from events) as all_events`)
  ).rows
  console.log(
    `  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s: the user has ${counts?.people} people ` +
      `(${counts?.interests} interests) and ${counts?.events} events; ${counts?.all_events} events in all`,
  )
  await breakdown('people', () => listPeople(target.db, userId), z.array(personSummaryOutput))
  await breakdown('events', () => listEvents(target.db, userId), z.array(eventOutput))
  const { address, cookie, close } = await listenSignedIn(target.db, userId)
  for (const path of ['/api/people', '/api/events']) {
    const res = await fetch(`${address}${path}`, { headers: cookie })
    const body = await res.text()
    const rows = (JSON.parse(body) as unknown[]).length
    console.log(`  GET ${path} answers ${res.status}: ${rows} rows, ${(body.length / 1024).toFixed(0)} KB`)
  }
  // A write that moves the user's data version: every following answer is made afresh.
  const touch = () =>
    target.db.execute(
      sql`update people set notes = notes where id = (select min(id) from people where user_id = ${userId})`,
    )
  console.log('  one at a time (CPU per answer: steadier than req/s on a shared machine)')
  for (const [path, title] of [
    ['/api/people', `people (${PEOPLE})`],
    ['/api/events', `events (${PEOPLE * EVENTS_PER_PERSON})`],
  ] as const) {
    await cpuPerAnswer(address, path, title, cookie, 'gzip, deflate, br')
    await cpuPerMiss(address, path, title, cookie, 'gzip, deflate, br', touch)
  }
  console.log(`  load: ${connections} connections, ${seconds} s each`)
  await load(address, '/api/people', `people (${PEOPLE})`, cookie)
  await load(address, '/api/events', `events (${PEOPLE * EVENTS_PER_PERSON})`, cookie)
  await close()
  await target.close()
}

console.log(`Presently people and events benchmark on ${os.cpus().length} cores, Node ${process.version}`)
await run(await embeddedTarget())
if (process.env.DATABASE_URL) await run(await serverTarget(process.env.DATABASE_URL))
