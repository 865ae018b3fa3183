/**
 * Benchmark (not a test) of issue 11: GET /api/my-orders and GET /api/get-liked-products for a
 * user with 5,000 orders and 2,000 likes (with associations), among 20 other users with 500
 * orders and 200 likes each, on the seed catalog. Runs on a fresh embedded PostgreSQL cluster
 * and, when DATABASE_URL is set, on a fresh database on that server too. For each call: a cold
 * pass over distinct URLs, then a closed loop (a worker thread) of BENCH_CONNECTIONS at once for BENCH_SECONDS
 * (p50/p95/p99). Prints figures; asserts nothing.
 *
 *   npm run bench:likes-orders -w @presently/bench
 *   BENCH_SECONDS=5 BENCH_CONNECTIONS=16 npm run bench:likes-orders -w @presently/bench
 *   BENCH_ACCEPT_ENCODING=identity ... (answers uncompressed; default: what Chromium accepts)
 */
import os from 'node:os'
import { sql, users, type Db } from '@presently/db'
import { importCatalog, seedCatalogFile } from '@presently/db/import'
import {
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

const ORDERS = Number(process.env.BENCH_ORDERS ?? 5000)
const LIKES = Number(process.env.BENCH_LIKES ?? 2000)
const OTHER_USERS = 20

/** A user with `people` people, `likes` likes (a third with an association) and `orders` orders. */
async function seedUser(db: Db, email: string, counts: { people: number; likes: number; orders: number }) {
  const [user] = await db.insert(users).values({ email, emailConfirmedAt: new Date() }).returning({ id: users.id })
  const userId = user!.id
  await db.execute(sql`
    insert into people (user_id, name)
    select ${userId}, 'Person ' || g from generate_series(1, ${counts.people}) g`)
  // Likes of distinct products, a minute apart.
  await db.execute(sql`
    insert into product_likes (user_id, product_id, created_at)
    select ${userId}, p.id, now() - (row_number() over (order by md5(p.id::text || ${email}))) * interval '1 minute'
    from products p where not p.disabled
    order by md5(p.id::text || ${email}) limit ${counts.likes}`)
  await db.execute(sql`
    insert into product_like_associations (product_like_id, person_id, occasion_id)
    select pl.id,
      (select id from people where user_id = ${userId} order by id offset (pl.id % ${counts.people}) limit 1),
      (select id from occasions order by id offset (pl.id % 6) limit 1)
    from product_likes pl where pl.user_id = ${userId} and pl.id % 3 = 0`)
  // Orders spread over two years, products and people cycling.
  await db.execute(sql`
    with prods as (select id, affiliate_url, row_number() over (order by id) as n from products where affiliate_url is not null),
         ppl as (select id, row_number() over (order by id) as n from people where user_id = ${userId}),
         occ as (select id, row_number() over (order by id) as n from occasions)
    insert into click_throughs (user_id, product_id, person_id, occasion_id, affiliate_url, created_at)
    select ${userId}, prods.id, ppl.id, occ.id, prods.affiliate_url, now() - g * interval '2 hours'
    from generate_series(1, ${counts.orders}) g
    join prods on prods.n = 1 + (g * 7919) % (select count(*) from prods)
    join ppl on ppl.n = 1 + g % ${counts.people}
    join occ on occ.n = 1 + g % (select count(*) from occ)`)
  return userId
}

async function run(target: Target): Promise<void> {
  console.log(`\n== ${target.label}`)
  const imported = await importCatalog(target.db, { file: seedCatalogFile })
  console.log(`  catalog: ${imported.imported} products`)
  const started = performance.now()
  const userId = await seedUser(target.db, 'bench-buyer@example.com', { people: 25, likes: LIKES, orders: ORDERS })
  for (let i = 0; i < OTHER_USERS; i++) {
    await seedUser(target.db, `bench-other-${i}@example.com`, { people: 5, likes: 200, orders: 500 })
  }
  await target.db.execute(sql`analyze`)
  const [counts] = (
    await target.db.execute<{ orders: number; likes: number; associations: number; all_orders: number }>(sql`
      select (select count(*)::int from click_throughs where user_id = ${userId}) as orders,
             (select count(*)::int from product_likes where user_id = ${userId}) as likes,
             (select count(*)::int from product_like_associations a join product_likes l on l.id = a.product_like_id where l.user_id = ${userId}) as associations,
             (select count(*)::int from click_throughs) as all_orders`)
  ).rows
  console.log(
    `  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s: the user has ${counts?.orders} orders, ${counts?.likes} likes, ${counts?.associations} associations; ${counts?.all_orders} orders in all`,
  )
  const { address, cookie, close } = await listenSignedIn(target.db, userId)
  const likes = await (await fetch(`${address}/api/get-liked-products`, { headers: cookie })).text()
  console.log(`  GET /api/get-liked-products answers ${(likes.length / 1024).toFixed(0)} KB (${LIKES} likes)`)
  console.log('  one at a time (CPU per answer: steadier than req/s on a shared machine)')
  for (const [path, title] of [
    ['/api/get-liked-products', 'get-liked-products (2,000)'],
    ['/api/get-liked-products/page', 'liked page 1 (48 of 2,000)'],
    ['/api/my-orders?page=1&itemsPerPage=10', 'my-orders page 1 (10)'],
  ] as const) {
    for (const encoding of ['identity', 'gzip, deflate, br']) await cpuPerAnswer(address, path, title, cookie, encoding)
    // After a write that moves the user's data version (issue 24): the answer is made afresh.
    await cpuPerMiss(address, path, title, cookie, 'gzip, deflate, br', () =>
      target.db.execute(
        sql`update product_likes set created_at = created_at where id = (select min(id) from product_likes where user_id = ${userId})`,
      ),
    )
  }
  if (process.env.BENCH_CPU_ONLY) {
    await close()
    await target.close()
    return
  }
  console.log(`  load: ${connections} connections, ${seconds} s each`)
  await load(address, '/api/my-orders?page=1&itemsPerPage=10', 'my-orders page 1 (10)', cookie)
  await load(
    address,
    Array.from({ length: 20 }, (_, i) => `/api/my-orders?page=${i * 25 + 1}&itemsPerPage=10`),
    'my-orders pages 1..476',
    cookie,
  )
  await load(address, '/api/my-orders?page=100&itemsPerPage=50', 'my-orders last page (50)', cookie)
  await load(address, '/api/get-liked-products', 'get-liked-products (2,000)', cookie)
  // The web app's Liked Products page: its first page of 48 (issue 24).
  await load(address, '/api/get-liked-products/page', 'liked page 1 (48 of 2,000)', cookie)
  await close()
  await target.close()
}

console.log(`Presently likes and orders benchmark on ${os.cpus().length} cores, Node ${process.version}`)
await run(await embeddedTarget())
if (process.env.DATABASE_URL) await run(await serverTarget(process.env.DATABASE_URL))
