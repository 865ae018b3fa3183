import { and, eq, gt, guests } from '@presently/db'
import { AppError, GUEST_MESSAGES } from '@presently/domain'
import type { Db } from '@presently/db'
import { hashLinkToken, looksLikeLinkToken } from '../secret-links/link-token.ts'
import { toGuest, type Guest } from './guest-identity.ts'
import type { GuestDomain } from './guest-domains.ts'
import { GUEST_DOMAINS } from './registered-domains.ts'

/**
 * Spends a guest's confirmation link (/guest/confirm/{token}; issue 37): the guest is confirmed
 * (for good: later links are only needed on a new device), the link stops working, and each
 * domain makes what the guest did count (GuestDomain.onConfirmed), all in one transaction. The
 * spend is one UPDATE matching the token's hash and its expiry, so the same link opened twice at
 * once confirms once; the second gets the 404.
 *
 * The caller then sets the guest cookie on this device (sealGuestCookie).
 *
 * @throws AppError NOT_FOUND "This confirmation link does not work any more…" for a malformed,
 *   unknown, used, replaced or expired (48 hours) token.
 * @returns the guest and the domains' lines.
 */
export async function confirmGuest(
  db: Db,
  token: string,
  now = new Date(),
  domains: readonly GuestDomain[] = GUEST_DOMAINS,
): Promise<{ guest: Guest; outcomes: string[] }> {
  if (!looksLikeLinkToken(token)) throw new AppError('NOT_FOUND', GUEST_MESSAGES.confirmFailed)
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(guests)
      .set({ emailConfirmedAt: now, confirmTokenHash: null, confirmExpiresAt: null, lastUsedAt: now })
      .where(and(eq(guests.confirmTokenHash, hashLinkToken(token)), gt(guests.confirmExpiresAt, now)))
      .returning()
    if (!row) throw new AppError('NOT_FOUND', GUEST_MESSAGES.confirmFailed)
    const guest = toGuest(row)
    const outcomes: string[] = []
    for (const domain of domains) if (domain.onConfirmed) outcomes.push(...(await domain.onConfirmed(tx, guest, now)))
    // A domain may have pushed the expiry (a claim on a dated list): answer the row as it is now.
    const [after] = await tx.select().from(guests).where(eq(guests.id, guest.id))
    return { guest: after ? toGuest(after) : guest, outcomes }
  })
}
