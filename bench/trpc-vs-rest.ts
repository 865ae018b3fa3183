/**
 * tRPC vs REST throughput (a benchmark, not a test): the same three catalog reads the SPA makes
 * (a search, a category listing, one product) asked through /api/* and through /trpc, side by
 * side in one run, each with autocannon at BENCH_CONNECTIONS (default 32) for BENCH_SECONDS
 * (default 10), BENCH_ROUNDS times (default 2) in rotated order. Prints req/s (mean of the
 * rounds), latency and the tRPC/REST ratio, and each read's req/s as a share of a bare Fastify
 * route's in the same run (a separate process; issue 24); asserts nothing.
 *
 * The tRPC calls are spelled as the browser client sends them: a plain GET (the SPA's link for
 * public catalog reads) and, for comparison, httpBatchLink's one-call batch.
 *
 *   npm run bench:trpc -w @presently/bench                         # starts a server on :3310
 *   DATABASE_URL=postgres://... npm run bench:trpc -w @presently/bench
 *   BENCH_URL=http://127.0.0.1:3000 BENCH_PID=1234 npm run bench:trpc -w @presently/bench   # a running server
 *   BENCH_CPU_PROF=/tmp/prof npm run bench:trpc -w @presently/bench  # the server under --cpu-prof
 *   BENCH_ONLY=trpc BENCH_READS=category                              # one path, one read (profiles)
 *
 * Machine noise: on a shared 2-core machine compare ratios, not absolute numbers. The server's CPU
 * time per request (read from /proc for the server this script starts, or BENCH_PID) is the
 * steadier figure: "x REST per CPU second" is the share of REST's capacity the path reaches.
 */
import os from 'node:os'
import autocannon from 'autocannon'
import { startServerProcess, type ServerProcess } from './server-process.ts'
import { statCpuMicros } from './closed-loop.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32)
const only = process.env.BENCH_ONLY as 'rest' | 'trpc' | 'batch' | undefined
const onlyReads = process.env.BENCH_READS?.split(',')
/** Runs of each path per read, in rotated order; figures are means (p50/p99: the worst run). */
const rounds = Number(process.env.BENCH_ROUNDS ?? 2)

interface Read {
  name: string
  rest: string
  procedure: string
  input: Record<string, unknown>
}

function trpcGet(procedure: string, input: unknown): string {
  return `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`
}

function trpcBatch(procedure: string, input: unknown): string {
  return `/trpc/${procedure}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input }))}`
}

/** CPU time (user + system) the process `pid` has used so far, in microseconds (Linux /proc). */
function cpuMicros(pid: number | undefined): number {
  return pid === undefined ? NaN : statCpuMicros(`/proc/${pid}/stat`)
}

let serverPid: number | undefined

interface Figures {
  /** Server CPU per answered request, µs: unlike req/s, hardly moved by other load on the machine. */
  cpuPerRequest: number
  rps: number
  p50: number
  p99: number
  non2xx: number
  errors: number
  bytes: number
}

async function run(base: string, path: string): Promise<Figures> {
  const cpuBefore = cpuMicros(serverPid)
  const result = await autocannon({ url: base + path, connections, duration: seconds })
  return {
    cpuPerRequest: (cpuMicros(serverPid) - cpuBefore) / Math.max(1, result.requests.total),
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    bytes: result.throughput.average / Math.max(1, result.requests.average),
  }
}

/**
 * A bare Fastify app (GET / answers {"ok":true}; no plugins, no logger) in a child process on
 * 127.0.0.1:`port`: its URL, pid, and stop().
 */
async function startBareFastify(port: number): Promise<{ url: string; pid: number; stop: () => void }> {
  const { spawn } = await import('node:child_process')
  const code = `import Fastify from 'fastify'
const app = Fastify()
app.get('/', async () => ({ ok: true }))
await app.listen({ port: ${port}, host: '127.0.0.1' })
process.stdout.write('ready\\n')`
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] })
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve())
    child.once('exit', (exitCode) => reject(new Error(`the bare Fastify app exited with ${exitCode}`)))
  })
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => void child.kill() }
}

/** The data of a tRPC answer (plain or one-call batch) equals the REST answer: the same read. */
async function checkSameRead(base: string, read: Read): Promise<void> {
  const rest: unknown = await (await fetch(base + read.rest)).json()
  const plain = (await (await fetch(base + trpcGet(read.procedure, read.input))).json()) as {
    result?: { data?: unknown }
  }
  if (JSON.stringify(plain.result?.data) !== JSON.stringify(rest)) {
    throw new Error(`${read.name}: the tRPC answer differs from ${read.rest}`)
  }
}

async function main(): Promise<void> {
  let server: ServerProcess | undefined
  let base = process.env.BENCH_URL
  if (!base) {
    const profileDir = process.env.BENCH_CPU_PROF
    server = await startServerProcess({
      port: Number(process.env.BENCH_PORT ?? 3310),
      nodeFlags: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    })
    base = server.url
    serverPid = server.pid
  } else if (process.env.BENCH_PID) {
    serverPid = Number(process.env.BENCH_PID)
  }
  try {
    const sample = (await (await fetch(`${base}/api/products?limit=1&page=3`)).json()) as {
      products: { id: number; categoryName: string | null }[]
    }
    const product = sample.products[0]
    if (!product?.categoryName) throw new Error('the catalog is empty: import it first')
    const reads: Read[] = [
      {
        name: 'search',
        rest: '/api/products?search=train%20set&page=1&limit=12&includeVariants=false',
        procedure: 'products.list',
        input: { page: 1, limit: 12, includeVariants: false, search: 'train set' },
      },
      {
        name: 'category',
        rest: `/api/products/by-category?category_name=${encodeURIComponent(product.categoryName)}&page=1&limit=12&includeVariants=false`,
        procedure: 'products.list',
        input: { page: 1, limit: 12, includeVariants: false, categoryName: product.categoryName },
      },
      {
        name: 'product',
        rest: `/api/products/${product.id}`,
        procedure: 'products.byId',
        input: { id: product.id },
      },
    ]
    for (const read of reads) await checkSameRead(base, read)
    // Issue 24: a bare Fastify route (one GET answering a small JSON, no plugins) in its own
    // process, measured the same way in the same run, as the ceiling the shop's reads are set against.
    const bare = await startBareFastify(Number(process.env.BENCH_BARE_PORT ?? 3311))
    let bareFigures: Figures
    try {
      const shopPid = serverPid
      serverPid = bare.pid
      bareFigures = await run(bare.url, '/')
      serverPid = shopPid
    } finally {
      bare.stop()
    }
    console.log(
      `tRPC vs REST on ${os.cpus().length} cores, Node ${process.version}: ${connections} connections, ${seconds} s x ${rounds} rounds each, ${base}`,
    )
    const fmt = (f: Figures) =>
      `${f.rps.toFixed(0).padStart(6)} req/s  ${Number.isNaN(f.cpuPerRequest) ? '' : `${f.cpuPerRequest.toFixed(0).padStart(4)} µs CPU/req  `}  p50 ${String(f.p50).padStart(3)} ms  p99 ${String(f.p99).padStart(4)} ms  ${(f.bytes / 1024).toFixed(1).padStart(5)} KB/answer${f.non2xx || f.errors ? `  (${f.non2xx} non-2xx, ${f.errors} errors)` : ''}`
    /** Throughput as measured, and capacity: REST's CPU per request over this path's. */
    const ratios = (f: Figures, rest: Figures) =>
      `  = ${(f.rps / rest.rps).toFixed(2)} x REST req/s${Number.isNaN(f.cpuPerRequest) ? '' : `, ${(rest.cpuPerRequest / f.cpuPerRequest).toFixed(2)} x REST per CPU second`}`
    console.log(`  a bare Fastify route  ${fmt(bareFigures)}`)
    const ofBare = (f: Figures) => `; ${((100 * f.rps) / bareFigures.rps).toFixed(0)} % of the bare route's req/s`
    const kinds = (['rest', 'trpc', 'batch'] as const).filter((kind) => !only || only === kind)
    for (const read of reads.filter((r) => !onlyReads || onlyReads.includes(r.name))) {
      const urls = {
        rest: read.rest,
        trpc: trpcGet(read.procedure, read.input),
        batch: trpcBatch(read.procedure, read.input),
      }
      const samples = { rest: [] as Figures[], trpc: [] as Figures[], batch: [] as Figures[] }
      // Each round starts with another path, so drift in the machine's load hits all of them alike.
      for (let round = 0; round < rounds; round++) {
        for (let k = 0; k < kinds.length; k++) {
          const kind = kinds[(k + round) % kinds.length]!
          samples[kind].push(await run(base, urls[kind]))
        }
      }
      const mean = (list: Figures[]): Figures | undefined =>
        list.length === 0
          ? undefined
          : {
              rps: list.reduce((sum, f) => sum + f.rps, 0) / list.length,
              cpuPerRequest: list.reduce((sum, f) => sum + f.cpuPerRequest, 0) / list.length,
              p50: Math.max(...list.map((f) => f.p50)),
              p99: Math.max(...list.map((f) => f.p99)),
              non2xx: list.reduce((sum, f) => sum + f.non2xx, 0),
              errors: list.reduce((sum, f) => sum + f.errors, 0),
              bytes: list[0]!.bytes,
            }
      const [rest, trpc, batch] = [mean(samples.rest), mean(samples.trpc), mean(samples.batch)]
      console.log(`  ${read.name}`)
      if (rest) console.log(`    REST        ${fmt(rest)}  = ${ofBare(rest).slice(2)}`)
      if (trpc) console.log(`    tRPC        ${fmt(trpc)}${rest ? ratios(trpc, rest) : ''}${ofBare(trpc)}`)
      if (batch) console.log(`    tRPC batch  ${fmt(batch)}${rest ? ratios(batch, rest) : ''}${ofBare(batch)}`)
    }
  } finally {
    await server?.stop()
  }
}

await main()
