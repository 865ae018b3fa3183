import { timingSafeEqual } from 'node:crypto'
import { sha256 } from '@oslojs/crypto/sha2'
import { encodeBase64urlNoPadding, encodeHexLowerCase } from '@oslojs/encoding'
import { LINK_TOKEN_PATTERN } from '@presently/domain'

/**
 * The one module for secret links (shared wish lists, gift exchanges, guests' claims, join links):
 * make a token, hash it for lookup, compare, and tell its shape (conventions: "Guests and tokens").
 * Revoking is the owner's row losing its hash; redaction in logs is the server's one rule over
 * every URL (docs/decisions/secret-links.md).
 *
 * A link token is 16 bytes (128 bits) from the platform's CSPRNG in base64url without padding:
 * 22 characters, as the shared lists' tokens have always been.
 */
export function generateLinkToken(): string {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return encodeBase64urlNoPadding(bytes)
}

/**
 * The stored form of a link token that the shop never has to show again: lower-case hex SHA-256
 * (64 characters). A leaked table cannot be replayed. A token that must be shown again to its
 * owner (a shared list's link on the owner's page) is stored as it is.
 */
export function hashLinkToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)))
}

/** Cheap shape check before touching the database: 22 characters of base64url. */
export function looksLikeLinkToken(token: string): boolean {
  return LINK_TOKEN_PATTERN.test(token)
}

/**
 * Compares two tokens (or two hashes) in time that does not depend on where they differ.
 * Strings of different lengths are unequal (their lengths are not secret: every token has one).
 */
export function sameLinkToken(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8')
  const right = Buffer.from(b, 'utf8')
  return left.length === right.length && timingSafeEqual(left, right)
}
