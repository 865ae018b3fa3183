import { and, eq, guests, isNull, or, lte, sql } from '@presently/db'
import { GUEST_LIMITS, guestConfirmPath, guestPersonalPath } from '@presently/domain'
import { renderGuestConfirmEmail } from '@presently/email'
import type { Db } from '@presently/db'
import type { MailDeps } from '../auth/auth-emails.ts'
import { generateLinkToken, hashLinkToken } from '../secret-links/link-token.ts'
import type { Guest } from './guest-identity.ts'

/** An absolute URL of the shop. */
function absolute(appUrl: string, path: string): string {
  return new URL(path, appUrl).toString()
}

/** The guest's personal page as an absolute URL (for emails). */
export function personalUrl(appUrl: string, guest: Pick<Guest, 'personalToken'>): string {
  return absolute(appUrl, guestPersonalPath(guest.personalToken))
}

/** A link sent this recently is not replaced by another claim's mail (one mail for a burst of claims). */
export const CONFIRMATION_QUIET_MS = 15 * 60_000

/**
 * Emails the guest a confirmation link (issue 37: one confirmation flow for every guest use),
 * unless one went out in the last 15 minutes and `resend` is not asked: a guest who claims three
 * things in a row gets one email, and its link confirms all three (what is pending when they
 * confirm, not only what the email names). A later claim (the first mail may be lost) or a resend
 * replaces the outstanding link: the newest email's link works, older ones stop. The link works
 * once and for 48 hours; only its hash is stored.
 *
 * Callers rate-limit per IP and per email before calling (the server's 'guest-claim' limits).
 *
 * @param lines what the guest is confirming, for the email ("Lego Duplo on Sam’s list “Christmas”").
 * @param holdHours how long what they did is held unconfirmed (2), or null.
 * @returns sent: false when a link went out in the last 15 minutes (nothing sent).
 */
export async function sendGuestConfirmation(
  db: Db,
  deps: MailDeps,
  guest: Guest,
  options: { lines: string[]; holdHours: number | null; resend?: boolean },
  now = new Date(),
): Promise<{ sent: boolean }> {
  const token = generateLinkToken()
  const expiresAt = new Date(now.getTime() + GUEST_LIMITS.confirmHours * 3_600_000)
  // Take the slot in one statement: only when no link went out in the quiet window (or a resend),
  // so two claims at once send one email. A link's sending time is its expiry less 48 hours.
  const quietUntil = new Date(expiresAt.getTime() - CONFIRMATION_QUIET_MS)
  const taken = await db
    .update(guests)
    .set({ confirmTokenHash: hashLinkToken(token), confirmExpiresAt: expiresAt })
    .where(
      and(
        eq(guests.id, guest.id),
        options.resend ? sql`true` : or(isNull(guests.confirmTokenHash), lte(guests.confirmExpiresAt, quietUntil)),
      ),
    )
    .returning({ id: guests.id })
  if (taken.length === 0) return { sent: false }
  const mail = await renderGuestConfirmEmail({
    appUrl: deps.appUrl.replace(/\/$/, ''),
    confirmUrl: absolute(deps.appUrl, guestConfirmPath(token)),
    personalUrl: personalUrl(deps.appUrl, guest),
    name: guest.name,
    lines: options.lines,
    validHours: GUEST_LIMITS.confirmHours,
    holdHours: options.holdHours,
  })
  await deps.mailer.send({ to: guest.email, userId: null, kind: 'guest_confirm', ...mail })
  return { sent: true }
}
