/** Why a visitor was sent to sign in, said above the form (issue 26). */
export const AUTH_REASONS = {
  liked: 'Sign in to see the products you like',
  buy: 'Sign in to buy this gift; you will come back to it',
} as const
export type AuthReason = keyof typeof AUTH_REASONS

/** A sign-in's `returnTo` when it is a path of this shop (issue 26; the rule lives in the domain package). */
export { safeReturnPath } from '@presently/domain'
