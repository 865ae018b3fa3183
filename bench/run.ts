/**
 * Benchmarks (not tests): catalog import throughput and /api/products latency.
 * Runs on a fresh embedded PGlite database and, when DATABASE_URL is set, on a fresh database
 * on that PostgreSQL server too. Prints figures; asserts nothing.
 *
 *   npm run bench                      # embedded only
 *   DATABASE_URL=postgres://... npm run bench
 *   BENCH_SECONDS=5 npm run bench       # shorter load phases (default 10 s each)
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { createDb, runMigrations, startEmbeddedServer, type Db } from '@presently/db'
import { importCatalog, seedCatalogFile } from '@presently/db/import'
import { buildApp } from '../apps/server/src/app.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32)

interface Target {
  label: string
  db: Db
  close: () => Promise<void>
}

async function embeddedTarget(): Promise<Target> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'presently-bench-'))
  const server = await startEmbeddedServer({ dataDir: dir, maxConnections: 64 })
  const { db, pool } = createDb(server.url, { max: connections })
  return {
    label: 'embedded PGlite (loopback socket)',
    db,
    close: async () => {
      await pool.end()
      await server.stop()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

async function serverTarget(url: string): Promise<Target> {
  const name = `presently_bench_${Date.now()}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const dbUrl = new URL(url)
  dbUrl.pathname = `/${name}`
  const { db, pool } = createDb(dbUrl.toString(), { max: connections })
  return {
    label: 'PostgreSQL server (DATABASE_URL)',
    db,
    close: async () => {
      await pool.end()
      const dropper = new pg.Client({ connectionString: url })
      await dropper.connect()
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    },
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)] ?? NaN
}

async function load(url: string, title: string): Promise<void> {
  const latencies: number[] = []
  const instance = autocannon({ url, connections, duration: seconds })
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime)
  })
  const result = await instance
  latencies.sort((a, b) => a - b)
  const fmt = (n: number) => n.toFixed(1).padStart(7)
  console.log(
    `  ${title.padEnd(34)} p50 ${fmt(percentile(latencies, 50))} ms  p95 ${fmt(percentile(latencies, 95))} ms  p99 ${fmt(percentile(latencies, 99))} ms  ${result.requests.average.toFixed(0).padStart(6)} req/s  (${result.requests.total} requests, ${result.non2xx} non-2xx, ${result.errors} errors)`,
  )
}

async function run(target: Target): Promise<void> {
  console.log(`\n== ${target.label}`)
  await runMigrations(target.db)
  const first = await importCatalog(target.db, { file: seedCatalogFile })
  console.log(
    `  import (fresh)   ${first.read} rows read, ${first.imported} imported, ${first.skipped} skipped in ${(first.durationMs / 1000).toFixed(2)} s = ${first.rowsPerSecond.toFixed(0)} rows/s`,
  )
  const again = await importCatalog(target.db, { file: seedCatalogFile })
  console.log(
    `  import (update)  ${again.read} rows read, ${again.updated} updated, ${again.imported} new in ${(again.durationMs / 1000).toFixed(2)} s = ${again.rowsPerSecond.toFixed(0)} rows/s`,
  )
  const app = await buildApp({ env: { APP_URL: 'http://localhost', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }, db: target.db, logger: false })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  console.log(`  load: ${connections} connections, ${seconds} s each`)
  await load(`${address}/api/products?page=1&limit=12`, 'GET /api/products page 1')
  await load(`${address}/api/products?page=200&limit=24&sort=price_asc`, 'GET /api/products page 200 by price')
  await load(`${address}/api/products?category_name=Hobbies&limit=12`, 'GET /api/products category')
  await load(`${address}/api/products?search=train%20set&limit=12`, 'GET /api/products search')
  await app.close()
  await target.close()
}

console.log(`Presently benchmarks on ${os.cpus().length} cores, Node ${process.version}`)
await run(await embeddedTarget())
if (process.env.DATABASE_URL) await run(await serverTarget(process.env.DATABASE_URL))
