import { lte, sql, wishListClaims, wishListPledges, wishLists, type SQL } from '@presently/db'
import { GUEST_LIMITS } from '@presently/domain'
import type { Executor } from '../auth/executor.ts'

/**
 * A claim or pledge counts (holds its units, shows to other visitors) when it is confirmed (an
 * account's, or a confirmed guest's: hold_expires_at null) or a guest's hold has not run out yet
 * (issue 37: 2 hours). Read with the transaction's `now()`, so one transaction sees one answer.
 */
export function claimCounts(): SQL {
  return sql`(${wishListClaims.holdExpiresAt} is null or ${wishListClaims.holdExpiresAt} > now())`
}

/** As {@link claimCounts}, for pledges. */
export function pledgeCounts(): SQL {
  return sql`(${wishListPledges.holdExpiresAt} is null or ${wishListPledges.holdExpiresAt} > now())`
}

/** When a guest's unconfirmed claim made at `now` is released. */
export function holdUntil(now: Date): Date {
  return new Date(now.getTime() + GUEST_LIMITS.holdHours * 3_600_000)
}

/**
 * How long a guest's part in a list is kept (issue 37): to the end of the 30th day after the
 * list's date (at least the 48-hour confirmation window from `now`), or 12 months from `now`
 * where the list has no date.
 */
export function guestRetentionUntil(listDate: string | null, now: Date): Date {
  if (listDate) {
    const [y, m, d] = listDate.split('-').map(Number) as [number, number, number]
    // The end of the 30th UK day after the date (UTC midnight of the 31st is within an hour of it).
    const until = new Date(Date.UTC(y, m - 1, d + GUEST_LIMITS.daysAfterListDate + 1))
    const floor = new Date(now.getTime() + GUEST_LIMITS.confirmHours * 3_600_000)
    return until > floor ? until : floor
  }
  const until = new Date(now)
  until.setUTCMonth(until.getUTCMonth() + GUEST_LIMITS.monthsAfterLastUse)
  return until
}

/**
 * The claimer's link is still the list's link (issue 41, finding 6): the list is live, shared,
 * and was not shared anew (renewed, or revoked and shared again) since the claimer last acted
 * through it. `linkSharedAt` is the claim's, pledge's or watch's column.
 */
export function sameLinkGeneration(linkSharedAt: SQL | typeof wishListClaims.linkSharedAt): SQL {
  return sql`(${wishLists.deletedAt} is null and ${wishLists.shareToken} is not null and ${wishLists.sharedAt} = ${linkSharedAt})`
}

/**
 * Releases guests' holds that ran out (issue 37): their unconfirmed claims and pledges are
 * deleted. Readers already ignore them (claimCounts); this keeps the tables small. Run by the
 * hourly job.
 * @returns how many claims and pledges were released.
 */
export async function releaseExpiredHolds(db: Executor, now = new Date()): Promise<number> {
  const claims = await db
    .delete(wishListClaims)
    .where(lte(wishListClaims.holdExpiresAt, now))
    .returning({ id: wishListClaims.id })
  const pledges = await db
    .delete(wishListPledges)
    .where(lte(wishListPledges.holdExpiresAt, now))
    .returning({ id: wishListPledges.id })
  return claims.length + pledges.length
}
