import pg from 'pg'
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import * as schema from './schema/index.ts'
import { findRunningEmbeddedServer, startEmbeddedServer } from './embedded.ts'

export type Db = NodePgDatabase<typeof schema>

export interface Database {
  db: Db
  pool: pg.Pool
  /** postgres:// URL every component connects to (the real server, or the embedded socket). */
  url: string
  /** "postgres" for DATABASE_URL, "embedded" for PGlite started here, "embedded-shared" for one another process runs. */
  kind: 'postgres' | 'embedded' | 'embedded-shared'
  /** Ends the pool, then stops the embedded server if this process started it. */
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

/** Creates a Drizzle client over a node-postgres pool for `url`. */
export function createDb(url: string, options: { max?: number } = {}): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, types })
  const db = drizzle({ client: pool, schema, casing: 'snake_case' })
  return { db, pool }
}

/**
 * The one client factory. With `databaseUrl` it connects to that Postgres server. Without it,
 * it reuses the embedded server another process runs on `dataDir`, or starts PGlite on
 * `dataDir` behind a loopback socket; every path ends in the same node-postgres pool.
 *
 * @param options.databaseUrl postgres:// URL (DATABASE_URL), or undefined for the embedded default.
 * @param options.dataDir folder for PGlite's files (DATA_DIR, default ./.data); ignored with a URL.
 * @param options.maxConnections pool size (default 10).
 */
export async function openDatabase(options: {
  databaseUrl?: string
  dataDir?: string
  maxConnections?: number
}): Promise<Database> {
  const max = options.maxConnections ?? 10
  if (options.databaseUrl) {
    const { db, pool } = createDb(options.databaseUrl, { max })
    return { db, pool, url: options.databaseUrl, kind: 'postgres', close: () => pool.end() }
  }
  const dataDir = options.dataDir ?? './.data'
  const shared = await findRunningEmbeddedServer(dataDir)
  if (shared) {
    const { db, pool } = createDb(shared, { max })
    return { db, pool, url: shared, kind: 'embedded-shared', close: () => pool.end() }
  }
  const server = await startEmbeddedServer({ dataDir, maxConnections: Math.max(20, max + 10) })
  const { db, pool } = createDb(server.url, { max })
  return {
    db,
    pool,
    url: server.url,
    kind: 'embedded',
    close: async () => {
      await pool.end()
      await server.stop()
    },
  }
}
