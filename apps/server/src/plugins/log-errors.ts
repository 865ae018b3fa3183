/**
 * The `err` serializer of the server's log (issue 25, item 3): a failed database query is logged
 * with its statement text (placeholders such as `$1`, never the values), PostgreSQL's error code,
 * the constraint, table and column it names, and a message whose quoted values are blanked. The
 * parameter values and PostgreSQL's `detail` ("Key (email)=(ann@example.com) already exists",
 * "Failing row contains (...)") are left out: they hold names, emails and notes. The request id
 * comes from the request's own logger (`reqId`). docs/decisions/error-logs.md.
 */

/** A PostgreSQL error as node-postgres reports it (pg's DatabaseError): a five-character SQLSTATE and a severity. */
interface PgError extends Error {
  code: string
  severity?: string
  constraint?: string
  table?: string
  column?: string
  schema?: string
  routine?: string
}

function isPgError(value: unknown): value is PgError {
  return (
    value instanceof Error &&
    typeof (value as Partial<PgError>).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((value as PgError).code) &&
    'severity' in value
  )
}

/** Drizzle's DrizzleQueryError: the statement and its parameters, the driver's error as `cause`. */
function isQueryError(value: unknown): value is Error & { query: string; params: unknown[] } {
  return value instanceof Error && typeof (value as { query?: unknown }).query === 'string' && 'params' in value
}

/** The error and its causes, outermost first (at most 8). */
function causeChain(err: unknown): unknown[] {
  const chain: unknown[] = []
  for (let e = err; e !== undefined && e !== null && chain.length < 8; e = (e as { cause?: unknown }).cause) {
    chain.push(e)
    if (!(e instanceof Error)) break
  }
  return chain
}

/** The "    at ..." lines of a stack, without its first lines (they repeat the message, values included). */
function frames(stack: string | undefined): string | undefined {
  return stack
    ?.split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n')
}

/**
 * PostgreSQL's message with every quoted part blanked unless it is one of the identifiers the
 * error names: `invalid input syntax for type integer: "ann"` becomes `... integer: "?"`, while
 * `violates check constraint "people_name_check"` keeps its name.
 */
function scrubMessage(error: PgError): string {
  const names = new Set([error.constraint, error.table, error.column, error.schema].filter(Boolean))
  return error.message.replace(/"((?:[^"]|"")*)"/g, (whole, inner: string) => (names.has(inner) ? whole : '"?"'))
}

/** What the log holds of an error (the shape pino's own serializer gives, plus the fields below). */
export interface LoggedError {
  type: string
  message: string
  stack: string
  [key: string]: unknown
}

/**
 * A log-safe form of `err` for pino: for an error with a database error anywhere in its cause
 * chain, {type, message, code, constraint?, table?, column?, routine?, query?, stack} with no
 * parameter values; any other error as {type, message, stack, code?, statusCode?}.
 */
export function errorForLog(err: unknown): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' }
  const chain = causeChain(err)
  const pg = chain.find(isPgError)
  const query = chain.find(isQueryError)
  if (pg || query) {
    return {
      type: err.constructor.name,
      message: pg ? `database error ${pg.code}: ${scrubMessage(pg)}` : 'database query failed',
      ...(pg && {
        code: pg.code,
        severity: pg.severity,
        constraint: pg.constraint,
        table: pg.table,
        column: pg.column,
        routine: pg.routine,
      }),
      ...(query && { query: query.query, paramCount: query.params.length }),
      stack: frames(err.stack) ?? '',
    }
  }
  const extra = err as { code?: unknown; statusCode?: unknown }
  return {
    type: err.constructor.name,
    message: err.message,
    stack: err.stack ?? '',
    ...(extra.code !== undefined && { code: extra.code }),
    ...(extra.statusCode !== undefined && { statusCode: extra.statusCode }),
  }
}
