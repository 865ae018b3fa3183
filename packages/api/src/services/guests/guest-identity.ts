import { and, eq, getTableColumns, guests, isNotNull, sql, type GuestRow } from '@presently/db'
import { AppError, GUEST_LIMITS, GUEST_MESSAGES, guestPersonalPath, type GuestOutput } from '@presently/domain'
import type { Db } from '@presently/db'
import type { Executor } from '../auth/executor.ts'
import { forgetGuestMail } from './delete-expired.ts'
import { generateLinkToken, looksLikeLinkToken } from '../secret-links/link-token.ts'

/**
 * A guest: a person without an account known by name and email (issue 37; docs/decisions/guests.md).
 * Shared by guest claims on wish lists and gift-exchange participants.
 */
export interface Guest {
  id: number
  /** Lower-cased. */
  email: string
  name: string
  /** Whether they followed a confirmation link (read this inbox). */
  confirmed: boolean
  /** The key of /my-claims/{token}, 22 characters (a link token). */
  personalToken: string
  /** When the deletion job removes them and all they gave, unless pushed later. */
  expiresAt: Date
  lastUsedAt: Date
}

/** The guest of a row. */
export function toGuest(row: GuestRow): Guest {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    confirmed: row.emailConfirmedAt !== null,
    personalToken: row.personalToken,
    expiresAt: row.expiresAt,
    lastUsedAt: row.lastUsedAt,
  }
}

/** The guest as their own pages show them (never to anyone else). */
export function guestOutputOf(guest: Guest): GuestOutput {
  return {
    name: guest.name,
    email: guest.email,
    confirmed: guest.confirmed,
    personalPath: guestPersonalPath(guest.personalToken),
    expiresAt: guest.expiresAt.toISOString(),
  }
}

/** A new guest is kept this long unless something they do pushes it later: the confirmation window. */
function newGuestExpiry(now: Date): Date {
  return new Date(now.getTime() + GUEST_LIMITS.confirmHours * 3_600_000)
}

/**
 * Finds the guest of `email` (lower-cased by the caller's zod schema; lower-cased again here) or
 * creates one named `name`, in one statement, so two first claims at once make one guest. An
 * existing guest keeps their name: whoever types an address does not rename its owner (the
 * signed-in guest's own device renames with {@link renameGuest}). Marks the guest used now.
 * @returns the guest; `created` when this call made them.
 */
export async function findOrCreateGuest(
  db: Executor,
  input: { email: string; name: string },
  now = new Date(),
): Promise<Guest & { created: boolean }> {
  const email = input.email.trim().toLowerCase()
  const [row] = await db
    .insert(guests)
    .values({
      email,
      name: input.name.trim(),
      personalToken: generateLinkToken(),
      lastUsedAt: now,
      expiresAt: newGuestExpiry(now),
      createdAt: now,
    })
    .onConflictDoUpdate({ target: guests.email, set: { lastUsedAt: now } })
    .returning({ ...getTableColumns(guests), created: sql<boolean>`(xmax = 0)` })
  if (!row) throw new Error('guests upsert returned no row')
  const { created, ...guest } = row
  return { ...toGuest(guest), created }
}

/** The guest `id`, or null (deleted, moved to an account). `lock`: FOR UPDATE until the transaction ends. */
export async function getGuest(db: Executor, id: number, lock = false): Promise<Guest | null> {
  const query = db.select().from(guests).where(eq(guests.id, id))
  const [row] = lock ? await query.for('update') : await query
  return row ? toGuest(row) : null
}

/**
 * The guest of a personal link (/my-claims/{token}), marked used now.
 * @throws AppError NOT_FOUND "This link does not work any more" for a malformed or unknown token,
 *   and once the guest was deleted or moved to an account (one answer for all).
 */
export async function findGuestByPersonalToken(db: Executor, token: string, now = new Date()): Promise<Guest> {
  if (!looksLikeLinkToken(token)) throw new AppError('NOT_FOUND', GUEST_MESSAGES.personalNotFound)
  const [row] = await db.update(guests).set({ lastUsedAt: now }).where(eq(guests.personalToken, token)).returning()
  if (!row) throw new AppError('NOT_FOUND', GUEST_MESSAGES.personalNotFound)
  return toGuest(row)
}

/** A confirmed guest by email (the move to an account), or null. */
export async function findConfirmedGuestByEmail(db: Executor, email: string, lock = false): Promise<Guest | null> {
  const query = db
    .select()
    .from(guests)
    .where(and(eq(guests.email, email.trim().toLowerCase()), isNotNull(guests.emailConfirmedAt)))
  const [row] = lock ? await query.for('update') : await query
  return row ? toGuest(row) : null
}

/** Renames a guest (their own confirmed device only: the caller checks). */
export async function renameGuest(db: Executor, guestId: number, name: string): Promise<void> {
  await db.update(guests).set({ name: name.trim() }).where(eq(guests.id, guestId))
}

/**
 * Marks the guest used at `now` and keeps their data at least `until` (never shortens it): each
 * domain says how long what the guest gave it must be kept (issue 37: 30 days after a list's
 * date, 12 months after the last use where a list has no date).
 */
export async function extendGuestExpiry(db: Executor, guestId: number, until: Date, now = new Date()): Promise<void> {
  await db
    .update(guests)
    .set({ lastUsedAt: now, expiresAt: sql`greatest(${guests.expiresAt}, ${until.toISOString()}::timestamptz)` })
    .where(eq(guests.id, guestId))
}

/**
 * Deletes a guest now and, by cascade, all they gave (claims, pledges, watches, exchange
 * places): the guest's own "delete my details" and the expiry job.
 * @returns whether a guest was deleted.
 */
export async function deleteGuest(db: Db, guestId: number): Promise<boolean> {
  const removed = await db.delete(guests).where(eq(guests.id, guestId)).returning({ email: guests.email })
  await forgetGuestMail(
    db,
    removed.map((g) => g.email),
  )
  return removed.length > 0
}
