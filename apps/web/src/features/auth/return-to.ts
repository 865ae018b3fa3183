/** Why a visitor was sent to sign in, said above the form (issue 26). */
export const AUTH_REASONS = {
  liked: 'Sign in to see the products you like',
  buy: 'Sign in to buy this gift; you will come back to it',
} as const
export type AuthReason = keyof typeof AUTH_REASONS

/**
 * A sign-in's `returnTo` when it is a path of this shop ("/product/123?person=4"): starts with one
 * "/" and holds no backslash or control character, so it can never name another site
 * ("//evil.example", "/\\evil.example"); undefined otherwise (issue 26).
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000) return undefined
  if (!value.startsWith('/') || value.startsWith('//')) return undefined
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return undefined
  return value
}
