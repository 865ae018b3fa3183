import { z } from 'zod'
import { emailInput } from './auth.ts'
import { safeText } from './input.ts'

/**
 * Guests: people without an account who take part by name and email (issue 37; guest claims on
 * shared wish lists, and gift-exchange participants). One identity, one sealed cookie, one
 * confirmation flow (docs/decisions/guests.md).
 */

/** Times and caps of guests (issue 37). */
export const GUEST_LIMITS = {
  /** A confirmation link works once and for 48 hours. */
  confirmHours: 48,
  /** An unconfirmed claim holds its item for 2 hours, then it is released. */
  holdHours: 2,
  /** Open (pending or confirmed) guest claims per email address. */
  openClaimsPerEmail: 20,
  /** Guests' data is deleted this many days after a list's date... */
  daysAfterListDate: 30,
  /** ...or this many months after its last use where the list has no date. */
  monthsAfterLastUse: 12,
  nameMax: 60,
} as const

/** Messages of the guest calls (issue 37). */
export const GUEST_MESSAGES = {
  /** Unknown, used, replaced or expired confirmation link (one answer for all). */
  confirmFailed:
    'This confirmation link does not work any more: it was used, replaced by a newer email, or is over 48 hours old. Use the newest email, or claim again to get a new one.',
  confirmed: 'Thank you: your email address is confirmed',
  /** Unknown or revoked personal link. */
  personalNotFound: 'This link does not work any more',
  tooManyClaims: `A guest can hold at most ${GUEST_LIMITS.openClaimsPerEmail} claims at once: undo one, or create an account`,
  confirmationSent: 'Check your email: confirm within 2 hours to keep this',
  signedOut: 'You are no longer signed in as a guest on this device',
  deleted: 'Your name, email address and claims have been deleted',
} as const

/**
 * What the page that asks for a guest's email says about keeping it (issue 37: "the page that
 * collects the email says so"). The exchange pages say the same of theirs.
 */
export const GUEST_DATA_NOTICE =
  `We keep your name and email address only to confirm this and tell you of changes. ` +
  `They are deleted ${GUEST_LIMITS.daysAfterListDate} days after the list's date, or ` +
  `${GUEST_LIMITS.monthsAfterLastUse} months after you last use them where the list has no date.`

/** A guest's name as they give it ("Gran", "Aunt Sue"): 1-60 characters. */
export const guestNameField = safeText({ max: GUEST_LIMITS.nameMax }).min(1, 'name is required')

/** Who a guest is: the name and email address they give (the email is lower-cased). */
export const guestIdentityInput = z.object({
  name: guestNameField,
  email: emailInput,
})
export type GuestIdentityInput = z.input<typeof guestIdentityInput>

/** A confirmation link's token in a URL or body; a malformed one fails like an unknown one. */
export const guestTokenField = z.string().max(100, 'token must be at most 100 characters')

/** POST /api/guests/confirm {token}. */
export const confirmGuestInput = z.object({ token: guestTokenField })

/** The guest as their own pages show them (never another guest's). */
export const guestOutput = z.object({
  name: z.string(),
  email: z.string(),
  confirmed: z.boolean(),
  /** The personal page of their claims (/my-claims/{token}). */
  personalPath: z.string(),
  /** ISO 8601: when their data is deleted unless used again. */
  expiresAt: z.string(),
})
export type GuestOutput = z.infer<typeof guestOutput>

/** POST /api/guests/confirm: the confirmed guest and what the confirmation did. */
export const confirmGuestOutput = z.object({
  success: z.literal(true),
  message: z.string(),
  guest: guestOutput,
  /** Lines saying what was confirmed ("Your claim of Lego Duplo on Mum's list is confirmed"). */
  outcomes: z.array(z.string()),
})
export type ConfirmGuestOutput = z.infer<typeof confirmGuestOutput>

/** The path of a guest's personal page. */
export function guestPersonalPath(token: string): string {
  return `/my-claims/${token}`
}

/** The path of a guest's confirmation page (the link in the confirmation email). */
export function guestConfirmPath(token: string): string {
  return `/guest/confirm/${token}`
}

/** The first word of a guest's name ("Aunt Sue" -> "Aunt"), what others may see of it. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name
}
