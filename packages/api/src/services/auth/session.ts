import { and, eq, ne, perDatabase, sessions, sql, users, type Db } from '@presently/db'
import type { Executor } from './executor.ts'
import type { SessionUser } from '../../trpc.ts'
import { generateToken, hashToken, looksLikeToken } from './tokens.ts'

const DAY_MS = 24 * 60 * 60 * 1000
/** Sessions last 30 days and are extended to 30 days again when used past half their life. */
export const SESSION_LIFETIME_MS = 30 * DAY_MS
export const SESSION_REFRESH_MS = SESSION_LIFETIME_MS / 2

export interface Session {
  /** hex SHA-256 of the token (sessions.id). */
  id: string
  userId: number
  expiresAt: Date
}

/**
 * The versions an answer cached per user is keyed by (issue 24, docs/decisions/user-data-version.md):
 * `user` is users.data_version (moved by triggers on every write to the user's account data),
 * `catalog` catalog_state.version (moved by every catalog write). Decimal strings (bigint).
 */
export interface DataVersions {
  user: string
  catalog: string
}

export interface SessionValidation {
  session: Session
  user: SessionUser
  /** Read in the same query as the session, so a cache hit costs no query of its own. */
  versions: DataVersions
  /** True when the expiry moved: the cookie must be sent again with the new date. */
  extended: boolean
}

/** A new session token for the cookie (Lucia guide: 20 random bytes, base32). */
export const generateSessionToken = generateToken

/** Stores a session for `token` (only its hash) for 30 days. */
export async function createSession(db: Executor, token: string, userId: number, now = new Date()): Promise<Session> {
  const session: Session = {
    id: hashToken(token),
    userId,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
  }
  await db.insert(sessions).values(session)
  return session
}

/** Creates a token and its session in one step: what sign-in needs. */
export async function startSession(db: Executor, userId: number): Promise<{ token: string; session: Session }> {
  const token = generateSessionToken()
  const session = await createSession(db, token, userId)
  return { token, session }
}

/** The session lookup of every signed-in request, prepared once per database client. */
function prepareSessionLookup(db: Db) {
  return db
    .select({
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      email: users.email,
      isStaff: users.isStaff,
      isAdmin: users.isAdmin,
      dataVersion: users.dataVersion,
      catalogVersion: sql<string>`(select version::text from catalog_state where id = 1)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('presently_session_lookup')
}
const sessionLookupOf = perDatabase(prepareSessionLookup)

/**
 * Finds the session of a cookie token. Expired sessions are deleted and give null; a session
 * used in the second half of its life is extended to 30 days from now (`extended`). The same
 * query reads the user's data version and the catalog version (`versions`, issue 24).
 *
 * The lookup is a named prepared statement: PostgreSQL plans it once per connection, not on
 * every signed-in request (0.09 ms a call instead of 0.21-0.28 ms on PostgreSQL 15 here,
 * docs/decisions/recommendations.md, "Second pass").
 */
export async function validateSessionToken(db: Db, token: string, now = new Date()): Promise<SessionValidation | null> {
  if (!looksLikeToken(token)) return null
  const id = hashToken(token)
  const [row] = await sessionLookupOf(db).execute({ id })
  if (!row) return null
  if (now.getTime() >= row.expiresAt.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, id))
    return null
  }
  let expiresAt = row.expiresAt
  let extended = false
  if (now.getTime() >= expiresAt.getTime() - SESSION_REFRESH_MS) {
    expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS)
    extended = true
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id))
  }
  return {
    session: { id, userId: row.userId, expiresAt },
    user: { id: row.userId, email: row.email, isStaff: row.isStaff, isAdmin: row.isAdmin },
    versions: { user: String(row.dataVersion), catalog: row.catalogVersion ?? '0' },
    extended,
  }
}

/** Ends one session (logout). */
export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId))
}

/**
 * Ends the session of a cookie's token (logout): the server-side session is deleted whether or
 * not the request's session was looked up, so a cleared cookie never leaves a live session
 * behind. A value that is not a token does nothing.
 */
export async function invalidateSessionToken(db: Db, token: string): Promise<void> {
  if (!looksLikeToken(token)) return
  await invalidateSession(db, hashToken(token))
}

/** Ends every session of a user, or every one but `exceptSessionId` (password change). */
export async function invalidateUserSessions(
  db: Executor,
  userId: number,
  exceptSessionId?: string | null,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    )
}
