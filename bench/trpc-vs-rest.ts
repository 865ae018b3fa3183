/**
 * tRPC vs REST throughput (a benchmark, not a test): the same three catalog reads the SPA makes
 * (a search, a category listing, one product) asked through /api/* and through /trpc, side by
 * side in one run, each with autocannon at BENCH_CONNECTIONS (default 32) for BENCH_SECONDS
 * (default 10). Prints req/s, latency and the tRPC/REST ratio; asserts nothing.
 *
 * The tRPC calls are spelled as the browser client sends them: a plain GET (the SPA's link for
 * public catalog reads) and, for comparison, httpBatchLink's one-call batch.
 *
 *   npm run bench:trpc -w @presently/bench                         # starts a server on :3310
 *   DATABASE_URL=postgres://... npm run bench:trpc -w @presently/bench
 *   BENCH_URL=http://127.0.0.1:3000 npm run bench:trpc -w @presently/bench   # a running server
 *   BENCH_CPU_PROF=/tmp/prof npm run bench:trpc -w @presently/bench  # the server under --cpu-prof
 *   BENCH_ONLY=trpc                                                   # one path only (for profiles)
 *
 * Machine noise: on a shared 2-core machine compare the ratio, not the absolute numbers.
 */
import os from 'node:os'
import autocannon from 'autocannon'
import { startServerProcess, type ServerProcess } from './server-process.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32)
const only = process.env.BENCH_ONLY as 'rest' | 'trpc' | 'batch' | undefined

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

interface Figures {
  rps: number
  p50: number
  p99: number
  non2xx: number
  errors: number
  bytes: number
}

async function run(base: string, path: string): Promise<Figures> {
  const result = await autocannon({ url: base + path, connections, duration: seconds })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    bytes: result.throughput.average / Math.max(1, result.requests.average),
  }
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
    console.log(
      `tRPC vs REST on ${os.cpus().length} cores, Node ${process.version}: ${connections} connections, ${seconds} s each, ${base}`,
    )
    const fmt = (f: Figures) =>
      `${f.rps.toFixed(0).padStart(6)} req/s  p50 ${String(f.p50).padStart(3)} ms  p99 ${String(f.p99).padStart(4)} ms  ${(f.bytes / 1024).toFixed(1).padStart(5)} KB/answer${f.non2xx || f.errors ? `  (${f.non2xx} non-2xx, ${f.errors} errors)` : ''}`
    for (const read of reads) {
      const rest = only && only !== 'rest' ? undefined : await run(base, read.rest)
      const trpc = only && only !== 'trpc' ? undefined : await run(base, trpcGet(read.procedure, read.input))
      const batch = only && only !== 'batch' ? undefined : await run(base, trpcBatch(read.procedure, read.input))
      console.log(`  ${read.name}`)
      if (rest) console.log(`    REST        ${fmt(rest)}`)
      if (trpc)
        console.log(`    tRPC        ${fmt(trpc)}${rest ? `  = ${(trpc.rps / rest.rps).toFixed(2)} x REST` : ''}`)
      if (batch)
        console.log(`    tRPC batch  ${fmt(batch)}${rest ? `  = ${(batch.rps / rest.rps).toFixed(2)} x REST` : ''}`)
    }
  } finally {
    await server?.stop()
  }
}

await main()
