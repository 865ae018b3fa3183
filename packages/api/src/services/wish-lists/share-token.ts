import { generateLinkToken, looksLikeLinkToken } from '../secret-links/link-token.ts'

/**
 * A wish list's share token (issue 23): a link token (secret-links/link-token.ts), 128 bits in
 * base64url, 22 characters. Kept as these names because the list's owner is shown the link again.
 */
export const generateShareToken = generateLinkToken

/** Cheap shape check before touching the database: 22 characters of base64url. */
export const looksLikeShareToken = looksLikeLinkToken
