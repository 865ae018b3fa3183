import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { createDb, type Db } from '../client.ts'
import { runMigrations } from '../migrate/migrate.ts'

export interface TestDatabase {
  db: Db
  pool: pg.Pool
  url: string
  /** Ends the pool and drops the database. */
  close: () => Promise<void>
}

/** Environment the test run's global setup (testing/global-setup.ts) hands to every test file. */
export const TEST_SERVER_ENV = 'PRESENTLY_TEST_SERVER_URL'
export const TEST_TEMPLATE_ENV = 'PRESENTLY_TEST_TEMPLATE'

/** `url` with its database name replaced by `name`. */
export function databaseUrl(url: string, name: string): string {
  const next = new URL(url)
  next.pathname = `/${name}`
  return next.toString()
}

async function withAdmin<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    return await run(admin)
  } finally {
    await admin.end()
  }
}

/**
 * A fresh database named `<prefix>_<random>` on the PostgreSQL server at `serverUrl`, either
 * copied from a migrated `template` (fast: CREATE DATABASE ... TEMPLATE) or created empty and
 * migrated; close() ends the pool and drops it (unless `keep`). Used by tests and benchmarks.
 */
export async function createScratchDatabase(
  serverUrl: string,
  options: { prefix?: string; maxConnections?: number; keep?: boolean; template?: string } = {},
): Promise<TestDatabase> {
  const name = `${options.prefix ?? 'presently_test'}_${randomBytes(6).toString('hex')}`
  await withAdmin(serverUrl, (admin) =>
    admin.query(`create database ${name}${options.template ? ` template ${options.template}` : ''}`),
  )
  const url = databaseUrl(serverUrl, name)
  const { db, pool } = createDb(url, { max: options.maxConnections ?? 10 })
  if (!options.template) await runMigrations(db)
  return {
    db,
    pool,
    url,
    close: async () => {
      await pool.end()
      if (options.keep) return
      await withAdmin(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`))
    },
  }
}

/**
 * Creates the migrated template database of one test run on `serverUrl`; returns its name.
 * Its connections are closed, so CREATE DATABASE ... TEMPLATE can copy it.
 */
export async function createTemplateDatabase(serverUrl: string): Promise<string> {
  const template = await createScratchDatabase(serverUrl, {
    prefix: 'presently_template',
    keep: true,
    maxConnections: 1,
  })
  await template.close()
  return new URL(template.url).pathname.slice(1)
}

/** Drops a template made by createTemplateDatabase. */
export async function dropTemplateDatabase(serverUrl: string, name: string): Promise<void> {
  await withAdmin(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`))
}

/**
 * A fresh, migrated database for one test file: a copy of the run's template on the run's
 * PostgreSQL server (the embedded cluster the global setup started, or the server named by
 * DATABASE_URL). Either way the test talks node-postgres to a real PostgreSQL, as the app does.
 * @throws Error when the run has no global setup (vitest.config.ts names it).
 */
export async function createTestDatabase(options: { maxConnections?: number } = {}): Promise<TestDatabase> {
  const serverUrl = process.env[TEST_SERVER_ENV]
  const template = process.env[TEST_TEMPLATE_ENV]
  if (!serverUrl || !template) {
    throw new Error(`${TEST_SERVER_ENV} is unset: run tests through vitest (its global setup starts the database)`)
  }
  return createScratchDatabase(serverUrl, { template, maxConnections: options.maxConnections })
}

export { createTestProducts, type TestProductInput } from './factories.ts'
export { startReplicaPair, replicaPairForTests, type ReplicaPair } from './replica-pair.ts'
export { CATALOG_SEARCH_TYPOS, CATALOG_SEARCH_WORDS } from './catalog-searches.ts'
