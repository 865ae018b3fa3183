/**
 * Price alert benchmark (issue 39; not a test): BENCH_ALERT_USERS (10,000) confirmed, subscribed
 * users each watching BENCH_WATCHED (50) products (likes, spread over a catalog of
 * BENCH_ALERT_PRODUCTS, default 20,000), then BENCH_DROP_PERCENT (5%) of the products become 20%
 * cheaper (an UPDATE, as a feed refresh makes it: the price history trigger records it), and the
 * day's price alert run queues the emails (render, digest key, alerts and outbox row in one
 * transaction per user). BENCH_ALERT_INSTANCES (default 2) runs start at once on separate pools,
 * as two server instances would; they must send each user one email. Prints wall time, emails,
 * alerts, duplicates (users with more than one email, alerts recorded twice: both must be 0),
 * the emails expected from the data, and this process's peak RSS. Asserts nothing.
 *
 *   npm run bench:alerts
 *   BENCH_ALERT_USERS=200 npm run bench:alerts      # a smoke run
 */
import os from 'node:os'
import { createDb, sql } from '@presently/db'
import { queuePriceAlerts, type PriceAlertRunStats } from '@presently/api'
import { createMailer } from '@presently/email'
import { embeddedTarget } from './lib.ts'

const users = Number(process.env.BENCH_ALERT_USERS ?? 10_000)
const watched = Number(process.env.BENCH_WATCHED ?? 50)
const productCount = Number(process.env.BENCH_ALERT_PRODUCTS ?? 20_000)
const dropPercent = Number(process.env.BENCH_DROP_PERCENT ?? 5)
const instances = Number(process.env.BENCH_ALERT_INSTANCES ?? 2)
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined }

console.log(
  `Price alert benchmark on ${os.cpus().length} cores, Node ${process.version}: ${users.toLocaleString('en-GB')} users x ${watched} watched products of ${productCount.toLocaleString('en-GB')}, ${dropPercent}% of prices dropped by 20%, ${instances} runs at once`,
)
const target = await embeddedTarget()
try {
  const { db } = target
  const started = performance.now()
  await db.execute(sql`
    insert into users (email, display_name, email_confirmed_at)
    select 'bench-alerts-' || i || '@example.com', 'Shopper ' || i, now() - interval '2 days'
    from generate_series(1, ${users}) i`)
  await db.execute(sql`
    insert into products (aw_product_id, source, source_product_id, title, price, in_stock, category_name)
    select 1000000000 + i, 'bench_alerts', 'p' || i, 'Bench Gift No. ' || i, 10 + (i % 90), true, 'Toys'
    from generate_series(1, ${productCount}) i`)
  // Each user watches `watched` distinct products spread over the catalog, liked a day ago.
  await db.execute(sql`
    insert into product_likes (user_id, product_id, created_at)
    select u.id, p.id, now() - interval '1 day'
    from (select id, row_number() over (order by id) as n from users where email like 'bench-alerts-%') u
    cross join generate_series(0, ${watched - 1}) k
    join products p on p.source = 'bench_alerts'
      and p.source_product_id = 'p' || (1 + ((u.n * ${watched} * 7 + k * 131) % ${productCount}))
    on conflict do nothing`)
  const dropped = await db.execute(sql`
    update products set price = round(price * 0.8, 2)
    where source = 'bench_alerts' and (substr(source_product_id, 2)::int * 7919) % 100 < ${dropPercent}`)
  const expected = await db.execute<{ n: number }>(sql`
    select count(distinct l.user_id)::int as n from product_likes l
    join products p on p.id = l.product_id
    where p.source = 'bench_alerts' and (substr(p.source_product_id, 2)::int * 7919) % 100 < ${dropPercent}`)
  const likes = await db.execute<{ n: number }>(sql`select count(*)::int as n from product_likes`)
  console.log(
    `setup: ${Number(likes.rows[0]?.n).toLocaleString('en-GB')} likes, ${(dropped.rowCount ?? 0).toLocaleString('en-GB')} prices dropped, ${Number(expected.rows[0]?.n).toLocaleString('en-GB')} users due an email, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )

  let peakRss = process.memoryUsage().rss
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50)
  const pools = Array.from({ length: instances }, () => createDb(target.url, { max: 6 }))
  const loadBefore = os.loadavg()[0]!.toFixed(2)
  const runStarted = performance.now()
  let results: PriceAlertRunStats[]
  try {
    results = await Promise.all(
      pools.map(({ db: instance }) =>
        queuePriceAlerts(instance, {
          mailer: createMailer({ db: instance, logger: silent, from: 'Presently <no-reply@example.com>' }),
          appUrl: 'https://presently.example',
        }),
      ),
    )
  } finally {
    clearInterval(sampler)
    await Promise.all(pools.map((p) => p.pool.end()))
  }
  const wall = (performance.now() - runStarted) / 1000
  peakRss = Math.max(peakRss, process.memoryUsage().rss)
  const emails = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from email_log where kind = 'price-alerts'`,
  )
  const twice = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (select user_id from email_log where kind = 'price-alerts' group by user_id having count(*) > 1) t`)
  const alertDupes = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (select user_id, product_id from price_alerts group by 1, 2 having count(*) > 1) t`)
  const alerts = results.reduce((sum, r) => sum + r.alertsSent, 0)
  const failures = results.flatMap((r) => r.failures)
  console.log(
    `run: ${wall.toFixed(1)} s wall, ${Number(emails.rows[0]?.n).toLocaleString('en-GB')} emails (expected ${Number(expected.rows[0]?.n).toLocaleString('en-GB')}; per run ${results.map((r) => r.emailsSent).join(' + ')}), ${alerts.toLocaleString('en-GB')} alerts, ${(Number(emails.rows[0]?.n) / wall).toFixed(0)} emails/s, duplicates: ${Number(twice.rows[0]?.n)} users mailed twice, ${Number(alertDupes.rows[0]?.n)} alerts recorded twice, ${failures.length} failures${failures[0] ? ` (first: ${failures[0]})` : ''}, peak RSS ${mb(peakRss)}, load ${loadBefore} -> ${os.loadavg()[0]!.toFixed(2)}`,
  )
} finally {
  await target.close()
}
