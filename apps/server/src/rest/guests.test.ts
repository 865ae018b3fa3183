import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import {
  buildTestApp,
  logInto,
  latestMail,
  signedInUser,
  withSession,
  type TestAccount,
} from '../testing/auth-helpers.ts'

let testDb: TestDatabase
let app: FastifyInstance
let owner: TestAccount
const logLines: string[] = []

beforeAll(async () => {
  testDb = await createTestDatabase()
  app = await buildTestApp(
    testDb.db,
    { AUTH_RATE_LIMIT_IP_MAX: 10_000, GUEST_RATE_LIMIT_IP_MAX: 10_000, GUEST_RATE_LIMIT_EMAIL_MAX: 3 },
    logInto(logLines),
  )
  owner = await signedInUser(app, testDb.db, 'owner-rest-guests@example.com')
})
afterAll(async () => {
  await app.close()
  await testDb.close()
})

async function sharedList() {
  const headers = withSession(owner.token)
  const created = await app.inject({ method: 'POST', url: '/api/lists', headers, payload: { name: 'Xmas' } })
  const id = created.json<{ id: number }>().id
  const added = await app.inject({
    method: 'POST',
    url: `/api/lists/${id}/items`,
    headers,
    payload: { title: 'Kite', price: 12.5 },
  })
  const shared = await app.inject({ method: 'POST', url: `/api/lists/${id}/share`, headers })
  const url = shared.json<{ url: string }>().url
  return { id, itemId: added.json<{ id: number }>().id, token: url.split('/lists/shared/')[1]! }
}

/** The path's token of the first link of `links` under `prefix`. */
const tokenAfter = (links: string[], prefix: string) => links.find((l) => l.includes(prefix))!.split(prefix)[1]!

describe('guest REST calls (issue 37)', () => {
  it('claims as a guest, confirms (sealed HttpOnly cookie), reads the list as a guest and undoes from the personal link', async () => {
    const { token, itemId } = await sharedList()
    const claim = await app.inject({
      method: 'POST',
      url: `/api/shared-lists/${token}/items/${itemId}/guest-claim`,
      payload: { name: 'Gran', email: 'gran-rest@example.com', showName: true },
    })
    expect(claim.statusCode).toBe(200)
    expect(claim.json()).toMatchObject({ pending: true, confirmationSent: true, item: { claimedQuantity: null } })
    const mail = await latestMail(testDb.db, 'gran-rest@example.com', 'guest_confirm')
    const confirmToken = tokenAfter(mail.links, '/guest/confirm/')
    const personal = tokenAfter(mail.links, '/my-claims/')
    const confirmed = await app.inject({ method: 'POST', url: '/api/guests/confirm', payload: { token: confirmToken } })
    expect(confirmed.statusCode).toBe(200)
    const cookie = confirmed.cookies.find((c) => c.name === 'guest')!
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(cookie.value.startsWith('Fe26.2*')).toBe(true)
    const again = await app.inject({ method: 'POST', url: '/api/guests/confirm', payload: { token: confirmToken } })
    expect(again.statusCode).toBe(404)
    const page = await app.inject({ url: `/api/shared-lists/${token}`, headers: { cookie: `guest=${cookie.value}` } })
    expect(page.json()).toMatchObject({ view: 'guest', guest: { name: 'Gran', confirmed: true } })
    const forged = await app.inject({
      url: `/api/shared-lists/${token}`,
      headers: { cookie: `guest=${cookie.value.slice(0, -4)}AAAA` },
    })
    expect(forged.json()).toMatchObject({ view: 'anonymous' })
    const mine = await app.inject({ url: `/api/my-claims/${personal}` })
    expect(mine.statusCode).toBe(200)
    expect(mine.headers['cache-control']).toBe('no-store')
    expect(mine.headers['x-robots-tag']).toBe('noindex, nofollow')
    expect(mine.json()).toMatchObject({ claims: [{ kind: 'claim', title: 'Kite', pending: false }] })
    const undo = await app.inject({ method: 'DELETE', url: `/api/my-claims/${personal}/claims/${itemId}` })
    expect(undo.statusCode).toBe(200)
    const gone = await app.inject({ method: 'DELETE', url: `/api/my-claims/${personal}` })
    expect(gone.statusCode).toBe(200)
    expect((await app.inject({ url: `/api/my-claims/${personal}` })).statusCode).toBe(404)
    // No token of a secret link reaches a request's log line. (The outbox's development line lists
    // each mail's links on purpose, as for every mail; issue 41 redacts secrets there by shape.)
    const log = logLines.filter((line) => !line.includes('email kept in the outbox')).join('')
    for (const secret of [token, confirmToken, personal])
      for (const line of log.split('\n')) expect(line.includes(secret) ? line : '').toBe('')
  })

  it('answers 400 naming the field, 404 for unknown tokens, 429 past the per-email limit, never a 500', async () => {
    const { token, itemId } = await sharedList()
    const post = (payload: unknown, url = `/api/shared-lists/${token}/items/${itemId}/guest-claim`) =>
      app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> })
    expect((await post({ email: 'a@b.co' })).json()).toEqual({ success: false, message: 'name is required' })
    expect((await post({ name: 'A' })).json()).toEqual({ success: false, message: 'Email is required' })
    expect((await post({ name: 'A', email: 'a@b.co', quantity: 0 })).statusCode).toBe(400)
    expect((await post({ name: ['x'], email: 'a@b.co' })).statusCode).toBe(400)
    expect((await post({ name: 'A', email: 'a@b.co', showName: 'yes' })).json()).toEqual({
      success: false,
      message: 'showName must be true or false',
    })
    expect(
      (await post({ name: 'A', email: 'a@b.co' }, `/api/shared-lists/${'x'.repeat(22)}/items/1/guest-claim`))
        .statusCode,
    ).toBe(404)
    expect((await post({ token: 'nope' }, '/api/guests/confirm')).statusCode).toBe(404)
    expect((await post({}, '/api/guests/confirm')).statusCode).toBe(400)
    expect((await app.inject({ url: `/api/my-claims/${'y'.repeat(22)}` })).statusCode).toBe(404)
    expect((await app.inject({ url: `/api/my-claims/${'%00'.repeat(5)}` })).statusCode).toBe(404)
    // Three claims per email per window in this app: the fourth is refused.
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await post({ name: 'L', email: 'limit-rest@example.com' })).statusCode)
    expect(statuses.slice(-1)).toEqual([429])
    expect(statuses.every((s) => s < 500)).toBe(true)
  })

  it('documents every guest route in the OpenAPI document', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>()
    for (const path of [
      '/api/shared-lists/{token}/items/{itemId}/guest-claim',
      '/api/shared-lists/{token}/items/{itemId}/guest-pledges',
      '/api/shared-lists/{token}/watch',
      '/api/guests/confirm',
      '/api/guests/me',
      '/api/guests/sign-out',
      '/api/my-claims/{token}',
      '/api/my-claims/{token}/claims/{itemId}',
      '/api/my-claims/{token}/pledges/{itemId}',
    ])
      expect(Object.keys(doc.paths)).toContain(path)
  })
})
