import { createWriteStream } from 'node:fs'
import { mkdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { catalogImports, desc, eq, type Db } from '@presently/db'
import { importCatalog, resolveFeedEntry, type CatalogImportRunner, type FeedMapping } from '@presently/db/import'
import { AppError, type FeedRun, type FeedRunSummary, type FeedStatus } from '@presently/domain'
import { redactedUrl, type OutsideFetcher } from '@presently/outside-fetch'
import { describeSchedule, nextRunAfter, validateSchedule } from '../jobs/schedule.ts'

/** One operator feed of CATALOG_FEEDS as the refresh reads it (issue 39). */
export interface FeedConfig {
  /** Unique among the feeds: the mapping's "name", else the file's or URL's last part. */
  name: string
  /** The local file imported (for a URL feed: where each download lands). */
  file: string
  /** The https URL it is downloaded from, or null for a file the operator keeps up to date. */
  url: string | null
  /** Validated 5-field cron expression (Europe/London), or null: by hand only. */
  schedule: string | null
  mapping: FeedMapping
}

/** Download limits of a URL feed (FEED_DOWNLOAD_MAX_MB, FEED_DOWNLOAD_TIMEOUT_SECONDS). */
export interface FeedDownloadLimits {
  maxBytes: number
  timeoutMs: number
}

/**
 * Reads the CATALOG_FEEDS entries (issue 39): each a feed file (with its "<name>.mapping.json"
 * beside it) or a mapping file that names a "file" or an https "url", and may name a "schedule"
 * (cron, Europe/London) and a "name". A URL feed's downloads land in `<dataDir>/feeds/<name>`.
 *
 * @throws Error naming the entry for an unreadable mapping, an invalid schedule or two feeds of one name.
 */
export async function loadFeedConfigs(entries: readonly string[], dataDir: string): Promise<FeedConfig[]> {
  const feeds: FeedConfig[] = []
  for (const entry of entries) {
    const { file, mapping } = await resolveFeedEntry(entry)
    const url = mapping.url ?? null
    const base = url ? path.basename(new URL(url).pathname) || 'feed.csv' : path.basename(file)
    const name = mapping.name?.trim() || base
    let schedule: string | null = null
    if (mapping.schedule) {
      try {
        schedule = validateSchedule(mapping.schedule)
      } catch (err) {
        throw new Error(`CATALOG_FEEDS ${entry}: schedule "${mapping.schedule}": ${(err as Error).message}`)
      }
    }
    if (feeds.some((f) => f.name === name)) throw new Error(`CATALOG_FEEDS: two feeds are named "${name}"`)
    const safe = name.replace(/[^A-Za-z0-9._-]+/g, '_')
    feeds.push({
      name,
      file: url ? path.join(dataDir, 'feeds', /\.(csv|tsv|txt)(\.gz)?$/i.test(safe) ? safe : `${safe}.csv`) : file,
      url,
      schedule,
      mapping,
    })
  }
  return feeds
}

function runOf(row: typeof catalogImports.$inferSelect): FeedRun {
  return {
    importId: row.id,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    status: row.status,
    refresh: row.refresh,
    read: row.read,
    unchanged: row.unchanged,
    changed: row.updated,
    new: row.imported,
    withdrawn: row.withdrawn,
    skipped: row.skipped,
    error: row.error,
  }
}

/** The feeds as the staff Tools page shows them: where from, schedule, next and last run. */
export async function listFeeds(db: Db, feeds: readonly FeedConfig[], now = new Date()): Promise<FeedStatus[]> {
  return Promise.all(
    feeds.map(async (feed) => {
      const [last] = await db
        .select()
        .from(catalogImports)
        .where(eq(catalogImports.file, path.resolve(feed.file)))
        .orderBy(desc(catalogImports.id))
        .limit(1)
      return {
        name: feed.name,
        location: feed.url ? redactedUrl(new URL(feed.url)) : feed.file,
        schedule: feed.schedule,
        scheduleDescription: feed.schedule ? describeSchedule(feed.schedule) : null,
        nextRun: feed.schedule ? nextRunAfter(feed.schedule, now).toISOString() : null,
        lastRun: last ? runOf(last) : null,
      }
    }),
  )
}

/**
 * Downloads a URL feed through the shop's one guarded outside fetcher (issue 38's
 * @presently/outside-fetch: public addresses only, ports 80/443, redirects re-checked) within
 * `limits`, into a temporary file renamed over `feed.file` when complete: a failed or cut-off
 * download leaves the previous file (and the catalog) as they were.
 *
 * @throws OutsideFetchError (blocked address, time-out, too large, HTTP status...).
 */
export async function downloadFeed(
  feed: FeedConfig & { url: string },
  fetcher: OutsideFetcher,
  limits: FeedDownloadLimits,
): Promise<void> {
  await mkdir(path.dirname(feed.file), { recursive: true })
  const partial = `${feed.file}.download`
  try {
    const response = await fetcher.open(feed.url, { maxBytes: limits.maxBytes, timeoutMs: limits.timeoutMs })
    await pipeline(response.body, createWriteStream(partial))
    await rename(partial, feed.file)
  } catch (err) {
    await rm(partial, { force: true })
    throw err
  }
}

/** Feeds being refreshed in this process (a second "run now" of the same feed waits its turn). */
const running = new Map<string, Promise<FeedRunSummary>>()

/**
 * Refreshes one feed (issue 39): downloads it first when it comes from a URL, imports it (a
 * refresh when its source has products: unchanged rows not written, changed ones updated,
 * missing ones withdrawn), then runs `afterImport` (the price alerts). A second call for the same
 * feed while one runs in this process gets that run's result (on several instances, the scheduler's
 * lock gives a scheduled run to one; a staff run beside it finds the rows unchanged).
 *
 * `options.runImport` runs the import (default importCatalog on `db`, in this process; the shop's
 * server runs it in a child process with its own heap: docs/decisions/catalog-jobs-process.md);
 * a child that fails or dies is a failed run like any other import error.
 *
 * @throws AppError NOT_FOUND "Feed not found"; a failed download or import as a summary with
 *   status "failed" and its error (never a partial import that looks complete).
 */
export async function runFeedRefresh(
  db: Db,
  feeds: readonly FeedConfig[],
  name: string,
  options: {
    fetcher?: OutsideFetcher
    limits: FeedDownloadLimits
    afterImport?: () => Promise<{ emails: number; alerts: number }>
    runImport?: CatalogImportRunner
  },
): Promise<FeedRunSummary> {
  const feed = feeds.find((f) => f.name === name)
  if (!feed) throw new AppError('NOT_FOUND', 'Feed not found')
  const current = running.get(name)
  if (current) return current
  const run = (async (): Promise<FeedRunSummary> => {
    const startedAt = new Date()
    const failed = (error: string): FeedRunSummary => ({
      importId: null,
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      status: 'failed',
      refresh: false,
      read: 0,
      unchanged: 0,
      changed: 0,
      new: 0,
      withdrawn: 0,
      skipped: 0,
      error,
      alertEmails: 0,
      alerts: 0,
    })
    if (feed.url) {
      if (!options.fetcher) return failed('downloads are not available in this process')
      try {
        await downloadFeed({ ...feed, url: feed.url }, options.fetcher, options.limits)
      } catch (err) {
        return failed(`download failed: ${(err as Error).message}`)
      }
    }
    let importId: number | null = null
    try {
      const job = { file: feed.file, mapping: feed.mapping }
      const summary = await (options.runImport ? options.runImport(job) : importCatalog(db, job))
      importId = summary.importId
    } catch (err) {
      // importCatalog recorded the failed run; its row is the summary.
      const [row] = await db
        .select()
        .from(catalogImports)
        .where(eq(catalogImports.file, path.resolve(feed.file)))
        .orderBy(desc(catalogImports.id))
        .limit(1)
      return row && row.startedAt >= startedAt
        ? { ...runOf(row), alertEmails: 0, alerts: 0 }
        : failed((err as Error).message)
    }
    const alerts = options.afterImport ? await options.afterImport() : { emails: 0, alerts: 0 }
    const [row] = await db.select().from(catalogImports).where(eq(catalogImports.id, importId!))
    return { ...runOf(row!), alertEmails: alerts.emails, alerts: alerts.alerts }
  })()
  running.set(name, run)
  try {
    return await run
  } finally {
    running.delete(name)
  }
}
