import { randomUUID } from 'node:crypto'
import { emailLog, guests, sql, users, wishListDigestSends, type Db } from '@presently/db'
import { fromPence, formatPrice, guestPersonalPath, sharedListPath, ukToday } from '@presently/domain'
import { renderListDigestEmail, type ListDigestAdded, type ListDigestChange, type Mailer } from '@presently/email'
import { createEmailToken } from '../auth/email-tokens.ts'

/** What the digest run needs. */
export interface ListDigestDeps {
  mailer: Mailer
  appUrl: string
}

/** What one run did. */
export interface ListDigestStats {
  emailsQueued: number
  /** People with news who already had today's email (they get the rest tomorrow). */
  alreadySentToday: number
  failures: string[]
}

/** How far back a run looks for news (older events are never told of). */
const LOOKBACK_DAYS = 14

type NewsRow = {
  recipient: string
  user_id: number | null
  guest_id: number | null
  event_id: number
  kind: 'added' | 'changed' | 'removed'
  changes: Record<string, [string | number | null, string | number | null]>
  item_title: string
  list_name: string
  owner_name: string
  share_token: string | null
  current_link: boolean
}

/** "Price: £20.00 → £25.00", "Quantity: 1 → 2", "Title: Kite → Red kite". */
function changeLines(changes: NewsRow['changes']): string[] {
  const money = (v: string | number | null) => (v === null ? 'none' : formatPrice(fromPence(Number(v))))
  const lines: string[] = []
  if (changes.title) lines.push(`Title: ${String(changes.title[0])} → ${String(changes.title[1])}`)
  if (changes.price) lines.push(`Price: ${money(changes.price[0])} → ${money(changes.price[1])}`)
  if (changes.quantity) lines.push(`Quantity: ${String(changes.quantity[0])} → ${String(changes.quantity[1])}`)
  return lines
}

/**
 * The daily wish-list digest (issue 37): every claimer, account or guest, hears of the owner's
 * changes to items they claimed or pledged towards (title, price, quantity; removed, alone or with
 * the list) made after their claim, and watchers of items added to a list they watch (through
 * its current link), at most one email a day per person, everything of the day grouped.
 *
 * Exactly once, as the reminders (docs/decisions/reminders.md): the key (recipient, UK day) is
 * inserted `ON CONFLICT DO NOTHING` in the same transaction that queues the email in email_log,
 * with the newest event told of; the next email starts after it. A second run or instance the
 * same day finds the key taken and sends nothing; news after today's email waits for tomorrow's.
 * Accounts that unsubscribed get none; held (unconfirmed) guest claims none.
 *
 * @param now the run's instant; "today" is its UK date.
 */
export async function runListDigests(db: Db, deps: ListDigestDeps, now = new Date()): Promise<ListDigestStats> {
  const today = ukToday(now)
  const appUrl = deps.appUrl.replace(/\/$/, '')
  const host = new URL(appUrl).hostname || 'presently.local'
  const since = new Date(now.getTime() - LOOKBACK_DAYS * 24 * 3_600_000)
  const stats: ListDigestStats = { emailsQueued: 0, alreadySentToday: 0, failures: [] }
  const claimNews = (table: string) =>
    sql.raw(`
    select case when c.user_id is not null then 'user:' || c.user_id else 'guest:' || c.guest_id end as recipient,
      c.user_id, c.guest_id, e.id as event_id, e.kind::text as kind, e.changes, i.title as item_title,
      l.name as list_name, coalesce(nullif(trim(o.display_name), ''), split_part(o.email, '@', 1)) as owner_name,
      l.share_token, coalesce(l.shared_at = c.link_shared_at, false) as current_link
    from ${table} c
    join wish_list_item_events e on e.item_id = c.item_id and e.kind in ('changed', 'removed') and e.created_at > c.created_at
    join wish_list_items i on i.id = e.item_id
    join wish_lists l on l.id = e.list_id
    join users o on o.id = l.user_id
    where c.hold_expires_at is null and e.created_at > '${since.toISOString()}'`)
  const result = await db.execute<NewsRow>(sql`
    with news as (
      ${claimNews('wish_list_claims')}
      union
      ${claimNews('wish_list_pledges')}
      union
      select case when w.user_id is not null then 'user:' || w.user_id else 'guest:' || w.guest_id end,
        w.user_id, w.guest_id, e.id, e.kind::text, e.changes, i.title, l.name,
        coalesce(nullif(trim(o.display_name), ''), split_part(o.email, '@', 1)), l.share_token, true
      from wish_list_watches w
      join wish_list_item_events e on e.list_id = w.list_id and e.kind = 'added' and e.created_at > w.created_at
      join wish_list_items i on i.id = e.item_id and i.deleted_at is null
      join wish_lists l on l.id = e.list_id and l.deleted_at is null and l.shared_at = w.link_shared_at
      join users o on o.id = l.user_id
      where e.created_at > ${since.toISOString()}::timestamptz
    )
    select n.* from news n
    where n.event_id > coalesce((select max(d.last_event_id) from ${wishListDigestSends} d where d.recipient = n.recipient), 0)
    order by n.recipient, n.event_id`)
  const byRecipient = new Map<string, NewsRow[]>()
  for (const row of result.rows) byRecipient.set(row.recipient, [...(byRecipient.get(row.recipient) ?? []), row])

  for (const [recipient, rows] of byRecipient) {
    try {
      const first = rows[0]!
      const lastEventId = Math.max(...rows.map((r) => r.event_id))
      const changes: ListDigestChange[] = []
      const seen = new Set<string>()
      // Newest state per item and kind: a removal says it all; several edits are listed together.
      for (const row of rows.filter((r) => r.kind !== 'added')) {
        const key = `${row.item_title}|${row.list_name}|${row.kind}`
        if (row.kind === 'changed') {
          const prior = changes.find((c) => c.kind === 'changed' && `${c.itemTitle}|${c.listName}|changed` === key)
          if (prior) {
            prior.details.push(...changeLines(row.changes))
            continue
          }
        }
        if (seen.has(key)) continue
        seen.add(key)
        changes.push({
          listName: row.list_name,
          ownerName: row.owner_name,
          itemTitle: row.item_title,
          kind: row.kind as 'changed' | 'removed',
          details: row.kind === 'changed' ? changeLines(row.changes) : [],
        })
      }
      const addedByList = new Map<string, ListDigestAdded>()
      for (const row of rows.filter((r) => r.kind === 'added')) {
        const key = `${row.owner_name}|${row.list_name}`
        const entry = addedByList.get(key) ?? {
          listName: row.list_name,
          ownerName: row.owner_name,
          url: row.share_token && row.current_link ? `${appUrl}${sharedListPath(row.share_token)}` : null,
          titles: [],
        }
        if (!entry.titles.includes(row.item_title)) entry.titles.push(row.item_title)
        addedByList.set(key, entry)
      }
      const added = [...addedByList.values()]
      const queued = await db.transaction(async (tx) => {
        // Who to write to, as they are now (a guest deleted or moved since, an account that
        // unsubscribed: nobody).
        let to: { email: string; name: string | null; userId: number | null; claimsUrl: string; unsubscribeUrl: string }
        if (first.user_id !== null) {
          const [user] = await tx
            .select({ email: users.email, displayName: users.displayName, unsubscribed: users.unsubscribed })
            .from(users)
            .where(sql`${users.id} = ${first.user_id}`)
            .for('share')
          if (!user || user.unsubscribed) return 'skip'
          const token = await createEmailToken(tx, first.user_id, 'unsubscribe', now)
          to = {
            email: user.email,
            name: user.displayName,
            userId: first.user_id,
            claimsUrl: `${appUrl}/my-account/claims`,
            unsubscribeUrl: `${appUrl}/unsubscribe?token=${encodeURIComponent(token)}`,
          }
        } else {
          const [guest] = await tx
            .select({ email: guests.email, name: guests.name, personalToken: guests.personalToken })
            .from(guests)
            .where(sql`${guests.id} = ${first.guest_id}`)
            .for('share')
          if (!guest) return 'skip'
          const personal = `${appUrl}${guestPersonalPath(guest.personalToken)}`
          to = { email: guest.email, name: guest.name, userId: null, claimsUrl: personal, unsubscribeUrl: personal }
        }
        const taken = await tx
          .insert(wishListDigestSends)
          .values({ recipient, day: today, lastEventId })
          .onConflictDoNothing()
          .returning({ recipient: wishListDigestSends.recipient })
        if (taken.length === 0) return 'taken'
        const mail = await renderListDigestEmail({
          appUrl,
          unsubscribeUrl: to.unsubscribeUrl,
          guest: first.user_id === null,
          claimsUrl: to.claimsUrl,
          name: to.name,
          changes,
          added,
        })
        const smtp = deps.mailer.mode === 'smtp'
        await tx.insert(emailLog).values({
          userId: to.userId,
          toAddress: to.email,
          kind: first.user_id === null ? 'guest_list_digest' : 'list_digest',
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          headers: { 'Message-ID': `<list-digest-${randomUUID()}@${host}>` },
          status: smtp ? 'queued' : 'outbox',
          nextAttemptAt: smtp ? new Date() : null,
        })
        return 'queued'
      })
      if (queued === 'queued') stats.emailsQueued += 1
      if (queued === 'taken') stats.alreadySentToday += 1
    } catch (err) {
      stats.failures.push(`${recipient}: ${err instanceof Error ? err.message : String(err)}`)
    }
  }
  if (deps.mailer.mode === 'smtp') while ((await deps.mailer.retryDue()) > 0);
  return stats
}
