import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { createDb, type Db } from '../client.ts'
import { startEmbeddedServer } from '../embedded.ts'
import { runMigrations } from '../migrate/migrate.ts'

export interface TestDatabase {
  db: Db
  pool: pg.Pool
  url: string
  /** Ends the pool and drops the database (or stops the in-memory PGlite). */
  close: () => Promise<void>
}

/**
 * A fresh, migrated database named `<prefix>_<random>` on the PostgreSQL server at `serverUrl`;
 * close() ends the pool and drops it (unless `keep`). Used by the tests and the benchmarks.
 */
export async function createScratchDatabase(
  serverUrl: string,
  options: { prefix?: string; maxConnections?: number; keep?: boolean } = {},
): Promise<TestDatabase> {
  const name = `${options.prefix ?? 'presently_test'}_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const { db, pool } = createDb(url.toString(), { max: options.maxConnections ?? 10 })
  await runMigrations(db)
  return {
    db,
    pool,
    url: url.toString(),
    close: async () => {
      await pool.end()
      if (options.keep) return
      const dropper = new pg.Client({ connectionString: serverUrl })
      await dropper.connect()
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    },
  }
}

/**
 * A fresh, migrated database for one test file. With DATABASE_URL set it creates a throwaway
 * database on that server (dropped by close); otherwise an in-memory PGlite behind its own
 * loopback socket. Either way the test talks node-postgres, as the app does.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL
  if (serverUrl) return createScratchDatabase(serverUrl)
  const server = await startEmbeddedServer({ maxConnections: 32 })
  const { db, pool } = createDb(server.url, { max: 10 })
  await runMigrations(db)
  return {
    db,
    pool,
    url: server.url,
    close: async () => {
      await pool.end()
      await server.stop()
    },
  }
}

export { createTestProducts, type TestProductInput } from './factories.ts'
