/**
 * The weight of each page of the built SPA (a benchmark, not a test): per route, the JS and CSS
 * a browser must fetch to show it — the entry chunk and its static imports, plus the route's
 * split chunks (TanStack Router's autoCodeSplitting) and their static imports, for the route and
 * its layout routes — in KB after gzip (level 9) and brotli (quality 11), as the server sends
 * them. Chunks loaded later on demand (dynamic imports) are not counted. Reads Vite's manifest
 * (apps/web/dist/.vite/manifest.json); asserts nothing.
 *
 *   npm run build -w @presently/web && npx tsx bench/web-weight.ts
 *   npx tsx bench/web-weight.ts --build        # builds first
 *   BENCH_WEB_DIST=/tmp/old/dist npx tsx bench/web-weight.ts   # another build (vite build --manifest)
 *
 * Target (issue 15): the landing and listing routes under 120 KB of JS gzip.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dist = process.env.BENCH_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')
const TARGET_KB = 120
/** Routes the issue sets the target for (file names under apps/web/src/routes). */
const TARGETED = new Set(['index.tsx', 'category/$level0.{-$level1}.{-$level2}.{-$level3}.tsx', 'search.tsx'])

interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
type Manifest = Record<string, ManifestChunk>

if (process.argv.includes('--build')) {
  execFileSync('npm', ['run', 'build', '-w', '@presently/web'], { cwd: repoRoot, stdio: 'inherit' })
}
const manifestPath = path.join(dist, '.vite/manifest.json')
if (!existsSync(manifestPath)) {
  console.error(`no ${manifestPath}: run "npm run build -w @presently/web" (or pass --build)`)
  process.exit(1)
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest

const sizes = new Map<string, { raw: number; gzip: number; brotli: number }>()
function sizeOf(file: string) {
  let size = sizes.get(file)
  if (!size) {
    const bytes = readFileSync(path.join(dist, file))
    size = {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    }
    sizes.set(file, size)
  }
  return size
}

/** The chunk keys `key` needs before it runs: itself and its static imports, transitively. */
function staticClosure(key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into
  into.add(key)
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, into)
  return into
}

interface Weight {
  files: number
  js: { raw: number; gzip: number; brotli: number }
  css: { raw: number; gzip: number; brotli: number }
}

function weigh(keys: Iterable<string>): Weight {
  const js = new Set<string>()
  const css = new Set<string>()
  for (const key of keys) {
    const chunk = manifest[key]
    if (!chunk) continue
    if (chunk.file.endsWith('.js')) js.add(chunk.file)
    else if (chunk.file.endsWith('.css')) css.add(chunk.file)
    for (const file of chunk.css ?? []) css.add(file)
  }
  const sum = (files: Set<string>) =>
    [...files]
      .map(sizeOf)
      .reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }), {
        raw: 0,
        gzip: 0,
        brotli: 0,
      })
  return { files: js.size + css.size, js: sum(js), css: sum(css) }
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
if (!entryKey) throw new Error('the manifest has no entry')
const shell = staticClosure(entryKey)

/** Route file (relative to src/routes) -> its split chunk keys. */
const routeChunks = new Map<string, string[]>()
for (const key of Object.keys(manifest)) {
  const match = /^src\/routes\/(.+)\?tsr-split=/.exec(key)
  if (!match?.[1]) continue
  routeChunks.set(match[1], [...(routeChunks.get(match[1]) ?? []), key])
}

/** The layout route files above `file` that have chunks of their own (e.g. _account.tsx). */
function layoutsOf(file: string): string[] {
  const parts = file.split('/')
  const layouts: string[] = []
  for (let i = 1; i < parts.length; i++) {
    const layout = `${parts.slice(0, i).join('/')}.tsx`
    if (routeChunks.has(layout)) layouts.push(layout)
  }
  return layouts
}

/** A readable URL for a route file: "_account/my-account/person/$id.tsx" -> "/my-account/person/$id". */
function urlOf(file: string): string {
  if (/(^|\/)_[^/]+\.tsx$/.test(file)) return `(layout ${file})`
  const url = file
    .replace(/\.tsx$/, '')
    .split('/')
    .filter((part) => !part.startsWith('_'))
    .map((part) => part.replace(/\./g, '/'))
    .join('/')
    .replace(/(^|\/)index$/, '')
  return `/${url}`.replace(/\/+$/, '') || '/'
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(6)
const rows = [...routeChunks.keys()]
  .map((file) => {
    const keys = new Set(shell)
    for (const route of [...layoutsOf(file), file]) {
      // Only the component chunk loads to show the page; error and not-found chunks load on failure.
      for (const key of routeChunks.get(route) ?? []) if (key.endsWith('=component')) staticClosure(key, keys)
    }
    return { file, url: urlOf(file), weight: weigh(keys) }
  })
  .sort((a, b) => a.url.localeCompare(b.url))

const shellWeight = weigh(shell)
console.log(`Web bundle weight per route (${dist}): KB after gzip / brotli\n`)
console.log(
  `  ${'route'.padEnd(52)} ${'JS gzip'.padStart(8)} ${'JS br'.padStart(7)} ${'CSS gzip'.padStart(9)} ${'CSS br'.padStart(7)}  files`,
)
const line = (label: string, w: Weight, note = '') =>
  console.log(
    `  ${label.padEnd(52)} ${kb(w.js.gzip).padStart(8)} ${kb(w.js.brotli).padStart(7)} ${kb(w.css.gzip).padStart(9)} ${kb(w.css.brotli).padStart(7)}  ${String(w.files).padStart(5)}${note}`,
  )
line('(entry: shared by every route)', shellWeight)
for (const row of rows) {
  const targeted = TARGETED.has(row.file)
  const note = targeted
    ? row.weight.js.gzip / 1024 < TARGET_KB
      ? `  under ${TARGET_KB} KB`
      : `  OVER ${TARGET_KB} KB`
    : ''
  line(row.url, row.weight, note)
}
const all = weigh(Object.keys(manifest))
console.log(
  `\n  whole build: JS ${kb(all.js.raw)} KB raw, ${kb(all.js.gzip)} KB gzip; CSS ${kb(all.css.raw)} KB raw, ${kb(all.css.gzip)} KB gzip`,
)
