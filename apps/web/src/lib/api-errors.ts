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

/**
 * The message to show for a failed call (spec browsing-and-purchase §8: the server's message,
 * else a fallback). Network failures and internal errors get the fallback.
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (!isTRPCClientError(error)) return fallback
  const code = apiErrorCode(error)
  if (!code || code === 'INTERNAL_SERVER_ERROR') return fallback
  return error.message || fallback
}
