/** Codes of expected failures; each maps to one tRPC code and one HTTP status. */
export const APP_ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
} as const
export type AppErrorCode = keyof typeof APP_ERROR_STATUS

/**
 * The one error type for expected failures: a code and a message safe to show the user.
 * Services throw it; the tRPC and REST layers map it (see apps/server error formatter).
 */
export class AppError extends Error {
  readonly code: AppErrorCode
  constructor(code: AppErrorCode, message: string) {
    super(message)
    this.name = 'AppError'
    this.code = code
  }
  get status(): number {
    return APP_ERROR_STATUS[this.code]
  }
}

/** What the shop answers while it cannot serve a request for a moment (issue 15): 503 + Retry-After. */
export const SERVICE_MESSAGES = {
  busy: 'The shop is busy right now. Please try again in a moment.',
  databaseDown: "The shop's database cannot be reached right now. Please try again in a moment.",
} as const
