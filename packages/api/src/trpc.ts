import { initTRPC, TRPCError } from '@trpc/server'
import type { FeedRunSummary, FeedStatus } from '@presently/domain'
import { ZodError, type z } from 'zod'
import { AppError, SERVICE_MESSAGES } from '@presently/domain'
import { isDatabaseUnavailable } from '@presently/db'
import type { Db } from '@presently/db'
import type { Mailer } from '@presently/email'
import type { AfterResponse } from './services/auth/auth-emails.ts'
import type { LlmConfig } from './services/recommendations/llm-rerank.ts'
import type { JobScheduler } from './services/jobs/scheduler.ts'
import type { DataVersions } from './services/auth/session.ts'
import type { LinkPreviewSettings } from './services/link-previews/preview-link.ts'
import type { Guest } from './services/guests/guest-identity.ts'

/** The signed-in user as the server knows it (spec browsing-and-purchase §3 "User"). */
export interface SessionUser {
  id: number
  email: string
  isStaff: boolean
  isAdmin: boolean
}

/**
 * Calls limited per IP and per email (docs/decisions/rate-limits.md); 'shared-list' is every call
 * on a shared wish list's token, per IP only (issue 23, docs/decisions/wish-lists.md); 'gift-finder'
 * every public call of the gift finder and its collections, per IP only (issue 40).
 */
export type RateLimitedAction =
  | 'login'
  | 'register'
  | 'resend-confirmation'
  | 'forgot-password'
  | 'reset-password'
  | 'shared-list'
  /** Issue 37: a guest's claim or pledge (per IP, and per the email given). */
  | 'guest-claim'
  /** Issue 37: opening a guest's confirmation or personal link (per IP). */
  | 'guest-link'
  | 'exchange-link'
  /**
   * Issue 36: reading a participant's page by personal link (per IP, the shared-list limit,
   * counted in each instance's memory, not shared: docs/decisions/rate-limits.md).
   */
  | 'exchange-page'
  | 'exchange-join'
  | 'exchange-message'
  /** Issue 40: every public call of the gift finder and its collections (per IP). */
  | 'gift-finder'

/**
 * What the server lends the auth procedures for one request: the session cookie, the mailer
 * and the rate limits. The server builds it in createContext; tests build their own.
 */
export interface AuthPlumbing {
  /** hex SHA-256 id of the request's session (sessions.id), null when anonymous. */
  sessionId: string | null
  /** Sets the HttpOnly "session" cookie to `token` until `expiresAt`. */
  setSessionCookie: (token: string, expiresAt: Date) => void
  clearSessionCookie: () => void
  /**
   * Counts one attempt; throws AppError TOO_MANY_REQUESTS past the limit. For 'login' it counts
   * per IP and per (IP, email) unless the request's own session is that user's
   * (docs/decisions/rate-limits.md, issues 25 and 41).
   */
  rateLimit: (action: RateLimitedAction, email?: string) => Promise<void>
  /**
   * Tells the limits how a sign-in with `email` ended: a correct password clears the (IP, email)
   * count; a wrong one adds to the email's failures across IPs (issue 25).
   */
  recordLogin: (email: string, succeeded: boolean) => Promise<void>
  /**
   * Whether a sign-in with `email` must also give an emailed one-time code: its failures from all
   * addresses are past AUTH_LOGIN_EMAIL_FAILURE_MAX and the request is not the user's own
   * signed-in device (issue 41, docs/decisions/rate-limits.md).
   */
  loginNeedsCode: (email: string) => Promise<boolean>
  mailer: Mailer
  /** Runs work after the answer (mail whose sending must not show in the answer's timing). */
  afterResponse: AfterResponse
  /** APP_URL: the origin of links in emails. */
  appUrl: string
  /** Sign-in providers the server is configured for. */
  providers: { google: boolean }
}

/**
 * The guest of this device (issue 37, docs/decisions/guests.md): read from the sealed "guest"
 * cookie on first use, and the cookie's setters. The server builds it; tests build their own.
 */
export interface GuestPlumbing {
  /** The guest confirmed on this device, or null (no cookie, forged, deleted, moved). */
  current: () => Promise<Guest | null>
  /** Seals `guestId` into this device's HttpOnly "guest" cookie. */
  setCookie: (guestId: number) => Promise<void>
  /** Forgets the guest on this device. */
  clearCookie: () => void
}

/** Per-request context: the database handed in by the server (or a test), and the user if any. */
export interface Context {
  db: Db
  user: SessionUser | null
  /** Present on requests the server handles; auth and account mutations need it. */
  auth?: AuthPlumbing
  /** Recommender settings of the server (the optional LLM re-ranking); absent: built-in only. */
  recommender?: { llm?: LlmConfig }
  /**
   * The user's data version and the catalog version, read with the session (issue 24): the keys
   * of cachedUserRead. Absent (tests' callers): reads are not memoised.
   */
  versions?: DataVersions | null
  /** The server's Agenda scheduler (start, stop and schedule re-sync it); absent in tests. */
  jobScheduler?: Pick<JobScheduler, 'sync'>
  /** The guest of this device and its cookie (issue 37); absent: no guest. */
  guests?: GuestPlumbing
  /** Web push of price alerts (issue 39): the VAPID public key and test push services allowed; absent: push is off. */
  push?: PushContext
  /** Catalog feed refresh (issue 39): the operator's feeds and how a refresh runs; absent: none. */
  feeds?: FeedsContext
  /**
   * Where this request's public catalog reads go (issue 42): a read replica's client when the
   * server chose one for the request (a GET by a visitor or a shopper, the replica caught up with
   * the catalog version and the caller's own writes), else absent and they go to `db`.
   */
  readDb?: Db
  /** Link previews (issue 38): the guarded outside fetcher and the per-user limit; absent: previews answer 503. */
  linkPreviews?: LinkPreviewSettings
}

/** What the push procedures need of the server (issue 39). */
export interface PushContext {
  publicKey: string
  /** PUSH_EXTRA_ORIGINS: origins of local test push services a subscription may point at. */
  extraOrigins: readonly string[]
}

/** What the feed refresh procedures need of the server (issue 39). */
export interface FeedsContext {
  /** The CATALOG_FEEDS entries with their schedules and last runs. */
  list: () => Promise<FeedStatus[]>
  /** Refreshes one feed now (then runs the price alerts); its summary. */
  runNow: (name: string) => Promise<FeedRunSummary>
}

/** zod's own English wording, used when a schema sets no message: "Invalid input: …", "Too small: …". */
const ZOD_WORDING = /^(Invalid|Too (big|small)|Unrecognized)\b/

/**
 * The message of an input's first issue: a schema's own text as it is ("Please enter a valid
 * email"); zod's wording prefixed with the field, as the REST adapter words it
 * (apps/server/src/plugins/openapi.ts): "Invalid name: Invalid input: expected string, received
 * undefined" rather than a message that does not say which field.
 */
function inputIssueMessage(error: ZodError): string | undefined {
  const issue = error.issues[0]
  if (!issue) return undefined
  return issue.path.length && ZOD_WORDING.test(issue.message)
    ? `Invalid ${issue.path.map(String).join('.')}: ${issue.message}`
    : issue.message
}

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    // Expected failures carry a user-facing message; anything else is an internal error whose
    // details stay in the server log.
    const expected = error.cause instanceof AppError || error.code !== 'INTERNAL_SERVER_ERROR'
    // An invalid input answers its first issue ("Please enter a valid email"), as the REST
    // adapter does, instead of zod's JSON list of issues.
    const inputIssue = error.cause instanceof ZodError ? inputIssueMessage(error.cause) : undefined
    return {
      ...shape,
      message: expected ? (inputIssue ?? shape.message) : 'Internal server error',
      data: { ...shape.data, stack: undefined },
    }
  },
})

/** Maps AppError thrown by services to the matching tRPC error code. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next()
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause
    throw new TRPCError({ code: cause.code, message: cause.message, cause })
  }
  // An unreachable database is a 503 with a plain message, not an internal error (issue 15).
  if (!result.ok && isDatabaseUnavailable(result.error.cause)) {
    throw new TRPCError({
      code: 'SERVICE_UNAVAILABLE',
      message: SERVICE_MESSAGES.databaseDown,
      cause: result.error.cause,
    })
  }
  return result
})

/**
 * A zod schema that tRPC validates synchronously. Given a zod schema, tRPC calls its
 * `parseAsync`, which costs two to three times `parse` for the same checks (a listing's input and
 * output: ~30 µs vs ~10 µs a call, docs/decisions/trpc-throughput.md); handing it this object
 * (standard-schema types for inference, and `parse`) makes it call `parse`. Failures are the
 * same ZodError. Only for schemas without async refinements (`parse` throws on those): used on
 * the hottest catalog reads.
 */
export function syncSchema<T extends z.ZodType>(schema: T) {
  return { '~standard': schema['~standard'], parse: (value: unknown): z.output<T> => schema.parse(value) }
}

export const router = t.router
export const createCallerFactory = t.createCallerFactory
export const publicProcedure = t.procedure.use(appErrors)

/**
 * A public read that tolerates a short lag (catalog listings, search, product pages, category
 * trees; issue 42): its ctx.db is the request's readDb (a read replica) when the server gave one.
 * Only for reads: nothing under it may write.
 */
export const publicReadProcedure = publicProcedure.use(({ ctx, next }) =>
  next({ ctx: ctx.readDb ? { ...ctx, db: ctx.readDb } : ctx }),
)

/** Requires a signed-in user and narrows ctx.user (the server is the authorization boundary). */
export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Unauthorized' })
  return next({ ctx: { ...ctx, user: ctx.user } })
})

/** Requires the server's auth plumbing (cookies, mailer, limits) and narrows ctx.auth. */
export const withAuthPlumbing = t.middleware(({ ctx, next }) => {
  if (!ctx.auth) throw new Error('This procedure needs the server context (ctx.auth)')
  return next({ ctx: { auth: ctx.auth } })
})

/** Requires is_staff or is_admin (spec browsing-and-purchase §6). */
export const staffProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isStaff && !ctx.user.isAdmin) throw new TRPCError({ code: 'FORBIDDEN', message: 'Staff only' })
  return next()
})

/** Requires is_admin (spec account-area §6). */
export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw new TRPCError({ code: 'FORBIDDEN', message: 'Admins only' })
  return next()
})
