import { encodeBase64urlNoPadding } from '@oslojs/encoding'
import { SHARE_TOKEN_PATTERN } from '@presently/domain'

/**
 * A wish list's share token (issue 23): 16 random bytes (128 bits) from the platform's CSPRNG in
 * base64url without padding, 22 characters, as the auth code makes its tokens with @oslojs/encoding.
 */
export function generateShareToken(): string {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return encodeBase64urlNoPadding(bytes)
}

/** Cheap shape check before touching the database: 22 characters of base64url. */
export function looksLikeShareToken(token: string): boolean {
  return SHARE_TOKEN_PATTERN.test(token)
}
