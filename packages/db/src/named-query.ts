import { createHash } from 'node:crypto'
import { fillPlaceholders, type SQL } from 'drizzle-orm'
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
  const { name, text, params } = prepareNamed(prefix, statement)
  const { rows } = await db.$client.query<T>({ name, text, values: params })
  return rows
}

/** A statement rendered once (prepareNamed): its name, text and parameters (placeholders among them). */
export interface PreparedNamed {
  name: string
  text: string
  params: unknown[]
}

/**
 * Renders `statement` and names it (`prefix` and a hash of its text), as queryNamed does on each
 * call; called once, for queryPrepared to run many times with different values (issue 44:
 * rendering a search statement with drizzle and hashing its text cost ~0.3 ms of the event loop
 * per search). The statement's values that change per call
 * must be placeholders (`sql.placeholder(name)`); any other value is part of the statement.
 */
export function prepareNamed(prefix: string, statement: SQL): PreparedNamed {
  const { sql: text, params } = dialect.sqlToQuery(statement)
  const name = `${prefix}_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`
  return { name, text, params }
}

/**
 * Runs a statement of prepareNamed with `values` for its placeholders (by name), as queryNamed
 * runs one: a named prepared statement, planned once per connection.
 *
 * @throws Error when a placeholder has no entry in `values` (drizzle's fillPlaceholders).
 */
export async function queryPrepared<T extends Record<string, unknown>>(
  db: Db,
  statement: PreparedNamed,
  values: Record<string, unknown>,
): Promise<T[]> {
  const { rows } = await db.$client.query<T>({
    name: statement.name,
    text: statement.text,
    values: fillPlaceholders(statement.params, values),
  })
  return rows
}
