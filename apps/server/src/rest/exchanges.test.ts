import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { desc, emailLog, eq, exchangeAssignments, inArray, sql } from '@presently/db'
import { extractLinks } from '@presently/email'
import { ukToday } from '@presently/domain'
import { buildTestApp, logInto, signedInUser, withSession, type TestAccount } from '../testing/auth-helpers.ts'
import { localRateLimit } from '../plugins/security.ts'

let testDb: TestDatabase
let app: FastifyInstance
let organiser: TestAccount
let stranger: TestAccount
const logLines: string[] = []
const as = (user: { token: string }) => withSession(user.token)

function addDays(days: number): string {
  const d = new Date(`${ukToday()}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

beforeAll(async () => {
  testDb = await createTestDatabase()
  app = await buildTestApp(
    testDb.db,
    { AUTH_RATE_LIMIT_IP_MAX: 10_000, AUTH_RATE_LIMIT_EMAIL_MAX: 1000, EXCHANGE_JOIN_RATE_LIMIT_PER_HOUR: 3 },
    logInto(logLines),
  )
  organiser = await signedInUser(app, testDb.db, 'organiser-rest-ex@example.com')
  stranger = await signedInUser(app, testDb.db, 'stranger-rest-ex@example.com')
})
afterAll(async () => {
  await app.close()
  await testDb.close()
})

/** The newest personal link token mailed to `email` (mail goes after the answer: wait for it). */
async function tokenFor(email: string): Promise<string> {
  const deadline = Date.now() + 5000
  for (;;) {
    const [mail] = await testDb.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.toAddress, email))
      .orderBy(desc(emailLog.id))
      .limit(1)
    const link = mail ? extractLinks(mail.text).find((l) => l.includes('/exchange/')) : undefined
    if (link) return new URL(link).pathname.split('/').pop()!
    if (Date.now() > deadline) throw new Error(`no exchange mail to ${email}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** A drawn exchange of the organiser and five people who joined by their links. */
async function drawnExchange(name: string) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/exchanges',
    headers: as(organiser),
    payload: { name, limit: 15, exchangeDate: addDays(20), signUpDeadline: addDays(10), takesPart: true },
  })
  expect(created.statusCode).toBe(201)
  const id = created.json<{ id: number }>().id
  const emails = ['ann', 'bob', 'cat', 'dan', 'eve'].map((n) => `${n}-${id}@example.com`)
  const invited = await app.inject({
    method: 'POST',
    url: `/api/exchanges/${id}/invitations`,
    headers: as(organiser),
    payload: { text: emails.map((e, i) => `Person${i} ${id} <${e}>`).join('\n') },
  })
  expect(invited.json()).toEqual({ invited: 5, skipped: 0 })
  const tokens: string[] = []
  for (const email of emails) {
    const token = await tokenFor(email)
    tokens.push(token)
    expect((await app.inject({ method: 'POST', url: `/api/exchange-links/${token}/join` })).statusCode).toBe(200)
  }
  expect(
    (await app.inject({ method: 'POST', url: `/api/exchanges/${id}/draw`, headers: as(organiser) })).statusCode,
  ).toBe(200)
  return { id, tokens, emails }
}

describe('/api/exchanges and /api/exchange-links (issue 36)', () => {
  it('no GET the organiser or a third participant can call changes when the pairs among the others change', async () => {
    const ex = await drawnExchange('REST secrecy')
    const third = ex.tokens[4]!
    await app.inject({ method: 'POST', url: `/api/exchange-links/${third}/open` })
    const organiserGets = [
      '/api/exchanges',
      `/api/exchanges/${ex.id}`,
      `/api/exchanges/${ex.id}/join-qr.svg`,
      `/api/exchanges/${ex.id}/me`,
      `/api/exchanges/${ex.id}/me/ideas`,
    ]
    const thirdGets = [`/api/exchange-links/${third}`, `/api/exchange-links/${third}/ideas`]
    const read = async () => {
      const answers: string[] = []
      for (const url of organiserGets) {
        const res = await app.inject({ method: 'GET', url, headers: as(organiser) })
        expect(res.statusCode, url).toBe(200)
        answers.push(`${url} ${res.headers['content-length']} ${res.body}`)
      }
      for (const url of thirdGets) {
        const res = await app.inject({ method: 'GET', url })
        expect(res.statusCode, url).toBe(200)
        answers.push(`${url} ${res.headers['content-length']} ${res.body}`)
      }
      return answers
    }
    const before = await read()
    // Swap two givers' giftees, keeping the third participant's Santa, giftee and the organiser's own pair.
    const pairs = await testDb.db.select().from(exchangeAssignments).where(eq(exchangeAssignments.exchangeId, ex.id))
    const view = (await app.inject({ method: 'GET', url: `/api/exchange-links/${third}` })).json<{
      match: { name: string }
    }>()
    const participants = (
      await app.inject({ method: 'GET', url: `/api/exchanges/${ex.id}`, headers: as(organiser) })
    ).json<{ participants: { id: number; name: string; isOrganiser: boolean }[] }>().participants
    const thirdId = participants.find((p) => p.name === 'Person4 ' + ex.id)!.id
    const organiserId = participants.find((p) => p.isOrganiser)!.id
    const gifteeId = participants.find((p) => p.name === view.match.name)!.id
    const fixed = new Set([thirdId, organiserId, gifteeId])
    const movable = pairs.filter((p) => !fixed.has(p.giverId) && !fixed.has(p.receiverId))
    if (movable.length >= 2) {
      const [a, b] = movable
      await testDb.db.transaction(async (tx) => {
        await tx.delete(exchangeAssignments).where(inArray(exchangeAssignments.giverId, [a!.giverId, b!.giverId]))
        await tx.insert(exchangeAssignments).values([
          { exchangeId: ex.id, giverId: a!.giverId, receiverId: b!.receiverId },
          { exchangeId: ex.id, giverId: b!.giverId, receiverId: a!.receiverId },
        ])
      })
    } else {
      // Too few pairs outside the fixed ones: reverse every pair among the others instead.
      const others = pairs.filter((p) => !fixed.has(p.giverId))
      await testDb.db.delete(exchangeAssignments).where(
        inArray(
          exchangeAssignments.giverId,
          others.map((p) => p.giverId),
        ),
      )
      if (others.length) await testDb.db.insert(exchangeAssignments).values(others)
    }
    expect(await read()).toEqual(before)
  })

  it('answers 404 for others’ exchanges and unknown, malformed or revoked links; 400 naming the field', async () => {
    const ex = await drawnExchange('REST 404')
    for (const [method, url] of [
      ['GET', `/api/exchanges/${ex.id}`],
      ['POST', `/api/exchanges/${ex.id}/draw`],
      ['GET', `/api/exchanges/${ex.id}/join-qr.svg`],
      ['GET', `/api/exchanges/${ex.id}/me`],
      ['DELETE', `/api/exchanges/${ex.id}`],
    ] as const) {
      const res = await app.inject({ method, url, headers: as(stranger) })
      expect(res.statusCode, `${method} ${url}`).toBe(404)
    }
    for (const token of ['A'.repeat(22), 'short', '%00'.repeat(3)]) {
      expect((await app.inject({ method: 'GET', url: `/api/exchange-links/${token}` })).statusCode).toBe(404)
      expect((await app.inject({ method: 'GET', url: `/api/exchange-join/${token}` })).statusCode).toBe(404)
    }
    const bad = await app.inject({
      method: 'POST',
      url: '/api/exchanges',
      headers: as(organiser),
      payload: { name: 'x', limit: 'lots', exchangeDate: addDays(20), signUpDeadline: addDays(10) },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json<{ message: string }>().message).toMatch(/limit/)
    const message = await app.inject({
      method: 'POST',
      url: `/api/exchange-links/${ex.tokens[0]}/messages`,
      payload: { to: 'organiser', body: 'hi' },
    })
    expect(message.statusCode).toBe(400)
    expect(message.json<{ message: string }>().message).toMatch(/to must be giftee or santa/)
    const long = await app.inject({
      method: 'POST',
      url: `/api/exchange-links/${ex.tokens[0]}/messages`,
      payload: { to: 'giftee', body: 'x'.repeat(501) },
    })
    expect(long.statusCode).toBe(400)
    expect(long.json<{ message: string }>().message).toMatch(/body/)
  })

  it('keeps tokens out of the log and out of referrers, and is never indexed', async () => {
    const ex = await drawnExchange('REST privacy')
    const token = ex.tokens[1]!
    const page = await app.inject({ method: 'GET', url: `/api/exchange-links/${token}` })
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow')
    expect(page.headers['cache-control']).toBe('no-store')
    const trpc = await app.inject({
      method: 'GET',
      url: `/trpc/exchangeParticipants.view?input=${encodeURIComponent(JSON.stringify({ token }))}`,
    })
    expect(trpc.statusCode).toBe(200)
    const joinToken = (await app.inject({ method: 'GET', url: `/api/exchanges/${ex.id}`, headers: as(organiser) }))
      .json<{ joinUrl: string }>()
      .joinUrl.split('/')
      .pop()!
    await app.inject({ method: 'GET', url: `/api/exchange-join/${joinToken}` })
    // Every log line, the mailer's included, goes through the shop's one secret rule (issue 41).
    const log = logLines.join('')
    expect(log).toContain('/api/exchange-links/[redacted]')
    for (const secret of [...ex.tokens, joinToken]) expect(log).not.toContain(secret)
  })

  it('limits joins by the join link per IP', async () => {
    const ex = await drawnExchange('REST join limit')
    const joinToken = (await app.inject({ method: 'GET', url: `/api/exchanges/${ex.id}`, headers: as(organiser) }))
      .json<{ joinUrl: string }>()
      .joinUrl.split('/')
      .pop()!
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/exchange-join/${joinToken}`,
        payload: { name: `Late ${i}`, email: `late-${i}-${ex.id}@example.com` },
      })
      statuses.push(res.statusCode)
    }
    expect(statuses).toEqual([200, 200, 200, 429])
  })

  it("the participant's page at once for every link: each answer the caller's own, the same bytes while nothing changes, new ones at once after a change", async () => {
    const ex = await drawnExchange('REST kept pages')
    for (const token of ex.tokens) await app.inject({ method: 'POST', url: `/api/exchange-links/${token}/open` })
    const page = (token: string) => app.inject({ method: 'GET', url: `/api/exchange-links/${token}` })
    const first = new Map<string, string>()
    for (const token of ex.tokens) first.set(token, (await page(token)).body)
    const order = [...ex.tokens, ...ex.tokens, ...ex.tokens, ...ex.tokens].sort(() => Math.random() - 0.5)
    const answers = await Promise.all(order.map(async (token) => ({ token, res: await page(token) })))
    for (const { token, res } of answers) {
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('no-store')
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(res.body).toBe(first.get(token))
      const index = ex.tokens.indexOf(token)
      expect(res.json<{ me: { name: string } }>().me.name).toBe(`Person${index} ${ex.id}`)
    }
    // The Santa of the first person (maybe the organiser, on their signed-in page) sees that
    // person's new hints on their next read, though their page was kept a moment before.
    await app.inject({ method: 'POST', url: `/api/exchanges/${ex.id}/me/open`, headers: as(organiser) })
    const names = ex.tokens.map((token) => JSON.parse(first.get(token)!) as { match: { name: string } | null })
    const santa = ex.tokens.find((_, i) => names[i]!.match?.name === `Person0 ${ex.id}`)
    const santaPage = () =>
      santa ? page(santa) : app.inject({ method: 'GET', url: `/api/exchanges/${ex.id}/me`, headers: as(organiser) })
    const before = (await santaPage()).json<{ match: { name: string; hints: string } }>().match
    expect(before.name).toBe(`Person0 ${ex.id}`)
    const hints = await app.inject({
      method: 'PUT',
      url: `/api/exchange-links/${ex.tokens[0]}/hints`,
      payload: { hints: 'Size S; loves kites' },
    })
    expect(hints.statusCode).toBe(200)
    expect((await santaPage()).json<{ match: { hints: string } }>().match.hints).toBe('Size S; loves kites')
    expect((await page(ex.tokens[0]!)).json<{ me: { hints: string } }>().me.hints).toBe('Size S; loves kites')
  })

  it('limits page reads per IP in this process, and every other personal link call in PostgreSQL', async () => {
    const ex = await drawnExchange('REST page limit')
    const limited = await buildTestApp(testDb.db, { SHARED_LIST_RATE_LIMIT_PER_MINUTE: 3 })
    try {
      const counters = async (ip: string) =>
        (
          await testDb.db.execute<{ key: string }>(
            sql`select key from rate_limit_counters where key like ${`%:${ip}`} order by key`,
          )
        ).rows.map((r) => r.key)
      const from = (ip: string) => ({ remoteAddress: ip })
      const statuses: number[] = []
      for (let i = 0; i < 4; i++) {
        const res = await limited.inject({
          method: 'GET',
          url: `/api/exchange-links/${ex.tokens[0]}`,
          ...from('198.51.100.36'),
        })
        statuses.push(res.statusCode)
        if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
      }
      expect(statuses).toEqual([200, 200, 200, 429])
      // tRPC's view counts against the same limit.
      const input = encodeURIComponent(JSON.stringify({ token: ex.tokens[1] }))
      const trpc = await limited.inject({
        method: 'GET',
        url: `/trpc/exchangeParticipants.view?input=${input}`,
        ...from('198.51.100.36'),
      })
      expect(trpc.statusCode).toBe(429)
      // Another address has its own count; page reads leave no shared counter.
      expect(
        (await limited.inject({ method: 'GET', url: `/api/exchange-links/${ex.tokens[0]}`, ...from('198.51.100.37') }))
          .statusCode,
      ).toBe(200)
      expect(await counters('198.51.100.36')).toEqual([])
      // The other calls of a personal link still count in rate_limit_counters (shared by instances).
      const ideas = await limited.inject({
        method: 'GET',
        url: `/api/exchange-links/${ex.tokens[0]}/ideas`,
        ...from('198.51.100.36'),
      })
      expect(ideas.statusCode).not.toBe(429)
      expect(await counters('198.51.100.36')).toEqual(['ip:exchange-link:198.51.100.36'])
    } finally {
      await limited.close()
    }
  })
})

describe('localRateLimit', () => {
  it('counts per key in fixed windows and says when the window ends', () => {
    const hit = localRateLimit(2, 60_000)
    expect([hit('a', 0), hit('a', 1_000), hit('a', 2_000), hit('b', 2_000)]).toEqual([
      { allowed: true, retryAfterSeconds: 60 },
      { allowed: true, retryAfterSeconds: 59 },
      { allowed: false, retryAfterSeconds: 58 },
      { allowed: true, retryAfterSeconds: 60 },
    ])
    expect(hit('a', 60_000)).toEqual({ allowed: true, retryAfterSeconds: 60 })
  })
})
