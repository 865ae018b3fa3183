import type { Tx } from '../auth/executor.ts'
import type { Guest } from './guest-identity.ts'

/**
 * What a domain that keeps guests' data (wish-list claims; gift exchanges) does at the two moments
 * of a guest's life that the guest module owns (issue 37, docs/decisions/guests.md). Each hook runs
 * inside the guest module's transaction, with the guest's row locked.
 */
export interface GuestDomain {
  /** For logs and tests. */
  name: string
  /**
   * The guest followed a confirmation link: make what they did while unconfirmed count (confirm
   * held claims, re-take released ones that are still free).
   * @returns lines for the confirmation page ("Your claim of … is confirmed").
   */
  onConfirmed?: (tx: Tx, guest: Guest, now: Date) => Promise<string[]>
  /**
   * The guest signed up with the same, confirmed email: move everything of theirs to account
   * `userId` (the guest row is deleted right after, so this happens once).
   * @returns how many things moved.
   */
  moveToAccount?: (tx: Tx, move: { guestId: number; userId: number }) => Promise<number>
}
