import { and, asc, emailLog, guests, inArray, isNull, like, lt } from '@presently/db'
import type { Db } from '@presently/db'

/** Guests deleted per statement (the job loops until none is left). */
const BATCH = 500

/**
 * The guest-data expiry job (issue 37): deletes every guest whose `expires_at` has passed and,
 * by cascade, their claims, pledges, watches and exchange places, and the mails sent to them. `expires_at` is where each
 * domain put it (30 days after a list's date, 12 months after the last use where a list has no
 * date, 48 hours for a guest who never confirmed anything).
 * @returns how many guests were deleted.
 */
export async function deleteExpiredGuests(db: Db, now = new Date()): Promise<number> {
  let deleted = 0
  for (;;) {
    const due = await db
      .select({ id: guests.id })
      .from(guests)
      .where(lt(guests.expiresAt, now))
      .orderBy(asc(guests.id))
      .limit(BATCH)
    if (due.length === 0) return deleted
    const removed = await db
      .delete(guests)
      .where(
        inArray(
          guests.id,
          due.map((g) => g.id),
        ),
      )
      .returning({ id: guests.id, email: guests.email })
    await forgetGuestMail(
      db,
      removed.map((g) => g.email),
    )
    deleted += removed.length
    if (due.length < BATCH) return deleted
  }
}

/**
 * Deletes the copies of the mails the shop sent to deleted guests (email_log keeps every mail;
 * a guest's address must go with the guest). Only guest mails: kind "guest_*", no account.
 */
export async function forgetGuestMail(db: Db, emails: string[]): Promise<void> {
  if (emails.length === 0) return
  await db
    .delete(emailLog)
    .where(and(isNull(emailLog.userId), like(emailLog.kind, 'guest\\_%'), inArray(emailLog.toAddress, emails)))
}
