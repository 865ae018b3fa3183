/**
 * PostgreSQL error classes and node-postgres failures that mean "the database cannot be reached
 * right now" rather than "this query is wrong": the server is down, restarting, refusing
 * connections or dropped ours. The shop answers these with 503 and a retry hint, not 500.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
  '53300', // too_many_connections
])
const UNAVAILABLE_SYSCALLS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND'])
const UNAVAILABLE_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
]

/** True when `error` (or its cause) says the database is unreachable; see the module comment. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== 'object') return false
    const { code, message } = e as { code?: unknown; message?: unknown }
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SYSCALLS.has(code))) return true
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true
    // AggregateError of a failed connect to several addresses.
    const errors = (e as { errors?: unknown }).errors
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true
  }
  return false
}
