import type pg from 'pg'
import { dedicatedClientOf, parseLsn, primaryOf, sql, type Db, type Lsn } from '@presently/db'

/** The channel bump_catalog_version() announces each new version on (migration 0030). */
export const CATALOG_VERSION_CHANNEL = 'presently_catalog_version'

/**
 * The catalog version held in memory, kept by LISTEN on CATALOG_VERSION_CHANNEL (issue 24,
 * docs/decisions/catalog-version-listen.md).
 */
export interface CatalogVersionWatcher {
  /**
   * The newest version this process knows, as a decimal string; undefined while the listening
   * connection is down or was last heard from more than `staleAfterMs` ago, and callers then
   * read catalog_state themselves.
   */
  current(): string | undefined
  /**
   * Reads catalog_state now and moves current() on to it (never back): used after this
   * process's own writes, so the next read sees them without waiting for the notification.
   * @returns the version read.
   */
  refresh(): Promise<string>
  /**
   * The primary's WAL position at which `version` is known to be committed (read after its
   * notification or its read of catalog_state), for a replica to have replayed before it answers
   * a read cached under that version (issue 42). Undefined when not known (yet): read the primary.
   */
  lsnOf(version: string): Lsn | undefined
  /** Ends the listening connection and its timers; current() is undefined from then on. */
  close(): Promise<void>
}

/** The application_name of the listening connection (pg_stat_activity shows it). */
export const CATALOG_VERSION_APPLICATION = 'presently-catalog-version'

/** The one watcher of each database in this process, and how many callers hold it. */
const watchers = new WeakMap<Db, { watcher: CatalogVersionWatcher; holders: number }>()

/**
 * The version and the primary's WAL insert position read with it. The position is read after the
 * version's commit, so it is at or past that commit's record: a replica that replayed it has the
 * version's rows.
 */
const VERSION_AND_LSN =
  'select version::text as version, pg_current_wal_insert_lsn()::text as lsn from catalog_state where id = 1'

async function readVersion(db: Db): Promise<{ version: string; lsn: Lsn | undefined }> {
  const { rows } = await db.execute<{ version: string; lsn: string }>(sql.raw(VERSION_AND_LSN))
  return { version: rows[0]?.version ?? '0', lsn: parseLsn(rows[0]?.lsn) }
}

/** The larger of two decimal version strings (bigint order). */
function newer(a: string | undefined, b: string): string {
  return a === undefined || BigInt(b) > BigInt(a) ? b : a
}

/**
 * The current catalog version of `db` (catalog_state, bumped by statement triggers on every
 * catalog table, migration 0005): from the watcher registered for `db` when it is listening,
 * else one primary-key read. The version keys every cache of catalog reads.
 */
export async function catalogVersionOf(db: Db): Promise<string> {
  // A replica's client (issue 42) keys its reads by its primary's version.
  const primary = primaryOf(db)
  return watchers.get(primary)?.watcher.current() ?? (await readVersion(primary)).version
}

/** The watcher registered for `db` (or for the primary of a replica's client) by watchCatalogVersion, if any. */
export function catalogVersionWatcherOf(db: Db): CatalogVersionWatcher | undefined {
  return watchers.get(primaryOf(db))?.watcher
}

/**
 * Keeps `db`'s catalog version in memory: one connection of its own (outside the pool) LISTENs
 * on CATALOG_VERSION_CHANNEL, then reads catalog_state, so no bump between the two is missed;
 * each notification moves the version on. Every `heartbeatMs` (default 5 s) the connection reads
 * the version again: a connection that died silently (no notification can arrive) is noticed,
 * and current() answers undefined once nothing was heard for `staleAfterMs` (default 3
 * heartbeats), so a lost connection costs a query per read, never stale answers for long. A lost
 * connection is opened again after 1 s, then with doubling waits up to 30 s.
 *
 * Registers itself for `db` (catalogVersionOf, cachedCatalogRead use it) until close(). Callers
 * on one database share one watcher (one connection); it ends when the last of them closes.
 * Another process's write is seen when its notification arrives (PostgreSQL sends it at commit;
 * typically well under a millisecond on one host); this process's own writes call refresh().
 */
export function watchCatalogVersion(
  db: Db,
  options: { heartbeatMs?: number; staleAfterMs?: number; onError?: (error: unknown) => void } = {},
): CatalogVersionWatcher {
  // One listening connection per database and process: two apps on one database (tests, or two
  // servers in one process) share it, so a refresh after one's write moves the version both read.
  let shared = watchers.get(db)
  if (!shared) {
    shared = { watcher: startWatcher(db, options), holders: 0 }
    watchers.set(db, shared)
  }
  shared.holders += 1
  const held = shared
  let released = false
  return {
    current: () => (released ? undefined : held.watcher.current()),
    refresh: () => held.watcher.refresh(),
    lsnOf: (version) => (released ? undefined : held.watcher.lsnOf(version)),
    async close() {
      if (released) return
      released = true
      held.holders -= 1
      if (held.holders > 0) return
      if (watchers.get(db) === held) watchers.delete(db)
      await held.watcher.close()
    },
  }
}

function startWatcher(
  db: Db,
  options: { heartbeatMs?: number; staleAfterMs?: number; onError?: (error: unknown) => void } = {},
): CatalogVersionWatcher {
  const heartbeatMs = options.heartbeatMs ?? 5000
  const staleAfterMs = options.staleAfterMs ?? 3 * heartbeatMs
  let version: string | undefined
  let heardAt = 0
  // The WAL position each recent version is known committed by (newest last; a few kept).
  const lsns = new Map<string, Lsn>()
  const noteLsn = (value: string, lsn: Lsn | undefined) => {
    if (lsn === undefined) return
    const known = lsns.get(value)
    if (known !== undefined && known <= lsn) return
    lsns.set(value, lsn)
    if (lsns.size > 32) lsns.delete(lsns.keys().next().value!)
  }
  let client: pg.Client | undefined
  let closed = false
  let retryMs = 1000
  let retryTimer: NodeJS.Timeout | undefined

  const heard = (value: string) => {
    version = newer(version, value)
    heardAt = Date.now()
  }
  const lost = (error?: unknown) => {
    if (error !== undefined) options.onError?.(error)
    const dead = client
    client = undefined
    version = undefined
    dead?.removeAllListeners()
    dead?.on('error', () => {})
    void dead?.end().catch(() => {})
    if (!closed && !retryTimer) {
      retryTimer = setTimeout(() => {
        retryTimer = undefined
        void connect()
      }, retryMs)
      retryTimer.unref()
      retryMs = Math.min(30_000, retryMs * 2)
    }
  }
  const connect = async () => {
    if (closed) return
    const next = dedicatedClientOf(db, { application_name: CATALOG_VERSION_APPLICATION })
    next.on('error', (error) => lost(error))
    next.on('end', () => {
      if (client === next) lost()
    })
    next.on('notification', (message) => {
      const payload = message.payload
      if (message.channel === CATALOG_VERSION_CHANNEL && payload && /^\d+$/.test(payload)) {
        heard(payload)
        // Where the version is committed by: the notification comes after the commit, so the
        // insert position read now is past its record.
        next
          .query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn')
          .then(({ rows }) => noteLsn(payload, parseLsn(rows[0]?.lsn)))
          .catch(() => {})
      }
    })
    try {
      await next.connect()
      await next.query(`LISTEN ${CATALOG_VERSION_CHANNEL}`)
      const { rows } = await next.query<{ version: string; lsn: string }>(VERSION_AND_LSN)
      if (closed) {
        await next.end()
        return
      }
      client = next
      retryMs = 1000
      heard(rows[0]?.version ?? '0')
      noteLsn(rows[0]?.version ?? '0', parseLsn(rows[0]?.lsn))
    } catch (error) {
      client = next
      lost(error)
    }
  }
  const heartbeat = setInterval(() => {
    const live = client
    if (!live) return
    live
      .query<{ version: string; lsn: string }>(VERSION_AND_LSN)
      .then(({ rows }) => {
        if (client !== live) return
        heard(rows[0]?.version ?? '0')
        noteLsn(rows[0]?.version ?? '0', parseLsn(rows[0]?.lsn))
      })
      .catch((error: unknown) => {
        if (client === live) lost(error)
      })
  }, heartbeatMs)
  heartbeat.unref()
  void connect()

  const watcher: CatalogVersionWatcher = {
    current: () => (version !== undefined && Date.now() - heardAt <= staleAfterMs ? version : undefined),
    async refresh() {
      const read = await readVersion(db)
      noteLsn(read.version, read.lsn)
      if (version !== undefined) version = newer(version, read.version)
      return read.version
    },
    lsnOf: (value) => lsns.get(value),
    async close() {
      closed = true
      clearInterval(heartbeat)
      if (retryTimer) clearTimeout(retryTimer)
      const last = client
      client = undefined
      version = undefined
      if (last) {
        last.removeAllListeners()
        last.on('error', () => {})
        await last.end().catch(() => {})
      }
    },
  }
  return watcher
}
