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
