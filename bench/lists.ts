/**
 * Benchmark (not a test) of issue 23: a shared wish list of 200 items (half catalog products,
 * half from elsewhere; quantities 1 to 3) opened by BENCH_VISITORS (64) signed-in visitors at
 * once for BENCH_SECONDS, each in a closed loop: GET /api/shared-lists/{token} (the page's call),
 * then a claim of one of the 20 "hot" items everybody wants, or an unclaim of their own claim,
 * so claims race on the same rows all the time (after a first phase that only reads). Each
 * visitor has its own address (X-Forwarded-For, TRUST_PROXY). Prints the page call's
 * p50/p95/p99, the claims granted and refused (409 "Someone has just claimed this"), and the units
 * claimed beyond an item's quantity (must be 0), counted in the database afterwards. On a fresh
 * embedded PostgreSQL cluster (and DATABASE_URL's server when set).
 *
 *   npm run bench:lists
 *   BENCH_SECONDS=5 BENCH_VISITORS=32 npm run bench:lists
 */
import os from 'node:os'
import { sql, users, type Db } from '@presently/db'
import { importCatalog, seedCatalogFile } from '@presently/db/import'
import { startSession } from '@presently/api'
import { buildApp } from '../apps/server/src/app.ts'
import { embeddedTarget, seconds, serverTarget, type Target } from './lib.ts'

const VISITORS = Number(process.env.BENCH_VISITORS ?? 64)
const ITEMS = 200
const HOT = 20

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)] ?? NaN
}

let addresses = 0

async function account(db: Db, email: string): Promise<{ id: number; cookie: string; ip: string }> {
  const [user] = await db.insert(users).values({ email, emailConfirmedAt: new Date() }).returning({ id: users.id })
  const { token } = await startSession(db, user!.id)
  addresses += 1
  return { id: user!.id, cookie: `session=${token}`, ip: `198.51.100.${addresses}` }
}

async function run(target: Target): Promise<void> {
  console.log(`\n== ${target.label}`)
  const imported = await importCatalog(target.db, { file: seedCatalogFile })
  console.log(`  catalog: ${imported.imported} products`)
  const owner = await account(target.db, 'bench-list-owner@example.com')
  const visitors = await Promise.all(
    Array.from({ length: VISITORS }, (_, i) => account(target.db, `bench-list-visitor-${i}@example.com`)),
  )
  const app = await buildApp({
    env: {
      APP_URL: 'http://localhost',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      SHARED_LIST_RATE_LIMIT_PER_MINUTE: 100_000_000,
      // Each visitor comes from its own address (X-Forwarded-For), as family members do: from one
      // address every call would update the same rate-limit counter row, one commit at a time.
      TRUST_PROXY: 1,
    },
    db: target.db,
    logger: false,
  })
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  const call = async (method: string, path: string, who: { cookie: string; ip: string }, body?: unknown) =>
    fetch(base + path, {
      method,
      headers: {
        cookie: who.cookie,
        'x-forwarded-for': who.ip,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })

  // The owner's list: 100 catalog products and 100 items from elsewhere, through the API.
  const list = (await (await call('POST', '/api/lists', owner, { name: 'Christmas' })).json()) as { id: number }
  const { rows: picks } = await target.db.execute<{ id: number }>(
    sql`select id from products where not disabled order by id limit ${ITEMS / 2}`,
  )
  const itemIds: number[] = []
  for (let i = 0; i < ITEMS; i++) {
    const fields = { quantity: 1 + (i % 3), note: `Size ${i % 5}` }
    const body =
      i % 2 === 0 && picks[i / 2]
        ? { productId: picks[i / 2]!.id, ...fields }
        : { title: `Thing ${i}`, link: `https://example.com/${i}`, price: 10 + i, ...fields }
    const res = await call('POST', `/api/lists/${list.id}/items`, owner, body)
    itemIds.push(((await res.json()) as { id: number }).id)
  }
  const { url } = (await (await call('POST', `/api/lists/${list.id}/share`, owner, {})).json()) as {
    url: string
  }
  const token = url.split('/lists/shared/')[1]!
  const page = `/api/shared-lists/${token}`
  const size = (await (await call('GET', page, visitors[0]!)).text()).length
  console.log(`  list: ${ITEMS} items, the page's answer ${(size / 1024).toFixed(0)} KB; ${VISITORS} visitors`)

  const hot = itemIds.slice(0, HOT)
  const outcome = { granted: 0, refused: 0, unclaimed: 0, other: 0 }
  const fmt = (n: number) => n.toFixed(1)

  /** Every visitor in a closed loop for `seconds`: the page's call, then (racing) a claim or an unclaim. */
  async function phase(title: string, racing: boolean): Promise<void> {
    const pageTimes: number[] = []
    const deadline = performance.now() + seconds * 1000
    await Promise.all(
      visitors.map(async (visitor, v) => {
        let turn = v
        const mine = new Set<number>()
        while (performance.now() < deadline) {
          const started = performance.now()
          await (await call('GET', page, visitor)).arrayBuffer()
          pageTimes.push(performance.now() - started)
          if (!racing) continue
          turn += 7
          const itemId = hot[turn % HOT]!
          if (mine.has(itemId) && turn % 3 === 0) {
            const res = await call('DELETE', `${page}/items/${itemId}/claim`, visitor)
            await res.arrayBuffer()
            if (res.status === 200) {
              outcome.unclaimed++
              mine.delete(itemId)
            } else outcome.other++
          } else {
            const res = await call('POST', `${page}/items/${itemId}/claim`, visitor, {})
            await res.arrayBuffer()
            if (res.status === 200) {
              outcome.granted++
              mine.add(itemId)
            } else if (res.status === 409) outcome.refused++
            else outcome.other++
          }
        }
      }),
    )
    pageTimes.sort((a, b) => a - b)
    console.log(
      `  ${title} ${seconds} s: page call p50 ${fmt(percentile(pageTimes, 50))} p95 ${fmt(percentile(pageTimes, 95))} p99 ${fmt(percentile(pageTimes, 99))} ms over ${pageTimes.length} calls (${(pageTimes.length / seconds).toFixed(0)}/s)`,
    )
  }
  await phase('reading only,', false)
  await phase('racing claims,', true)
  const [check] = (
    await target.db.execute<{ over: number; overflowing: number; claimed: number; wanted: number }>(sql`
      select coalesce(sum(greatest(0, c.claimed - i.quantity)), 0)::int as over,
             count(*) filter (where c.claimed > i.quantity)::int as overflowing,
             coalesce(sum(c.claimed), 0)::int as claimed,
             coalesce(sum(i.quantity), 0)::int as wanted
        from wish_list_items i
        left join lateral (select coalesce(sum(quantity), 0) as claimed from wish_list_claims where item_id = i.id) c on true
       where i.list_id = ${list.id}`)
  ).rows
  console.log(
    `  claims: ${outcome.granted} granted, ${outcome.refused} refused with 409, ${outcome.unclaimed} unclaimed, ${outcome.other} other answers`,
  )
  console.log(
    `  units claimed beyond an item's quantity: ${check?.over} (items over: ${check?.overflowing}); ${check?.claimed} of ${check?.wanted} units claimed at the end`,
  )
  await app.close()
  await target.close()
}

console.log(`Presently wish-list benchmark on ${os.cpus().length} cores, Node ${process.version}`)
await run(await embeddedTarget())
if (process.env.DATABASE_URL) await run(await serverTarget(process.env.DATABASE_URL))
