/**
 * Catalog scale benchmark (not a test): search and listing latency at concurrency 32 on the real
 * 10k catalog and on a catalog of BENCH_PRODUCTS (default 1,000,000) products generated from
 * the real rows (new ids, prices varied by up to +/-40 %, titles suffixed with an edition number).
 * The embedded PostgreSQL, and the PostgreSQL server named by DATABASE_URL when set.
 *
 *   npm run bench:scale
 *   BENCH_PRODUCTS=0 npm run bench:scale          # the shipped catalog only (its "search miss" lines: issue 44)
 *   BENCH_PRODUCTS=0 BENCH_MISSES_ONLY=1 BENCH_REPLICA=0 npm run bench:scale   # only the search misses
 *   BENCH_PRODUCTS=200000 BENCH_SECONDS=5 DATABASE_URL=postgres://... npm run bench:scale
 */
import os from 'node:os'
import { sql } from '@presently/db'
import { importCatalog, seedCatalogFile } from '@presently/db/import'
import { CATALOG_SEARCH_TYPOS as typos, CATALOG_SEARCH_WORDS as words } from '@presently/db/testing'
import { buildApp } from '../apps/server/src/app.ts'
import { embeddedTarget, growCatalog, load, loadMisses, serverTarget, type Target } from './lib.ts'

const target = Number(process.env.BENCH_PRODUCTS ?? 1_000_000)
const categories = [
  'Hobbies',
  'Games',
  'Arts%20%26%20Crafts',
  'Fancy%20Dress',
  'Party%20Supplies',
  'Figures%20%26%20Playsets',
  'Characters%20%26%20Brands',
  'DIE%20CAST%20%26%20TOY%20VEHICLES',
  'Jigsaws%20%26%20Puzzles',
  'Tech',
]
const scenarios: [string, string[]][] = [
  ['search', words.map((w) => `/api/products?search=${encodeURIComponent(w)}&limit=12`)],
  ['search with typos', typos.map((w) => `/api/products?search=${w}&limit=12`)],
  [
    'search by price',
    words.slice(0, 20).map((w) => `/api/products?search=${encodeURIComponent(w)}&sort=price_asc&limit=24`),
  ],
  [
    'category listing',
    categories.flatMap((c) => [1, 2, 3].map((p) => `/api/products?category_name=${c}&page=${p}&limit=12`)),
  ],
  [
    'listing by name, pages',
    Array.from({ length: 30 }, (_, i) => `/api/products?page=${i * 7 + 1}&limit=24&sort=name_asc`),
  ],
]

/** Distinct URLs of the same searches (a seed each), so that every answer is a cache miss. */
function misses(terms: readonly string[], extra = '&limit=12'): string[] {
  const run = Date.now().toString(36)
  return Array.from({ length: 400 }, (_, i) =>
    terms.map((w) => `/api/products?search=${encodeURIComponent(w)}${extra}&seed=${run}-${i}`),
  ).flat()
}

async function measure(t: Target, label: string): Promise<void> {
  const app = await buildApp({
    env: { APP_URL: 'http://localhost', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' },
    db: t.db,
    logger: false,
  })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  console.log(`  ${label}`)
  // BENCH_MISSES_ONLY=1: only the "search miss" lines (issue 44's profiling runs).
  const missesOnly = process.env.BENCH_MISSES_ONLY === '1'
  if (!missesOnly) for (const [title, paths] of scenarios) await load(address, paths, title)
  // Issue 44: searches whose answer no cache holds (target >= 320 req/s, p95 < 100 ms at 32
  // connections on the shipped catalog, on a quiet machine).
  await loadMisses(address, misses(words), 'search miss', t.db)
  await loadMisses(address, misses(typos), 'search miss with typos', t.db)
  // Issue 43 §3: suggestions as people type (target p95 < 150 ms on the embedded default): every
  // prefix of 2+ letters of the words, as typed one letter at a time.
  if (missesOnly) return app.close()
  const prefixes = [
    ...new Set([...words, ...typos].flatMap((w) => Array.from({ length: w.length - 1 }, (_, i) => w.slice(0, i + 2)))),
  ]
  await load(
    address,
    prefixes.map((p) => `/api/search/suggestions?q=${encodeURIComponent(p)}`),
    'suggestions as typed',
  )
  await app.close()
}

async function run(t: Target): Promise<void> {
  console.log(`\n== ${t.label}`)
  await importCatalog(t.db, { file: seedCatalogFile })
  await t.db.execute(sql`vacuum analyze products`)
  await t.db.execute(sql`checkpoint`)
  await measure(t, 'real catalog (8,565 products)')
  if (target > 0) {
    const count = await growCatalog(t.db, target)
    await measure(t, `generated catalog (${count.toLocaleString('en-GB')} products)`)
  }
  await t.close()
}

console.log(`Presently catalog scale benchmark on ${os.cpus().length} cores, Node ${process.version}`)
if (process.env.BENCH_SKIP_EMBEDDED !== '1') await run(await embeddedTarget())
if (process.env.DATABASE_URL) await run(await serverTarget(process.env.DATABASE_URL))
if (process.env.BENCH_REPLICA !== '0') {
  const { replicaScale } = await import('./replica-scale.ts')
  await replicaScale()
}
