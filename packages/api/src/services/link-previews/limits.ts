import { countHit, type Db } from '@presently/db'
import { AppError, LINK_PREVIEW_LIMITS, LINK_PREVIEW_MESSAGES } from '@presently/domain'

/**
 * Counts one preview of `userId` (issue 38): at most LINK_PREVIEW_LIMITS.perUserPerMinute a
 * minute, counted in rate_limit_counters so every instance shares the count.
 * @throws AppError TOO_MANY_REQUESTS with a plain message past the limit.
 */
export async function countUserPreview(db: Db, userId: number, perMinute: number): Promise<void> {
  const { current } = await countHit(db, `user:link-preview:${userId}`, 60_000)
  if (current > perMinute) throw new AppError('TOO_MANY_REQUESTS', LINK_PREVIEW_MESSAGES.tooMany)
}

/**
 * Waits for a turn to fetch from `host` (issue 38, politeness): at most
 * LINK_PREVIEW_LIMITS.perHostPerSecond fetches a second from the whole shop (all instances,
 * all users), so a list of links from one shop never hammers it. Waits out the second when it
 * is used up, for at most `maxWaitMs`.
 * @returns true when the fetch may go ahead, false when no turn came in time.
 */
export async function awaitHostTurn(
  db: Db,
  host: string,
  maxWaitMs: number,
  perSecond: number = LINK_PREVIEW_LIMITS.perHostPerSecond,
): Promise<boolean> {
  const until = Date.now() + maxWaitMs
  for (;;) {
    const { current, ttl } = await countHit(db, `host:link-preview:${host.toLowerCase()}`, 1000)
    if (current <= perSecond) return true
    const wait = Math.max(ttl, 50) + Math.floor(Math.random() * 50)
    if (Date.now() + wait > until) return false
    await new Promise((resolve) => setTimeout(resolve, wait))
  }
}
