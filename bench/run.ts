/**
 * Benchmarks (not tests): catalog import throughput and /api/products latency.
 * Runs on a fresh embedded PostgreSQL cluster and, when DATABASE_URL is set, on a fresh database
 * on that PostgreSQL server too. Prints figures; asserts nothing.
 *
 *   npm run bench                      # embedded only
 *   DATABASE_URL=postgres://... npm run bench
 *   BENCH_SECONDS=5 npm run bench       # shorter load phases (default 10 s each)
 */
import os from 'node:os'
import { importCatalog, seedCatalogFile } from '@presently/db/import'
import { buildApp } from '../apps/server/src/app.ts'
import { connections, embeddedTarget, load, seconds, serverTarget, type Target } from './lib.ts'

async function run(target: Target): Promise<void> {
  console.log(`\n== ${target.label}`)
  const first = await importCatalog(target.db, { file: seedCatalogFile })
  console.log(
    `  import (fresh)   ${first.read} rows read, ${first.imported} imported, ${first.skipped} skipped in ${(first.durationMs / 1000).toFixed(2)} s = ${first.rowsPerSecond.toFixed(0)} rows/s`,
  )
  const again = await importCatalog(target.db, { file: seedCatalogFile })
  console.log(
    `  import (update)  ${again.read} rows read, ${again.updated} updated, ${again.imported} new in ${(again.durationMs / 1000).toFixed(2)} s = ${again.rowsPerSecond.toFixed(0)} rows/s`,
  )
  const app = await buildApp({
    env: { APP_URL: 'http://localhost', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' },
    db: target.db,
    logger: false,
  })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  console.log(`  load: ${connections} connections, ${seconds} s each`)
  await load(address, '/api/products?page=1&limit=12', 'page 1')
  await load(
    address,
    Array.from({ length: 20 }, (_, i) => `/api/products?page=${i * 15 + 1}&limit=24&sort=price_asc`),
    'pages by price',
  )
  await load(
    address,
    ['Hobbies', 'Games', 'Tech', 'Music', 'Home'].map((c) => `/api/products?category_name=${c}&limit=12`),
    'category',
  )
  await load(
    address,
    ['train set', 'doll', 'hornbi', 'dinosaur', 'kite'].map(
      (q) => `/api/products?search=${encodeURIComponent(q)}&limit=12`,
    ),
    'search',
  )
  await app.close()
  await target.close()
}

console.log(`Presently benchmarks on ${os.cpus().length} cores, Node ${process.version}`)
await run(await embeddedTarget())
if (process.env.DATABASE_URL) await run(await serverTarget(process.env.DATABASE_URL))
