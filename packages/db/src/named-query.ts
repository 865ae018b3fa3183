import { createHash } from 'node:crypto'
import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Db } from './client.ts'

/** Renders SQL as the shop's clients do (createDb: columns named in snake_case). */
const dialect = new PgDialect({ casing: 'snake_case' })

/**
 * Runs `statement` as a named prepared statement (issue 44): PostgreSQL parses and plans it once
 * per connection and statement text, and after five runs keeps a generic plan when it costs no
 * more than the custom ones, instead of planning on every call (0.6-1.9 ms of PostgreSQL's CPU
 * per search statement, more than running it). The name is `prefix` and a hash of the text, so
 * one shape of statement (which filters, which order) is one prepared statement whatever its
 * values. Use it for statements of a bounded number of shapes: each stays prepared on every
 * connection of the pool until the connection closes.
 *
 * @returns the rows as node-postgres parses them (the pool's type parsers: bigint and numeric
 *   as numbers), column names as the statement's aliases.
 */
export async function queryNamed<T extends Record<string, unknown>>(
  db: Db,
  prefix: string,
  statement: SQL,
): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(statement)
  const name = `${prefix}_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`
  const { rows } = await db.$client.query<T>({ name, text, values: params })
  return rows
}
