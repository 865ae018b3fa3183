/**
 * Benchmark (not a test) of issue 15: the database dies under load. Starts the shop as
 * `npm start` does (embedded default, fresh DATA_DIR), runs writers (signed-in users adding
 * people) and readers (listings) at once, then kills PostgreSQL's postmaster with SIGKILL; the
 * shop's supervisor starts it again on the same port. Prints the answers by status while it was
 * down, errors other than 503 (target 0), acknowledged writes missing afterwards (target 0),
 * the time from the database being back to the first acknowledged write (target <= 5 s), and
 * latency percentiles.
 *
 *   npm run bench:db-restart                      # 16 writers + 16 readers, 20 s
 *   BENCH_SECONDS=30 BENCH_CONCURRENCY=64 npm run bench:db-restart
 */
import { execFileSync, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildServer } from './server-process.ts'
import { createDb, findRunningCluster, inArray, people } from '@presently/db'
import { signUpOverHttp } from '../apps/server/src/testing/http-accounts.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32)
const seconds = Number(process.env.BENCH_SECONDS ?? 20)
const port = Number(process.env.BENCH_PORT ?? 3392)

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'presently-bench-restart-'))
  execFileSync('chmod', ['755', dataDir])
  buildServer()
  const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
    cwd: path.join(here, '../apps/server'),
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      WEB_DIST: '/nonexistent',
      AUTH_RATE_LIMIT_IP_MAX: '1000000',
      AUTH_RATE_LIMIT_EMAIL_MAX: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  try {
    while (
      !(await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (server.exitCode !== null) throw new Error('the server exited')
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    const cluster = await findRunningCluster(dataDir)
    if (!cluster) throw new Error('no cluster in DATA_DIR')
    const check = createDb(cluster.url, { max: 2 })
    const writers = Math.max(1, Math.round(concurrency / 2))
    const accounts = await Promise.all(
      Array.from({ length: writers }, (_, i) => signUpOverHttp(base, check.db, `restart-${i}@example.com`)),
    )
    const relationshipId = ((await (await fetch(`${base}/api/relationships`)).json()) as Array<{ id: number }>)[0]!.id

    const acknowledged: number[] = []
    const statuses = new Map<string, number>()
    const latencies: number[] = []
    let firstAckAfterBack: number | undefined
    let databaseBackAt: number | undefined
    const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1)
    const until = performance.now() + seconds * 1000

    async function call(url: string, init?: RequestInit) {
      const started = performance.now()
      try {
        const res = await fetch(`${base}${url}`, init)
        const body = await res.text()
        latencies.push(performance.now() - started)
        count(String(res.status))
        return { status: res.status, body }
      } catch {
        count('connection error')
        return { status: 0, body: '' }
      }
    }
    const writer = async (cookie: string, n: number) => {
      for (let i = 0; performance.now() < until; i++) {
        const res = await call('/api/people', {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `P ${n}-${i}`, relationshipId }),
        })
        if (res.status === 201) {
          acknowledged.push((JSON.parse(res.body) as { id: number }).id)
          if (databaseBackAt !== undefined && firstAckAfterBack === undefined) firstAckAfterBack = performance.now()
        } else if (res.status === 503) await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }
    const reader = async (n: number) => {
      for (let i = 0; performance.now() < until; i++) {
        const res = await call(
          `/api/products?page=${(i % 20) + 1}&limit=24&sort=price_asc&search=${n % 2 ? 'lego' : 'train'}`,
        )
        if (res.status === 503) await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }
    const load = Promise.all([
      ...accounts.map((a, i) => writer(a.cookie, i)),
      ...Array.from({ length: concurrency - writers }, (_, i) => reader(i)),
    ])

    await new Promise((resolve) => setTimeout(resolve, (seconds * 1000) / 4))
    const killedAt = performance.now()
    process.kill(cluster.pid, 'SIGKILL')
    // Back when it accepts connections again.
    while (databaseBackAt === undefined) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      const probe = createDb(cluster.url, { max: 1 })
      await probe.db.$client
        .query('select 1')
        .then(() => (databaseBackAt = performance.now()))
        .catch(() => undefined)
      await probe.pool.end()
    }
    await load

    const stored = await check.db.select({ id: people.id }).from(people).where(inArray(people.id, acknowledged))
    await check.pool.end()
    const errors = [...statuses].filter(([s]) => !['200', '201', '503'].includes(s))
    console.log(
      `== database killed (SIGKILL to the postmaster) under load on the embedded default (${os.cpus().length} cores)`,
    )
    console.log(`  load: ${writers} writers + ${concurrency - writers} readers for ${seconds} s`)
    console.log(`  answers: ${[...statuses].map(([s, n]) => `${n} x ${s}`).join(', ')}`)
    console.log(`  errors other than 503: ${errors.reduce((n, [, c]) => n + c, 0)}`)
    console.log(
      `  acknowledged writes: ${acknowledged.length}, missing afterwards: ${acknowledged.length - stored.length}`,
    )
    console.log(`  database down for ${((databaseBackAt - killedAt) / 1000).toFixed(2)} s (supervisor restart)`)
    console.log(
      `  first acknowledged write ${firstAckAfterBack === undefined ? 'never' : `${((firstAckAfterBack - databaseBackAt) / 1000).toFixed(2)} s`} after the database was back`,
    )
    console.log(
      `  latency p50 ${percentile(latencies, 50).toFixed(1)} / p95 ${percentile(latencies, 95).toFixed(1)} / p99 ${percentile(latencies, 99).toFixed(1)} ms`,
    )
  } finally {
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
    await rm(dataDir, { recursive: true, force: true })
  }
}

await main()
