import pg from 'pg'
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import * as schema from './schema/index.ts'
import { startEmbeddedCluster, type StartClusterOptions } from './embedded.ts'

/** The shop's Drizzle client; `$client` is its node-postgres pool (health checks read its queue). */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool }

export interface Database {
  db: Db
  pool: pg.Pool
  /** postgres:// URL every component connects to (the server of DATABASE_URL, or the embedded cluster). */
  url: string
  /**
   * "postgres" for DATABASE_URL, "embedded" for the embedded cluster this process started,
   * "embedded-shared" for the one another process of the shop runs on the same DATA_DIR.
   */
  kind: 'postgres' | 'embedded' | 'embedded-shared'
  /** Ends the pool, then stops the embedded cluster if this process started it. */
  close: () => Promise<void>
}

const textParser = pg.types.getTypeParser as (oid: number, format: 'text') => (value: string) => unknown

/** Returns numeric and bigint columns as JS numbers, dates as YYYY-MM-DD strings. */
const types: pg.CustomTypesConfig = {
  // node-postgres asks only for text-format parsers (it never requests binary results).
  getTypeParser: ((oid: number) => {
    if (oid === 20 || oid === 1700) return (v: string) => Number(v)
    if (oid === 1082) return (v: string) => v
    return textParser(oid, 'text')
  }) as pg.CustomTypesConfig['getTypeParser'],
}

/**
 * A node-postgres pool for `url` that survives the database dropping its connections.
 *
 * An idle connection the server closes (a restart, a failover, an admin's pg_terminate_backend)
 * emits "error" on the pool, and a connection dropped while checked out (between the queries of
 * a transaction) emits "error" on its client, where the pool listens only while it is idle:
 * unheard, either ends the process (Node's rule for an "error" event without a listener). Here
 * each is logged once on stderr; the pool drops the client and the next query opens a fresh one.
 * The lines in the test log come from the tests that drop connections on purpose
 * (pg_terminate_backend in the jobs and resilience tests): they show the drop was survived.
 *
 * @param url postgres:// URL.
 * @param options.max pool size (default 10).
 * @param options.types node-postgres type parsers (default: node-postgres's own).
 * @param options.applicationName names the connections in pg_stat_activity.
 */
export function createPool(
  url: string,
  options: {
    max?: number
    types?: pg.CustomTypesConfig
    applicationName?: string
    /** Makes the pool from its settings (a replica's pool that falls back to the primary); default `new pg.Pool`. */
    makePool?: (config: pg.PoolConfig) => pg.Pool
  } = {},
): pg.Pool {
  const config: pg.PoolConfig = {
    connectionString: url,
    max: options.max ?? 10,
    ...(options.types ? { types: options.types } : {}),
    ...(options.applicationName ? { application_name: options.applicationName } : {}),
    // While the database is down a request fails within 3 s (503) instead of hanging.
    connectionTimeoutMillis: 3_000,
    keepAlive: true,
  }
  const pool = options.makePool ? options.makePool(config) : new pg.Pool(config)
  // pg-pool listens on an idle client's "error" too, and that one reaches pool.on('error') below:
  // only a client checked out at the time is reported here, so a dropped idle connection is
  // logged once, as idle (it was logged twice, the first time wrongly as "in use": issue 26).
  const checkedOut = new WeakSet<pg.PoolClient>()
  pool.on('acquire', (client) => checkedOut.add(client))
  pool.on('release', (_error: Error | undefined, client: pg.PoolClient) => checkedOut.delete(client))
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      if (!pool.ending && checkedOut.has(client)) {
        console.error(`database: a connection in use failed (${error.message})`)
      }
    })
  })
  pool.on('error', (error) => {
    // After end() the pool has let go of its clients, but their backends may still be closing
    // when a shutdown of the embedded cluster reaches them.
    if (pool.ending) return
    console.error(`database: an idle connection failed (${error.message}); it is replaced on next use`)
  })
  return pool
}

/** Creates a Drizzle client over a pool of createPool (numbers and dates as in `types` above). */
export function createDb(
  url: string,
  options: Pick<Parameters<typeof createPool>[1] & object, 'max' | 'applicationName' | 'makePool'> = {},
): { db: Db; pool: pg.Pool } {
  const pool = createPool(url, { ...options, types })
  const db = drizzle({ client: pool, schema, casing: 'snake_case' })
  db.transaction = releasingTransaction(pool)
  return { db, pool }
}

/**
 * `db.transaction` that always gives its connection back to the pool.
 *
 * drizzle-orm 0.45's pooled transaction() sends BEGIN before the try/finally that releases the
 * client (drizzle-orm issues 6023, 6241, 6341, open): when BEGIN fails, as it does for a
 * connection the database dropped (a restart), the client stays checked out for good, the pool
 * shrinks by one per outage and `pool.end()` never returns. Here the client is checked out and
 * released by us, and drizzle runs the transaction on that one client (its non-pool path, which
 * releases nothing). A client whose connection failed is not queryable and pg-pool drops it on
 * release. Same signature and errors as drizzle's.
 */
function releasingTransaction(pool: pg.Pool): Db['transaction'] {
  // One Drizzle wrapper per pooled connection, made on its first transaction.
  const clientDbs = new WeakMap<pg.PoolClient, NodePgDatabase<typeof schema>>()
  return async (transaction, config) => {
    const client = await pool.connect()
    try {
      let clientDb = clientDbs.get(client)
      if (!clientDb) {
        clientDb = drizzle({ client, schema, casing: 'snake_case' })
        clientDbs.set(client, clientDb)
      }
      return await clientDb.transaction(transaction, config)
    } finally {
      client.release()
    }
  }
}

/**
 * The one client factory. With `databaseUrl` it connects to that PostgreSQL server. Without it,
 * it joins the embedded cluster another live process of the shop runs on `dataDir`, or starts
 * that cluster itself (creating it on first use); every path ends in the same node-postgres pool.
 *
 * @param options.databaseUrl postgres:// URL (DATABASE_URL), or undefined for the embedded default.
 * @param options.dataDir DATA_DIR of the embedded cluster (default ./.data); ignored with a URL.
 * @param options.maxConnections pool size (default 10).
 * @param options.signals see StartClusterOptions.signals ("caller" for the shop server).
 * @param options.onProgress messages while the embedded cluster is created or recovered.
 * @throws EmbeddedDatabaseError when the embedded cluster cannot start (the message says why and what to do).
 */
export async function openDatabase(options: {
  databaseUrl?: string
  dataDir?: string
  maxConnections?: number
  signals?: StartClusterOptions['signals']
  onProgress?: (message: string) => void
}): Promise<Database> {
  const max = options.maxConnections ?? 10
  if (options.databaseUrl) {
    const { db, pool } = createDb(options.databaseUrl, { max })
    return { db, pool, url: options.databaseUrl, kind: 'postgres', close: () => pool.end() }
  }
  const cluster = await startEmbeddedCluster({
    dataDir: options.dataDir ?? './.data',
    signals: options.signals,
    onProgress: options.onProgress,
  })
  const { db, pool } = createDb(cluster.url, { max })
  return {
    db,
    pool,
    url: cluster.url,
    kind: cluster.owned ? 'embedded' : 'embedded-shared',
    close: async () => {
      await pool.end()
      await cluster.stop()
    },
  }
}

/**
 * A new node-postgres client, not connected, with the settings of `db`'s pool (its URL, timeouts,
 * type parsers), with `settings` on top (e.g. application_name): for a session of its own outside the pool, such as one that LISTENs for
 * notifications (packages/api catalog-version.ts). The caller connects and ends it.
 */
export function dedicatedClientOf(db: Db, settings: pg.ClientConfig = {}): pg.Client {
  return new pg.Client({ ...db.$client.options, ...settings })
}
