import { and, eq, exchangeParticipants, isNull, sql } from '@presently/db'
import type { GuestDomain } from '../guests/guest-domains.ts'

/**
 * Gift exchanges' part in the guest identity (issue 37's module, reused as issue 36 asks): when
 * a guest signs up with the same confirmed email, their exchange places move to the account (so
 * /exchanges lists them), except in an exchange where the account already has a place.
 */
export const exchangeGuestDomain: GuestDomain = {
  name: 'gift exchanges',
  async moveToAccount(tx, { guestId, userId }) {
    const moved = await tx
      .update(exchangeParticipants)
      .set({ userId })
      .where(
        and(
          eq(exchangeParticipants.guestId, guestId),
          isNull(exchangeParticipants.userId),
          sql`not exists (select 1 from exchange_participants o where o.exchange_id = ${exchangeParticipants.exchangeId} and o.user_id = ${userId})`,
        ),
      )
      .returning({ id: exchangeParticipants.id })
    return moved.length
  },
}
