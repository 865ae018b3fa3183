import { defaults, seal, unseal } from 'iron-webcrypto'
import { eq, serverSecrets, type Db } from '@presently/db'
import { encodeBase64urlNoPadding } from '@oslojs/encoding'
import { getGuest, type Guest } from './guest-identity.ts'

/**
 * The guest's device cookie (issue 37): a confirmed guest's id sealed with iron (AES-256-CBC and
 * HMAC-SHA-256 under a password only the server knows; iron-webcrypto), HttpOnly, so the guest does
 * not confirm again on that device. One cookie for every guest use (claims, exchanges).
 */
export const GUEST_COOKIE = 'guest'

/** What the sealed cookie holds. */
interface GuestSeal {
  /** guests.id. */
  g: number
  /** Seal version, so a later format can refuse this one. */
  v: 1
}

/** The cookie lasts as long as a guest's data may (12 months, the longest retention) and a little more. */
export const GUEST_COOKIE_MAX_AGE_S = 400 * 24 * 3600

const SECRET_NAME = 'guest-cookie'

/**
 * The password the guest cookie is sealed with: GUEST_COOKIE_SECRET when set (32+ characters),
 * else one made once and kept in `server_secrets`, so every instance of the shop seals and unseals
 * alike without configuration. Read it once at start.
 */
export async function guestCookieSecret(db: Db, configured?: string): Promise<string> {
  if (configured) {
    if (configured.length < 32) throw new Error('GUEST_COOKIE_SECRET must be at least 32 characters')
    return configured
  }
  const bytes = new Uint8Array(32)
  crypto.getRandomValues(bytes)
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: encodeBase64urlNoPadding(bytes) })
    .onConflictDoNothing()
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, SECRET_NAME))
  if (!row) throw new Error('server_secrets holds no guest cookie secret')
  return row.value
}

/** Seals a confirmed guest's id for their device's cookie. */
export function sealGuestCookie(secret: string, guestId: number): Promise<string> {
  const payload: GuestSeal = { g: guestId, v: 1 }
  return seal(payload, secret, { ...defaults, ttl: GUEST_COOKIE_MAX_AGE_S * 1000 })
}

/** The guest id of a sealed cookie, or null when it was not sealed by us, was altered or is too old. */
export async function unsealGuestCookie(secret: string, value: string): Promise<number | null> {
  if (value.length > 1000) return null
  try {
    const payload = (await unseal(value, secret, {
      ...defaults,
      ttl: GUEST_COOKIE_MAX_AGE_S * 1000,
    })) as Partial<GuestSeal>
    return payload.v === 1 && typeof payload.g === 'number' && Number.isInteger(payload.g) ? payload.g : null
  } catch {
    return null
  }
}

/**
 * The guest of a request's cookie: a guest who still exists and is confirmed, or null (no
 * cookie, a forged or stale one, a guest deleted or moved to an account since).
 */
export async function readGuestFromCookie(db: Db, secret: string, value: string | undefined): Promise<Guest | null> {
  if (!value) return null
  const id = await unsealGuestCookie(secret, value)
  if (id === null) return null
  const guest = await getGuest(db, id)
  return guest?.confirmed ? guest : null
}
