/**
 * `npm run import -- <file> [--descriptions <file> | --no-descriptions] [--batch-size N]`
 * (issue "Catalog importer"): imports a catalog CSV (.csv or .csv.gz; PromptCloud Amazon UK
 * catalog or Awin datafeed) into the database of DATABASE_URL, or the embedded one in DATA_DIR
 * (default <repo root>/.data). Exit code 0 on success, 1 on a usage error, a missing file, an
 * unknown format or a database error.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import cliProgress from 'cli-progress'
import { openDatabase, type Database } from '../client.ts'
import { runMigrations } from '../migrate/migrate.ts'
import { CatalogImportError, importCatalog, type ImportSummary } from '../import/import-catalog.ts'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')
/** npm runs workspace scripts in packages/db; INIT_CWD is where the user typed the command. */
const userCwd = process.env.INIT_CWD ?? process.cwd()
const MAX_LISTED_REJECTIONS = 20

const USAGE = `usage: npm run import -- <file.csv|file.csv.gz> [--descriptions <file>] [--no-descriptions] [--batch-size N]

Imports a PromptCloud Amazon UK catalog or an Awin datafeed into the products table.
A PromptCloud file is joined with a sibling *_with_descriptions.csv[.gz] when one exists.
Database: DATABASE_URL, or the embedded database in DATA_DIR (default <repo>/.data).`

interface Args {
  file: string
  descriptionsFile: string | false | undefined
  batchSize: number | undefined
}

class UsageError extends Error {}

/** Parses argv (after the script name); relative paths resolve against the user's directory. */
function parseArgs(argv: readonly string[]): Args | 'help' {
  let file: string | undefined
  let descriptionsFile: string | false | undefined
  let batchSize: number | undefined
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    const [flag, inline] = arg.startsWith('--') ? (arg.split(/=(.*)/s, 2) as [string, string?]) : [arg]
    const value = () => {
      const next = inline ?? argv[++i]
      if (next === undefined || next === '') throw new UsageError(`${flag} needs a value`)
      return next
    }
    if (flag === '--help' || flag === '-h') return 'help'
    else if (flag === '--descriptions') descriptionsFile = path.resolve(userCwd, value())
    else if (flag === '--no-descriptions') descriptionsFile = false
    else if (flag === '--batch-size') {
      batchSize = Number(value())
      if (!Number.isInteger(batchSize) || batchSize < 1) throw new UsageError('--batch-size must be a positive integer')
    } else if (arg.startsWith('-')) throw new UsageError(`unknown option ${arg}`)
    else if (file === undefined) file = path.resolve(userCwd, arg)
    else throw new UsageError(`unexpected argument ${arg} (one file per run)`)
  }
  if (!file) throw new UsageError('missing the file to import')
  return { file, descriptionsFile, batchSize }
}

/** A path relative to the user's directory when it is inside it, else absolute. */
function shown(file: string): string {
  const relative = path.relative(userCwd, file)
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file
}

function formatSummary(summary: ImportSummary): string {
  const lines = [
    `file:      ${shown(summary.file)} (${summary.format})`,
    `descriptions: ${summary.descriptionsFile ? shown(summary.descriptionsFile) : 'none'}`,
    `read:      ${summary.read}`,
    `imported:  ${summary.imported}`,
    `updated:   ${summary.updated}`,
    `skipped:   ${summary.skipped}`,
    `duration:  ${(summary.durationMs / 1000).toFixed(1)} s (${summary.rowsPerSecond} rows/s)`,
  ]
  if (summary.skipped > 0) {
    const byReason = new Map<string, number>()
    for (const r of summary.rejections) byReason.set(r.reason, (byReason.get(r.reason) ?? 0) + 1)
    lines.push('skip reasons:')
    for (const [reason, count] of [...byReason].sort((a, b) => b[1] - a[1])) lines.push(`  ${count} × ${reason}`)
    lines.push('skipped rows:')
    for (const r of summary.rejections.slice(0, MAX_LISTED_REJECTIONS)) {
      lines.push(`  line ${r.line}: ${r.reason}${r.value !== undefined ? ` (${JSON.stringify(r.value)})` : ''}`)
    }
    const more = summary.rejections.length - MAX_LISTED_REJECTIONS
    if (more > 0) lines.push(`  ... and ${more} more`)
  }
  return lines.join('\n')
}

async function main(): Promise<number> {
  let args: Args | 'help'
  try {
    args = parseArgs(process.argv.slice(2))
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    console.error(`error: ${error.message}\n\n${USAGE}`)
    return 1
  }
  if (args === 'help') {
    console.log(USAGE)
    return 0
  }
  if (!existsSync(args.file)) {
    console.error(`error: file not found: ${args.file}`)
    return 1
  }
  if (args.descriptionsFile && !existsSync(args.descriptionsFile)) {
    console.error(`error: descriptions file not found: ${args.descriptionsFile}`)
    return 1
  }

  const dataDir = path.resolve(userCwd, process.env.DATA_DIR ?? path.join(repoRoot, '.data'))
  let database: Database | undefined
  const bar = process.stdout.isTTY
    ? new cliProgress.SingleBar(
        {
          format: 'importing {bar} {percentage}% | {rows} rows | {imported} new, {updated} updated, {skipped} skipped',
          hideCursor: true,
        },
        cliProgress.Presets.shades_classic,
      )
    : undefined
  try {
    database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir })
    await runMigrations(database.db)
    bar?.start(1, 0, { rows: 0, imported: 0, updated: 0, skipped: 0 })
    const summary = await importCatalog(database.db, {
      file: args.file,
      descriptionsFile: args.descriptionsFile,
      batchSize: args.batchSize,
      onProgress: (p) => {
        bar?.setTotal(Math.max(1, p.totalBytes))
        bar?.update(p.bytesRead, { rows: p.read, imported: p.imported, updated: p.updated, skipped: p.skipped })
      },
    })
    bar?.stop()
    console.log(formatSummary(summary))
    return 0
  } catch (error) {
    bar?.stop()
    if (error instanceof CatalogImportError) console.error(`error: ${error.message}`)
    else
      console.error(`error: import failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    return 1
  } finally {
    await database?.close()
  }
}

process.exitCode = await main()
