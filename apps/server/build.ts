/**
 * Builds the server to JavaScript (issue 44; docs/decisions/compiled-server.md): esbuild bundles
 * src/server.ts (and the catalog-import child, src/catalog-import/child.ts) with the workspace packages it imports (@presently/*, which ship TypeScript
 * source) into dist/, ES modules with linked source maps, for `node --enable-source-maps
 * dist/server.js`. Every other package stays an import that Node resolves from dist/ at run time
 * (apps/server/node_modules, then the root's), so native modules (argon2, the embedded
 * PostgreSQL binaries) and packages that read their own files keep working.
 *
 *   npm run build -w @presently/server     (turbo caches it; `npm start` runs it)
 *
 * Two things a bundle would otherwise change:
 * - `import.meta.url` of a bundled module would be dist/'s: it becomes the module's own source
 *   file's URL again, relative to the bundle (position-independent), so paths such as
 *   packages/db's migrations and seed folders and apps/web/dist resolve as under tsx.
 * - a package a workspace package depends on must resolve from dist/ to the same copy as from
 *   that package (npm may nest a different version under packages/<name>/node_modules): the
 *   build fails, naming it, when it does not.
 * @throws (exits 1) on a compile error or a package that resolves to another copy from dist/.
 */
import { readFile, rm } from 'node:fs/promises'
import { builtinModules } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Plugin } from 'esbuild'

const here = path.dirname(fileURLToPath(import.meta.url))
const outdir = path.join(here, 'dist')
const builtins = new Set(builtinModules)

/** "name@version" of the installed package that holds `file` (undefined: none). */
async function packageVersion(file: string): Promise<string | undefined> {
  const match = /^(.*[\\/]node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(file)
  if (!match) return undefined
  const manifest = JSON.parse(await readFile(path.join(match[1]!, 'package.json'), 'utf8')) as {
    name: string
    version: string
  }
  return `${manifest.name}@${manifest.version}`
}

/**
 * Bare imports other than @presently/* stay external, checked to resolve from dist/ to the same
 * version as from the importing package (two copies of one version are the same code).
 */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@presently/') || (args.pluginData as { checking?: boolean } | undefined)?.checking)
        return undefined
      if (args.path.startsWith('node:') || builtins.has(args.path)) return { path: args.path, external: true }
      const resolveFrom = (resolveDir: string) =>
        b.resolve(args.path, { resolveDir, kind: args.kind, pluginData: { checking: true } })
      const [fromImporter, fromServer] = await Promise.all([resolveFrom(args.resolveDir), resolveFrom(here)])
      if (fromImporter.errors.length === 0 && fromImporter.path !== fromServer.path) {
        const [wanted, found] = await Promise.all([packageVersion(fromImporter.path), packageVersion(fromServer.path)])
        if (wanted !== found)
          return {
            errors: [
              {
                text: `"${args.path}" is ${wanted} from ${args.importer} but ${found ?? 'missing'} from apps/server: add it to apps/server's dependencies at the same version`,
              },
            ],
          }
      }
      return { path: args.path, external: true }
    })
  },
}

/** `import.meta.url` in a bundled source file: that file's URL, found from the bundle's own. */
const sourceFileUrl: Plugin = {
  name: 'source-file-url',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined
      const source = await readFile(args.path, 'utf8')
      if (!source.includes('import.meta.url')) return undefined
      const relative = path.relative(outdir, args.path).split(path.sep).join('/')
      return {
        contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      }
    })
  },
}

await rm(outdir, { recursive: true, force: true })
const result = await build({
  // The catalog-import child (src/catalog-import/child.ts) is an entry of its own: the server forks
  // dist/catalog-import-child.js for each import (docs/decisions/catalog-jobs-process.md).
  entryPoints: {
    server: path.join(here, 'src/server.ts'),
    'catalog-import-child': path.join(here, 'src/catalog-import/child.ts'),
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: 'linked',
  // Stack traces need the mappings only; the sources are in the repository beside dist/.
  sourcesContent: false,
  // Every output file sits in dist/ itself: the source-file URLs above are relative to it.
  chunkNames: '[name]-[hash]',
  plugins: [externalPackages, sourceFileUrl],
  logLevel: 'warning',
  metafile: true,
})
const bytes = Object.values(result.metafile.outputs)
  .filter((_, i) => !Object.keys(result.metafile.outputs)[i]!.endsWith('.map'))
  .reduce((sum, output) => sum + output.bytes, 0)
console.log(`server built: dist/ ${(bytes / 1024).toFixed(0)} KiB of JavaScript`)
