/**
 * Guest identity (issue 37; docs/decisions/guests.md): people without an account who take part by
 * name and email. One table (`guests`), one sealed HttpOnly cookie, one confirmation flow, shared
 * by guest claims on wish lists and gift-exchange participants.
 *
 * - findOrCreateGuest(db, {email, name}) -> Guest
 * - sendGuestConfirmation(db, {mailer, appUrl}, guest, {lines, holdHours, resend?}) -> {sent}
 * - confirmGuest(db, token) -> {guest, outcomes}  (runs GUEST_DOMAINS' onConfirmed)
 * - sealGuestCookie / readGuestFromCookie(db, secret, cookie) -> Guest | null (confirmed only)
 * - findGuestByPersonalToken(db, token) -> Guest  (the /my-claims/{token} link; 404 otherwise)
 * - extendGuestExpiry(db, guestId, until); deleteExpiredGuests(db, now); deleteGuest(db, id)
 * - moveGuestToAccount(db, {userId, email})  (runs GUEST_DOMAINS' moveToAccount, once)
 */
export * from './guest-identity.ts'
export * from './guest-cookie.ts'
export * from './send-confirmation.ts'
export * from './confirm-guest.ts'
export * from './move-to-account.ts'
export * from './delete-expired.ts'
export type { GuestDomain } from './guest-domains.ts'
export { GUEST_DOMAINS } from './registered-domains.ts'
