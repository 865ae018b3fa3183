import { guests, eq } from '@presently/db'
import type { Db } from '@presently/db'
import { findConfirmedGuestByEmail } from './guest-identity.ts'
import type { GuestDomain } from './guest-domains.ts'
import { GUEST_DOMAINS } from './registered-domains.ts'

/**
 * Moves a confirmed guest's claims, pledges and the rest to a new account with the same email
 * (issue 37: "signing up later with the same, confirmed email moves the guest's claims and
 * pledges to the account, once"). Called when an account's email is confirmed (the confirmation
 * link, Google sign-in). Both addresses are proven: the guest's by their confirmation, the
 * account's by its own. In one transaction with the guest's row locked: each domain moves its
 * rows (GuestDomain.moveToAccount), then the guest row is deleted, so a second call finds no
 * guest and moves nothing. An unconfirmed guest is left alone (their holds expire).
 *
 * @param email the account's email (any case).
 * @returns how many things moved (0 when there was no confirmed guest).
 */
export async function moveGuestToAccount(
  db: Db,
  account: { userId: number; email: string },
  domains: readonly GuestDomain[] = GUEST_DOMAINS,
): Promise<{ moved: number }> {
  return db.transaction(async (tx) => {
    const guest = await findConfirmedGuestByEmail(tx, account.email, true)
    if (!guest) return { moved: 0 }
    let moved = 0
    for (const domain of domains) {
      if (domain.moveToAccount) moved += await domain.moveToAccount(tx, { guestId: guest.id, userId: account.userId })
    }
    await tx.delete(guests).where(eq(guests.id, guest.id))
    return { moved }
  })
}
