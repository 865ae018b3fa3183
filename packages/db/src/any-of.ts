import { sql, type AnyColumn, type SQL } from 'drizzle-orm'

/**
 * `column = any($1::int[])`: membership in a list of integer ids bound as ONE array parameter.
 * Drizzle's inArray binds one parameter per id, so a list of hundreds of ids costs a long Bind
 * message and a query text of its own for every length (measured on GET /api/people with 200
 * people and 1,000 events: bench/people-events.ts). An empty list matches nothing.
 */
export function anyOf(column: AnyColumn | SQL, ids: readonly number[]): SQL {
  return sql`${column} = any(${sql.param(ids)}::int[])`
}
