import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import { sql } from 'drizzle-orm'
import type { Db } from '../client.ts'

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations')

/** Applies every pending drizzle-kit migration; safe to call on every start. */
export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder })
}

/** How many migrations this build ships (drizzle-kit's journal). */
export function shippedMigrationCount(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[]
  }
  return journal.entries.length
}

/** How many migrations the database has applied (drizzle's own table); 0 on a new database. */
export async function appliedMigrationCount(db: Db): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select case when to_regclass('drizzle.__drizzle_migrations') is null then 0
                else (select count(*)::int from drizzle.__drizzle_migrations) end as n`)
  return Number(result.rows[0]?.n ?? 0)
}

/** Advisory lock key of start-up work ("presently" as a 64-bit integer's worth of bytes). */
const STARTUP_LOCK_KEY = 0x70726573656e746cn

/**
 * Runs `work` (migrations, the first catalog import, the admin bootstrap) while holding a
 * PostgreSQL session advisory lock, so instances starting together on one database take turns:
 * the first migrates and imports, the others then find nothing left to do.
 */
export async function withStartupLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const client = await db.$client.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY.toString()])
    try {
      return await work()
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY.toString()])
    }
  } finally {
    client.release()
  }
}
