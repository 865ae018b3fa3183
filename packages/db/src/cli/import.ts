/**
 * `npm run import -- <file> [options]` (issue 14 "The importer"): imports a catalog feed (CSV or
 * TSV, plain or gzip; PromptCloud, Awin, or any feed with a column mapping) into the database of
 * DATABASE_URL, or the embedded one in DATA_DIR (default <repo root>/.data).
 *
 * Exit codes: 0 imported; 1 usage error, missing file, unreadable feed (format, mapping,
 * encoding, a truncated or fake .gz, a header without rows) or database error; 2 imported, but
 * more rows were skipped than --max-skip allows.
 */
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import cliProgress from 'cli-progress'
import { openDatabase, type Database } from '../client.ts'
import { runMigrations } from '../migrate/migrate.ts'
import { parseRates, RateError } from '../import/currency.ts'
import { normalizeEncoding } from '../import/encoding.ts'
import { allowedSkips, CatalogImportError, importCatalog } from '../import/import-catalog.ts'
import { loadMappingFile, MappingError, parseMapArgument, type FeedMapping } from '../import/mapping.ts'
import { formatSummary, ProgressLines } from '../import/summary.ts'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')
/** npm runs workspace scripts in packages/db; INIT_CWD is where the user typed the command. */
const userCwd = process.env.INIT_CWD ?? process.cwd()

const USAGE = `usage: npm run import -- <feed.csv|.tsv|.csv.gz> [options]

Imports a catalog feed into the shop. PromptCloud Amazon UK catalogs and Awin datafeeds are
recognised from their header; any other feed needs a column mapping.

  --mapping <file.json>    column mapping and feed settings (see docs/decisions/catalog-import.md)
  --map col=field,...      map feed columns onto shop fields: id, affiliateId, title, description,
                           price, currency, imageUrl, productUrl, categoryPath, category, brand,
                           merchant, merchantId, itemGroupId, rating, reviewCount, salesRank, size, colour
  --preset promptcloud|awin  start from a preset instead of detecting one
  --source <name>          the feed's name (part of each product's identity)
  --merchant <name>        merchant of rows without a merchant column (also names the source)
  --currency <CODE>        currency of rows without a currency column or symbol
  --rate CODE=rate         GBP per unit of CODE, e.g. --rate USD=0.79 (repeatable); rows in a
                           currency without a rate are skipped
  --id-from productUrl     derive each row's id from its product URL (a feed without an id
                           column; also done when nothing is mapped to id but productUrl is)
  --missing-price not-for-sale|skip
                           a row with an empty price: left out as not for sale, or skipped and
                           counted against --max-skip (default: not-for-sale for the PromptCloud
                           preset, skip for every other feed)
  --max-skip 10%|N         fail (exit 2) when more rows are skipped (default 10%)
  --encoding <name>        text encoding, e.g. latin1, windows-1252 (default: detected)
  --delimiter <c>          cell separator (default: detected; "tab" for TSV)
  --descriptions <file>    PromptCloud descriptions file (default: a *_with_descriptions sibling)
  --no-descriptions
  --dry-run                read and check the whole file, write nothing
  --batch-size N           rows per INSERT (default 2000)
  --bulk auto|on|off       one transaction with products' indexes rebuilt after the rows, all or
                           nothing, products locked meanwhile (default auto: a long feed into a
                           small table, e.g. a first big feed)
  --progress-every <s>     seconds between progress lines when stderr is not a terminal (default 5)

Database: DATABASE_URL, or the embedded database in DATA_DIR (default <repo>/.data).
Exit codes: 0 imported, 1 error, 2 too many rows skipped.`

interface Args {
  file: string
  mappingFile: string | undefined
  mapping: FeedMapping
  rates: Record<string, number>
  descriptionsFile: string | false | undefined
  maxSkip: string | undefined
  dryRun: boolean
  batchSize: number | undefined
  bulk: boolean | 'auto'
  progressEvery: number
}

class UsageError extends Error {}

/** Parses argv (after the script name); relative paths resolve against the user's directory. */
function parseArgs(argv: readonly string[]): Args | 'help' {
  let file: string | undefined
  let mappingFile: string | undefined
  const mapping: FeedMapping = {}
  const rates: Record<string, number> = {}
  let descriptionsFile: string | false | undefined
  let maxSkip: string | undefined
  let dryRun = false
  let batchSize: number | undefined
  let bulk: boolean | 'auto' = 'auto'
  let progressEvery = 5
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    const [flag, inline] = arg.startsWith('--') ? (arg.split(/=(.*)/s, 2) as [string, string?]) : [arg]
    const value = () => {
      const next = inline ?? argv[++i]
      if (next === undefined || next === '') throw new UsageError(`${flag} needs a value`)
      return next
    }
    if (flag === '--help' || flag === '-h') return 'help'
    else if (flag === '--mapping') mappingFile = path.resolve(userCwd, value())
    else if (flag === '--map') mapping.columns = { ...mapping.columns, ...parseMapArgument(value()) }
    else if (flag === '--preset') {
      const preset = value()
      if (preset !== 'promptcloud' && preset !== 'awin') throw new UsageError('--preset is promptcloud or awin')
      mapping.preset = preset
    } else if (flag === '--source') mapping.source = value()
    else if (flag === '--merchant') mapping.merchant = value()
    else if (flag === '--currency') {
      const code = value().toUpperCase()
      if (!/^[A-Z]{3}$/.test(code)) throw new UsageError('--currency is a 3-letter code, e.g. GBP')
      mapping.currency = code
    } else if (flag === '--rate') Object.assign(rates, parseRates(value()))
    else if (flag === '--id-from') {
      if (value() !== 'productUrl') throw new UsageError('--id-from can only be productUrl')
      mapping.idFrom = 'productUrl'
    } else if (flag === '--missing-price') {
      const choice = value()
      if (choice !== 'not-for-sale' && choice !== 'skip')
        throw new UsageError('--missing-price is not-for-sale or skip')
      mapping.missingPrice = choice
    } else if (flag === '--max-skip') {
      maxSkip = value()
      try {
        allowedSkips(maxSkip, 0)
      } catch (error) {
        throw new UsageError((error as Error).message)
      }
    } else if (flag === '--encoding') mapping.encoding = normalizeEncoding(value())
    else if (flag === '--delimiter') {
      const d = value()
      mapping.delimiter = d === 'tab' || d === '\\t' ? '\t' : d
    } else if (flag === '--descriptions') descriptionsFile = path.resolve(userCwd, value())
    else if (flag === '--no-descriptions') descriptionsFile = false
    else if (flag === '--dry-run') dryRun = true
    else if (flag === '--batch-size') {
      batchSize = Number(value())
      if (!Number.isInteger(batchSize) || batchSize < 1) throw new UsageError('--batch-size must be a positive integer')
    } else if (flag === '--bulk') {
      const mode = value()
      if (mode !== 'auto' && mode !== 'on' && mode !== 'off') throw new UsageError('--bulk is auto, on or off')
      bulk = mode === 'auto' ? 'auto' : mode === 'on'
    } else if (flag === '--progress-every') {
      progressEvery = Number(value())
      if (!(progressEvery >= 0)) throw new UsageError('--progress-every is a number of seconds')
    } else if (arg.startsWith('-')) throw new UsageError(`unknown option ${arg}`)
    else if (file === undefined) file = path.resolve(userCwd, arg)
    else throw new UsageError(`unexpected argument ${arg} (one file per run)`)
  }
  if (!file) throw new UsageError('missing the file to import')
  return { file, mappingFile, mapping, rates, descriptionsFile, maxSkip, dryRun, batchSize, bulk, progressEvery }
}

/** A path relative to the user's directory when it is inside it, else absolute. */
function shown(file: string): string {
  const relative = path.relative(userCwd, file)
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file
}

/** "not found" or "is a directory, not a file", or null for a readable file. */
async function fileProblem(file: string, what: string): Promise<string | null> {
  try {
    const info = await stat(file)
    if (info.isDirectory()) return `${what} ${shown(file)} is a directory, not a file`
    return info.isFile() ? null : `${what} ${shown(file)} is not a file`
  } catch {
    return `${what} not found: ${shown(file)}`
  }
}

async function main(): Promise<number> {
  let args: Args | 'help'
  try {
    args = parseArgs(process.argv.slice(2))
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof MappingError || error instanceof RateError)) {
      if (!(error instanceof Error && error.message.startsWith('unknown encoding'))) throw error
    }
    console.error(`error: ${error.message}\n\n${USAGE}`)
    return 1
  }
  if (args === 'help') {
    console.log(USAGE)
    return 0
  }
  const problem =
    (await fileProblem(args.file, 'file')) ??
    (args.mappingFile ? await fileProblem(args.mappingFile, 'mapping file') : null) ??
    (args.descriptionsFile ? await fileProblem(args.descriptionsFile, 'descriptions file') : null)
  if (problem) {
    console.error(`error: ${problem}`)
    return 1
  }
  let mapping = args.mapping
  if (args.mappingFile) {
    try {
      const fromFile = await loadMappingFile(args.mappingFile)
      // The command line wins over the file.
      mapping = { ...fromFile, ...mapping, columns: { ...fromFile.columns, ...mapping.columns } }
    } catch (error) {
      console.error(`error: ${(error as Error).message}`)
      return 1
    }
  }

  const dataDir = path.resolve(userCwd, process.env.DATA_DIR ?? path.join(repoRoot, '.data'))
  let database: Database | undefined
  const tty = process.stderr.isTTY
  const bar = tty
    ? new cliProgress.SingleBar(
        {
          format: 'importing {bar} {percentage}% | {rows} rows | {imported} new, {updated} updated, {skipped} skipped',
          hideCursor: true,
        },
        cliProgress.Presets.shades_classic,
      )
    : undefined
  const lines = tty ? undefined : new ProgressLines((line) => console.error(line), args.progressEvery * 1000)
  try {
    if (!args.dryRun) {
      database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir })
      await runMigrations(database.db)
    }
    bar?.start(1, 0, { rows: 0, imported: 0, updated: 0, skipped: 0 })
    const summary = await importCatalog(database?.db ?? null, {
      file: args.file,
      mapping,
      rates: args.rates,
      descriptionsFile: args.descriptionsFile,
      maxSkip: args.maxSkip,
      dryRun: args.dryRun,
      batchSize: args.batchSize,
      bulk: args.bulk,
      onProgress: (p) => {
        bar?.setTotal(Math.max(1, p.totalBytes))
        bar?.update(p.bytesRead, { rows: p.read, imported: p.imported, updated: p.updated, skipped: p.skipped })
        lines?.update(p)
      },
    })
    bar?.stop()
    console.log(formatSummary(summary, shown))
    return summary.tooManySkipped ? 2 : 0
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
