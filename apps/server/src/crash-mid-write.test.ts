import type { ChildProcess } from 'node:child_process'
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import {
  count,
  eq,
  eventPeople,
  gifts,
  inArray,
  openDatabase,
  people,
  sql,
  wishListClaims,
  wishListItems,
  wishLists,
  type Database,
} from '@presently/db'
import { unusedPort } from '@presently/email/testing'
import { afterAll, expect, it } from 'vitest'
import { latestMail, tokenFrom } from './testing/auth-helpers.ts'
import { spawnServer } from './testing/server-process.ts'

/**
 * A server process killed outright (SIGKILL) in the middle of multi-step writes of the shop's own
 * features (docs/decisions/concurrency.md): WEB_CONCURRENCY=2 on the embedded default, six users
 * writing at once (a person with 12 events in one call, wish lists with items, presents, budgets,
 * claims on each other's lists), one worker killed while they write. Afterwards nothing is half
 * written (every person has all 12 events, no claim beyond an item's quantity, no orphan row),
 * and every write the shop acknowledged is there. Requests in flight on the killed worker fail
 * at the socket; that is the only failure allowed.
 */
let dataDir: string
let server: ChildProcess | undefined
let joined: Database | undefined

afterAll(async () => {
  await joined?.pool.end()
  server?.kill('SIGKILL')
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

const EVENTS_PER_PERSON = 12
/**
 * How long a writer waits for an answer before it gives up, as a browser or proxy would. A
 * connection the cluster's primary was handing to the worker at the moment it was killed is
 * never answered nor closed (Node's round-robin handoff waits for the dead worker's reply, which
 * never comes, and keeps the socket open): without a client timeout that one request waited
 * for undici's 300 s and the test timed out (seen once in CI).
 */
const REQUEST_TIMEOUT_MS = 20_000

it(
  'leaves nothing half written and loses no acknowledged write when a server process is killed mid-write',
  { timeout: 300_000 },
  async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'presently-crash-'))
    await chmod(dataDir, 0o755)
    const port = await unusedPort()
    const spawned = spawnServer({
      dataDir,
      port,
      env: {
        WEB_CONCURRENCY: '2',
        AUTH_RATE_LIMIT_IP_MAX: '1000',
        AUTH_RATE_LIMIT_EMAIL_MAX: '1000',
        SHARED_LIST_RATE_LIMIT_PER_MINUTE: '100000',
      },
    })
    server = spawned.child
    const waitFor = async (test: () => boolean, what: string, ms = 150_000) => {
      const until = Date.now() + ms
      while (!test()) {
        if (server!.exitCode !== null) throw new Error(`server exited while waiting for ${what}: ${spawned.output()}`)
        if (Date.now() > until) throw new Error(`no ${what} within ${ms} ms: ${spawned.output()}`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }
    const listening = () => [
      ...new Set(
        spawned
          .output()
          .split('\n')
          .filter((l) => l.startsWith('{') && l.includes('Server listening'))
          .map((l) => (JSON.parse(l) as { pid: number }).pid),
      ),
    ]
    await waitFor(() => spawned.output().includes('(2 server processes)'), 'announcement')
    joined = await openDatabase({ dataDir })
    const db = joined.db
    const base = `http://127.0.0.1:${port}`
    const send = (method: string, url: string, body: unknown, cookie = '') =>
      fetch(base + url, {
        method,
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      })

    const relationshipId = ((await (await fetch(`${base}/api/relationships`)).json()) as { id: number }[])[0]!.id
    const occasionIds = ((await (await fetch(`${base}/api/occasions`)).json()) as { id: number }[]).map((o) => o.id)
    const users: { cookie: string; listId: number; token: string; itemIds: number[] }[] = []
    for (let i = 0; i < 6; i++) {
      const email = `crash-${i}@example.com`
      expect((await send('POST', '/api/auth/register', { email, password: 'secret12' })).status).toBe(201)
      const mail = await latestMail(db, email, 'confirm_email')
      expect(
        (await send('POST', '/api/auth/confirm-email', { token: tokenFrom(mail.links, '/confirm-email') })).status,
      ).toBe(200)
      const login = await send('POST', '/api/auth/login', { email, password: 'secret12' })
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0]!)
        .join('; ')
      const list = (await (await send('POST', '/api/lists', { name: `Shared ${i}` }, cookie)).json()) as { id: number }
      const itemIds: number[] = []
      for (let k = 0; k < 3; k++) {
        const item = await send('POST', `/api/lists/${list.id}/items`, { title: `Thing ${k}`, quantity: 2 }, cookie)
        itemIds.push(((await item.json()) as { id: number }).id)
      }
      const shared = (await (await send('POST', `/api/lists/${list.id}/share`, {}, cookie)).json()) as { url: string }
      users.push({ cookie, listId: list.id, token: shared.url.split('/lists/shared/')[1]!, itemIds })
    }

    const acknowledged = { people: [] as number[], lists: [] as number[], items: [] as number[], gifts: [] as number[] }
    const failures: string[] = []
    let socketErrors = 0
    let writing = true
    /**
     * One call: a 5xx is a failure; a socket error or a timeout (a request the killed worker
     * took, or a connection lost in its handoff: REQUEST_TIMEOUT_MS) is counted.
     */
    const attempt = async (method: string, url: string, body: unknown, cookie: string) => {
      try {
        const res = await send(method, url, body, cookie)
        const text = await res.text()
        if (res.status >= 500) failures.push(`${method} ${url} -> ${res.status} ${text.slice(0, 200)}`)
        return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} }
      } catch {
        socketErrors += 1
        return undefined
      }
    }
    async function writer(index: number) {
      const user = users[index]!
      const neighbour = users[(index + 1) % users.length]!
      for (let round = 0; writing; round++) {
        const events = Array.from({ length: EVENTS_PER_PERSON }, (_, e) => ({
          occasionId: occasionIds[e % occasionIds.length]!,
          date: `1980-${String((e % 12) + 1).padStart(2, '0')}-15`,
        }))
        const person = await attempt(
          'POST',
          '/api/people',
          { name: `P${index}-${round}`, relationshipId, events },
          user.cookie,
        )
        if (person?.status === 201) {
          const personId = person.json.id as number
          acknowledged.people.push(personId)
          const gift = await attempt(
            'POST',
            `/api/people/${personId}/gifts`,
            { title: `Gift ${round}`, givenOn: '2026-01-01', pricePaid: 5 },
            user.cookie,
          )
          if (gift?.status === 201) acknowledged.gifts.push(gift.json.id as number)
          await attempt('PUT', `/api/people/${personId}/budgets`, { default: 10 + round, byOccasion: [] }, user.cookie)
        }
        const list = await attempt('POST', '/api/lists', { name: `L${index}-${round}` }, user.cookie)
        if (list?.status === 201) {
          acknowledged.lists.push(list.json.id as number)
          const item = await attempt(
            'POST',
            `/api/lists/${list.json.id as number}/items`,
            { title: 'Socks', quantity: 3 },
            user.cookie,
          )
          if (item?.status === 201) acknowledged.items.push(item.json.id as number)
          // Deleted (kept with deleted_at set), so the user stays under the 50-list cap.
          await attempt('DELETE', `/api/lists/${list.json.id as number}`, undefined, user.cookie)
        }
        const itemId = neighbour.itemIds[round % neighbour.itemIds.length]!
        await attempt('POST', `/api/shared-lists/${neighbour.token}/items/${itemId}/claim`, {}, user.cookie)
        if (round % 3 === 2) {
          await attempt('DELETE', `/api/shared-lists/${neighbour.token}/items/${itemId}/claim`, undefined, user.cookie)
        }
      }
    }

    const writers = users.map((_, i) => writer(i))
    await waitFor(() => acknowledged.people.length >= 12, 'writes before the kill', 60_000)
    const [victim] = listening()
    process.kill(victim!, 'SIGKILL')
    await waitFor(() => listening().length === 3, 'a replacement worker listening')
    const atRestart = acknowledged.people.length
    await waitFor(() => acknowledged.people.length >= atRestart + 12, 'writes after the restart', 60_000)
    writing = false
    await Promise.all(writers)

    expect(failures).toEqual([])
    // Every person the shop acknowledged is there, and no person anywhere is half written.
    const stored = await db.select({ id: people.id }).from(people).where(inArray(people.id, acknowledged.people))
    expect(stored).toHaveLength(acknowledged.people.length)
    const eventCounts = await db
      .select({ personId: people.id, n: count(eventPeople.eventId) })
      .from(people)
      .leftJoin(eventPeople, eq(eventPeople.personId, people.id))
      .groupBy(people.id)
    expect(eventCounts.filter((c) => c.n !== EVENTS_PER_PERSON)).toEqual([])
    expect(await db.select({ id: gifts.id }).from(gifts).where(inArray(gifts.id, acknowledged.gifts))).toHaveLength(
      acknowledged.gifts.length,
    )
    expect(
      await db.select({ id: wishLists.id }).from(wishLists).where(inArray(wishLists.id, acknowledged.lists)),
    ).toHaveLength(acknowledged.lists.length)
    expect(
      await db
        .select({ id: wishListItems.id })
        .from(wishListItems)
        .where(inArray(wishListItems.id, acknowledged.items)),
    ).toHaveLength(acknowledged.items.length)
    // No item is claimed beyond its quantity; no event is left without a person.
    const overClaimed = await db
      .select({ itemId: wishListItems.id })
      .from(wishListItems)
      .innerJoin(wishListClaims, eq(wishListClaims.itemId, wishListItems.id))
      .groupBy(wishListItems.id, wishListItems.quantity)
      .having(sql`sum(${wishListClaims.quantity}) > ${wishListItems.quantity}`)
    expect(overClaimed).toEqual([])
    const orphans = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from events e where not exists (select 1 from event_people ep where ep.event_id = e.id)`,
    )
    expect(orphans.rows[0]!.n).toBe(0)

    await joined.pool.end()
    joined = undefined
    server.kill('SIGTERM')
    expect(await spawned.exited).toBe(0)
    server = undefined
    // The figures of the run, for the report (not asserted: they depend on the machine).
    console.info(
      `crash-mid-write: ${acknowledged.people.length} people, ${acknowledged.lists.length} lists acknowledged; ${socketErrors} requests cut by the kill`,
    )
  },
)
