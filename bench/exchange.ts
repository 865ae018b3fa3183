/**
 * Benchmark (not a test) of issue 36, gift exchanges:
 *
 * 1. The draw alone (packages/exchange-draw): 200 people in 50 households of four with 20% one-way
 *    exclusions (a fresh random set each round), BENCH_DRAWS (200) draws; p50/p95/p99 and how
 *    many were found by uniform sampling and how many by the backtracking search. The issue's
 *    target: p95 under 50 ms.
 * 2. The participant's page, GET /api/exchange-links/{token}, for an exchange of 200 people
 *    (each with three list items and hints), drawn and opened, under BENCH_CONNECTIONS (32)
 *    connections for BENCH_SECONDS (10) over 32 participants' links; on a fresh embedded
 *    PostgreSQL cluster (and DATABASE_URL's server when set). The issue's target: p95 under 25 ms.
 *
 *    Beside the latencies: per answer, the CPU of this process's main thread (the server's event
 *    loop; the load runs in a worker thread) and of PostgreSQL's processes (when it is local), the
 *    database transactions (pg_stat_database) and the statements the server sent.
 *
 *   npm run bench:exchange
 *   BENCH_DRAWS=20 BENCH_SECONDS=2 BENCH_CONNECTIONS=4 npm run bench:exchange   (smoke run)
 */
import os from 'node:os'
import { randomInt } from 'node:crypto'
import { exchangeItems, exchangeParticipants, sql, users } from '@presently/db'
import { drawExchange, issueParticipantLink, createExchange, openMatch } from '@presently/api'
import { drawNames, type DrawPair } from '@presently/exchange-draw'
import { buildApp } from '../apps/server/src/app.ts'
import { connections, embeddedTarget, load, serverTarget, type Target } from './lib.ts'
import { cpuSince, cpuSplit, postgresCpuMicros, postmasterPid } from './closed-loop.ts'

const DRAWS = Number(process.env.BENCH_DRAWS ?? 200)
const PEOPLE = 200

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)] ?? NaN
}

function drawBench(): void {
  const people = Array.from({ length: PEOPLE }, (_, i) => ({ id: i + 1, name: `P${i}`, household: `h${i % 50}` }))
  const times: number[] = []
  const methods = { uniform: 0, search: 0, impossible: 0 }
  for (let round = 0; round < DRAWS; round++) {
    const exclusions: DrawPair[] = []
    for (const g of people) {
      for (const r of people) if (g !== r && randomInt(5) === 0) exclusions.push({ giverId: g.id, receiverId: r.id })
    }
    const started = performance.now()
    const result = drawNames({ people, rules: { exclusions } })
    times.push(performance.now() - started)
    if (result.ok) methods[result.method]++
    else methods.impossible++
  }
  times.sort((a, b) => a - b)
  const fmt = (n: number) => n.toFixed(1)
  console.log(
    `  draw of ${PEOPLE} people, 50 households, 20% one-way exclusions: p50 ${fmt(percentile(times, 50))} p95 ${fmt(percentile(times, 95))} p99 ${fmt(percentile(times, 99))} max ${fmt(times[times.length - 1] ?? NaN)} ms over ${DRAWS} draws (${methods.uniform} uniform, ${methods.search} by search, ${methods.impossible} impossible)`,
  )
}

async function pageBench(target: Target): Promise<void> {
  console.log(`\n== ${target.label}`)
  const db = target.db
  const [organiser] = await db
    .insert(users)
    .values({ email: 'bench-exchange-organiser@example.com', emailConfirmedAt: new Date() })
    .returning({ id: users.id })
  const today = new Date()
  const date = (days: number) => new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10)
  const exchangeId = await createExchange(db, organiser!.id, {
    name: 'Bench Secret Santa',
    limit: 15,
    exchangeDate: date(20),
    signUpDeadline: date(10),
    takesPart: false,
  })
  const rows = await db
    .insert(exchangeParticipants)
    .values(
      Array.from({ length: PEOPLE }, (_, i) => ({
        exchangeId,
        name: `Person ${i}`,
        email: `bench-exchange-${i}@example.com`,
        household: `h${i % 50}`,
        hints: 'Size M. Loves puzzles and board games; no more mugs.',
        joinedAt: new Date(),
      })),
    )
    .returning({ id: exchangeParticipants.id })
  await db.insert(exchangeItems).values(
    rows.flatMap((p) =>
      [1, 2, 3].map((n) => ({
        participantId: p.id,
        title: `Thing ${n}`,
        link: `https://example.com/${n}`,
        pricePence: 999,
      })),
    ),
  )
  await drawExchange(db, exchangeId, organiser!.id)
  const tokens: string[] = []
  for (const p of rows.slice(0, 32)) {
    const token = await issueParticipantLink(db, p.id)
    await openMatch(db, { token }, null)
    tokens.push(token)
  }
  const app = await buildApp({
    env: {
      APP_URL: 'http://localhost',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      SHARED_LIST_RATE_LIMIT_PER_MINUTE: 100_000_000,
    },
    db,
    logger: false,
  })
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  const [{ n } = { n: 0 }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from exchange_assignments`))
    .rows
  console.log(`  exchange: ${PEOPLE} people, ${n} pairs; ${connections} connections over ${tokens.length} links`)
  const statements = countStatements(db)
  const transactions = async () =>
    Number(
      (
        await db.$client.query<{ n: string }>(
          'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
        )
      ).rows[0]?.n ?? 0,
    )
  const postgres = await postmasterPid(db).catch(() => 0)
  const xactBefore = await transactions()
  const cpuBefore = cpuSplit()
  const pgBefore = postgres ? postgresCpuMicros(postgres) : 0
  const statementsBefore = statements.count
  const measured = await load(
    base,
    tokens.map((t) => `/api/exchange-links/${t}`),
    'participant page',
  )
  const answers = Math.max(1, measured.requests + tokens.length)
  const server = cpuSince(cpuBefore, [process.pid], answers)
  const pg = postgres ? (postgresCpuMicros(postgres) - pgBefore) / answers : NaN
  const sent = (statements.count - statementsBefore) / answers
  // Statistics reach pg_stat_database when a backend goes idle (at most 1 s later).
  await new Promise((resolve) => setTimeout(resolve, 1_100))
  const xact = ((await transactions()) - xactBefore) / answers
  console.log(
    `    per answer: server event loop ${(server.main / 1000).toFixed(2)} ms CPU, PostgreSQL ${(pg / 1000).toFixed(2)} ms CPU, ${sent.toFixed(1)} statements, ${xact.toFixed(2)} transactions (the cold pass included)`,
  )
  await app.close()
  await target.close()
}

/**
 * Counts the statements sent through `db`'s pool from now on: each client checked out gets its
 * `query` wrapped once (pool.query and transactions both check one out).
 */
function countStatements(db: Target['db']): { count: number } {
  const counter = { count: 0 }
  const wrapped = new WeakSet<object>()
  db.$client.on('acquire', (client) => {
    if (wrapped.has(client)) return
    wrapped.add(client)
    const query = client.query.bind(client) as (...args: unknown[]) => unknown
    ;(client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      counter.count++
      return query(...args)
    }
  })
  return counter
}

console.log(`Presently gift-exchange benchmark on ${os.cpus().length} cores, Node ${process.version}`)
drawBench()
await pageBench(await embeddedTarget())
if (process.env.DATABASE_URL) await pageBench(await serverTarget(process.env.DATABASE_URL))
