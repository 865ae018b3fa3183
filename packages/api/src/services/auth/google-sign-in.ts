import { moveGuestToAccount } from '../guests/move-to-account.ts'
import { eq, sql, users, type Db } from '@presently/db'
import { AppError } from '@presently/domain'
import { invalidateUserSessions, startSession, type Session } from './session.ts'
import { findUserByEmail } from './users.ts'

/** The claims of Google's ID token that sign-in uses. */
export interface GoogleClaims {
  /** Google's stable account id. */
  sub: string
  email: string
  emailVerified: boolean
  name?: string | null
}

/**
 * Signs in with a Google account: by its Google id, else by its email (which links the Google
 * id to the existing account), else by creating a confirmed account without a password.
 * Only emails Google has verified are accepted. Linking to an account whose email was never
 * confirmed drops that account's password and sessions: whoever registered it had not proved
 * the mailbox, and the Google user has.
 * @throws AppError FORBIDDEN for an unverified email; CONFLICT when the email belongs to an
 *   account linked to another Google account.
 */
export async function signInWithGoogle(
  db: Db,
  claims: GoogleClaims,
): Promise<{ userId: number; created: boolean; token: string; session: Session }> {
  if (!claims.emailVerified) {
    throw new AppError('FORBIDDEN', 'Your Google email address is not verified, so it cannot be used to sign in.')
  }
  const email = claims.email.trim().toLowerCase()
  const userId = await db.transaction(async (tx) => {
    const [byGoogle] = await tx.select({ id: users.id }).from(users).where(eq(users.googleId, claims.sub))
    if (byGoogle) return { id: byGoogle.id, created: false }
    const byEmail = await findUserByEmail(tx, email)
    if (byEmail) {
      if (byEmail.googleId) {
        throw new AppError('CONFLICT', 'This email address is linked to a different Google account.')
      }
      const unconfirmed = !byEmail.emailConfirmedAt
      await tx
        .update(users)
        .set({
          googleId: claims.sub,
          emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
          ...(unconfirmed ? { passwordHash: null } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, byEmail.id))
      if (unconfirmed) await invalidateUserSessions(tx, byEmail.id)
      return { id: byEmail.id, created: false }
    }
    const [created] = await tx
      .insert(users)
      .values({ email, googleId: claims.sub, emailConfirmedAt: new Date(), displayName: claims.name ?? null })
      .returning({ id: users.id })
    if (!created) throw new Error('users insert returned no row')
    return { id: created.id, created: true }
  })
  // A guest who confirmed this address before signing up brings their claims (issue 37, once).
  if (userId.created) await moveGuestToAccount(db, { userId: userId.id, email })
  const { token, session } = await startSession(db, userId.id)
  return { userId: userId.id, created: userId.created, token, session }
}
