import { isTRPCClientError } from '@trpc/client'

/** The tRPC error code of a failed call ("NOT_FOUND", "BAD_REQUEST", ...), or undefined for other errors. */
export function apiErrorCode(error: unknown): string | undefined {
  if (!isTRPCClientError(error)) return undefined
  const data: unknown = error.data
  if (typeof data === 'object' && data !== null && 'code' in data && typeof data.code === 'string') return data.code
  return undefined
}

/** Whether a call failed because the thing asked for does not exist. */
export function isNotFound(error: unknown): boolean {
  return apiErrorCode(error) === 'NOT_FOUND'
}

/** Messages of answers that could not be read (spec browsing-and-purchase §8). */
export const RESPONSE_MESSAGES = {
  /** The server answered with an empty body. */
  empty: 'Empty response received',
  /** The server answered with something that is not the expected JSON. */
  invalid: 'Invalid response format',
} as const

/**
 * The message to show for a failed call (spec browsing-and-purchase §8: the server's message,
 * else a fallback). An answer whose body could not be read as JSON (a proxy's error page, a cut
 * connection) gets "Empty response received" when empty, else "Invalid response format"; other
 * network failures and internal errors get the fallback.
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (!isTRPCClientError(error)) return fallback
  const unreadable = unreadableResponseMessage(error.cause)
  if (unreadable) return unreadable
  const code = apiErrorCode(error)
  if (!code || code === 'INTERNAL_SERVER_ERROR') return fallback
  return error.message || fallback
}

/** RESPONSE_MESSAGES for a JSON parse failure (the tRPC client's `cause`), else undefined. */
function unreadableResponseMessage(cause: unknown): string | undefined {
  if (!(cause instanceof SyntaxError)) return undefined
  return /end of (JSON )?input/i.test(cause.message) ? RESPONSE_MESSAGES.empty : RESPONSE_MESSAGES.invalid
}
