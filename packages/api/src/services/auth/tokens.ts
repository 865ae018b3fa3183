import { sha256 } from '@oslojs/crypto/sha2'
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding'

/**
 * A random token of 20 bytes (160 bits) in lower-case base32 without padding, 32 characters
 * (the Lucia guide's session token; also used for email links).
 */
export function generateToken(): string {
  const bytes = new Uint8Array(20)
  crypto.getRandomValues(bytes)
  return encodeBase32LowerCaseNoPadding(bytes)
}

/** The stored form of a token: hex SHA-256. A leaked table cannot be replayed. */
export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)))
}

/** The shape of every token generateToken makes: 32 characters of lower-case base32. */
export const TOKEN_PATTERN = /^[a-z2-7]{32}$/

/** Cheap shape check before touching the database: 32 characters of base32. */
export function looksLikeToken(token: string): boolean {
  return TOKEN_PATTERN.test(token)
}
