import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { emailLog, eq, guests } from '@presently/db'
import { createMailer, type Mailer } from '@presently/email'
import { extractLinks } from '@presently/email'
import {
  confirmGuest,
  deleteExpiredGuests,
  extendGuestExpiry,
  findGuestByPersonalToken,
  findOrCreateGuest,
  getGuest,
  guestCookieSecret,
  moveGuestToAccount,
  readGuestFromCookie,
  sealGuestCookie,
  sendGuestConfirmation,
  unsealGuestCookie,
  type GuestDomain,
} from './index.ts'
import { makeUser } from '../../testing/fixtures.ts'

let t: TestDatabase
let mailer: Mailer
const appUrl = 'http://shop.test'
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined }

beforeAll(async () => {
  t = await createTestDatabase()
  mailer = createMailer({ db: t.db, logger: silent, from: 'Presently <no-reply@shop.test>' })
})
afterAll(async () => t.close())

/** The AppError a service call fails with. */
async function rejection(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await call
  } catch (error) {
    return error as { code: string; message: string }
  }
  throw new Error('expected the call to fail')
}

/** The confirmation token of the newest mail to `email`. */
async function confirmTokenFor(email: string): Promise<string> {
  const rows = await t.db.select().from(emailLog).where(eq(emailLog.toAddress, email))
  const last = rows.sort((a, b) => b.id - a.id)[0]
  const link = extractLinks(last!.text).find((l) => l.includes('/guest/confirm/'))
  return link!.split('/guest/confirm/')[1]!
}

describe('guest identity (issue 37)', () => {
  it('finds or creates one guest per email, whatever its case, even when asked twice at once', async () => {
    const [a, b] = await Promise.all([
      findOrCreateGuest(t.db, { email: 'Gran@Example.com', name: 'Gran' }),
      findOrCreateGuest(t.db, { email: 'gran@example.com', name: 'Someone else' }),
    ])
    expect(a.id).toBe(b.id)
    expect([a.created, b.created].sort()).toEqual([false, true])
    const guest = await getGuest(t.db, a.id)
    expect(guest).toMatchObject({ email: 'gran@example.com', confirmed: false })
    // Typing an address does not rename its owner.
    expect(guest!.name).toBe(a.created ? 'Gran' : 'Someone else')
    expect(guest!.personalToken).toMatch(/^[A-Za-z0-9_-]{22}$/)
  })

  it('seals the cookie so that only the server reads it; altered, foreign or unconfirmed cookies read as no guest', async () => {
    const secret = await guestCookieSecret(t.db)
    expect(await guestCookieSecret(t.db)).toBe(secret)
    expect(secret.length).toBeGreaterThanOrEqual(32)
    const guest = await findOrCreateGuest(t.db, { email: 'cookie@example.com', name: 'Cookie' })
    const sealed = await sealGuestCookie(secret, guest.id)
    expect(sealed).not.toContain(`"g":${guest.id}`)
    expect(sealed.startsWith('Fe26.2')).toBe(true)
    expect(await unsealGuestCookie(secret, sealed)).toBe(guest.id)
    expect(await unsealGuestCookie(secret, `${sealed.slice(0, -2)}xx`)).toBeNull()
    expect(await unsealGuestCookie('another secret that is long enough, 32+', sealed)).toBeNull()
    expect(await unsealGuestCookie(secret, 'garbage')).toBeNull()
    // Not confirmed yet: the cookie gives nothing.
    expect(await readGuestFromCookie(t.db, secret, sealed)).toBeNull()
    await t.db.update(guests).set({ emailConfirmedAt: new Date() }).where(eq(guests.id, guest.id))
    expect((await readGuestFromCookie(t.db, secret, sealed))?.id).toBe(guest.id)
    await t.db.delete(guests).where(eq(guests.id, guest.id))
    expect(await readGuestFromCookie(t.db, secret, sealed)).toBeNull()
    await expect(guestCookieSecret(t.db, 'short')).rejects.toThrow(/32 characters/)
  })

  it('sends one confirmation link for a burst of claims, works once (twice at once: once), and not after 48 hours', async () => {
    const guest = await findOrCreateGuest(t.db, { email: 'confirm@example.com', name: 'Ann' })
    const at = new Date()
    const first = await sendGuestConfirmation(t.db, { mailer, appUrl }, guest, { lines: ['A kite'], holdHours: 2 }, at)
    const second = await sendGuestConfirmation(t.db, { mailer, appUrl }, guest, { lines: ['A ball'], holdHours: 2 }, at)
    expect([first.sent, second.sent]).toEqual([true, false])
    const stale = await confirmTokenFor('confirm@example.com')
    // A claim 20 minutes later (the first mail may be lost) sends a new link; the old one stops.
    const later = new Date(at.getTime() + 20 * 60_000)
    expect(
      (await sendGuestConfirmation(t.db, { mailer, appUrl }, guest, { lines: [], holdHours: 2 }, later)).sent,
    ).toBe(true)
    expect(await rejection(confirmGuest(t.db, stale, later, []))).toMatchObject({ code: 'NOT_FOUND' })
    const token = await confirmTokenFor('confirm@example.com')
    const seen: number[] = []
    const domain: GuestDomain = {
      name: 'test',
      onConfirmed: (_tx, g) => {
        seen.push(g.id)
        return Promise.resolve([`confirmed ${g.name}`])
      },
    }
    const results = await Promise.allSettled([
      confirmGuest(t.db, token, new Date(), [domain]),
      confirmGuest(t.db, token, new Date(), [domain]),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const ok = results.find((r) => r.status === 'fulfilled')!
    expect(ok.value.outcomes).toEqual(['confirmed Ann'])
    expect(ok.value.guest.confirmed).toBe(true)
    expect(seen).toEqual([guest.id])
    const failed = results.find((r) => r.status === 'rejected')!
    expect(failed.reason).toMatchObject({ code: 'NOT_FOUND' })

    // A resend replaces the link; a link 48 hours old does not work.
    await sendGuestConfirmation(t.db, { mailer, appUrl }, guest, { lines: [], holdHours: null, resend: true })
    const late = await confirmTokenFor('confirm@example.com')
    const err = await rejection(confirmGuest(t.db, late, new Date(Date.now() + 48 * 3_600_000 + 1000), []))
    expect(err).toMatchObject({ code: 'NOT_FOUND' })
    expect(await rejection(confirmGuest(t.db, 'not-a-token', new Date(), []))).toMatchObject({ code: 'NOT_FOUND' })
  })

  it('finds a guest by their personal link only; a malformed or unknown one is a 404', async () => {
    const guest = await findOrCreateGuest(t.db, { email: 'personal@example.com', name: 'Pat' })
    expect((await findGuestByPersonalToken(t.db, guest.personalToken)).id).toBe(guest.id)
    expect(await rejection(findGuestByPersonalToken(t.db, 'x'.repeat(22)))).toMatchObject({ code: 'NOT_FOUND' })
    expect(await rejection(findGuestByPersonalToken(t.db, '../etc'))).toMatchObject({ code: 'NOT_FOUND' })
  })

  it('deletes guests whose time ran out, never earlier; extending never shortens', async () => {
    const now = new Date()
    const guest = await findOrCreateGuest(t.db, { email: 'expiry@example.com', name: 'Ex' }, now)
    // A new guest is kept for the confirmation window.
    expect(guest.expiresAt.getTime() - now.getTime()).toBe(48 * 3_600_000)
    const later = new Date(now.getTime() + 30 * 24 * 3_600_000)
    await extendGuestExpiry(t.db, guest.id, later, now)
    await extendGuestExpiry(t.db, guest.id, new Date(now.getTime() + 1000), now)
    expect((await getGuest(t.db, guest.id))!.expiresAt.getTime()).toBe(later.getTime())
    await deleteExpiredGuests(t.db, new Date(later.getTime() - 1000))
    expect(await getGuest(t.db, guest.id)).not.toBeNull()
    await deleteExpiredGuests(t.db, new Date(later.getTime() + 1000))
    expect(await getGuest(t.db, guest.id)).toBeNull()
  })

  it('moves a confirmed guest to the account with the same email once; an unconfirmed one stays', async () => {
    const confirmed = await findOrCreateGuest(t.db, { email: 'mover@example.com', name: 'Mo' })
    await t.db.update(guests).set({ emailConfirmedAt: new Date() }).where(eq(guests.id, confirmed.id))
    const unconfirmed = await findOrCreateGuest(t.db, { email: 'waiting@example.com', name: 'Wai' })
    const moves: [number, number][] = []
    const domain: GuestDomain = {
      name: 'test',
      moveToAccount: (_tx, { guestId, userId }) => {
        moves.push([guestId, userId])
        return Promise.resolve(3)
      },
    }
    const user = await makeUser(t.db, 'mover@example.com')
    expect(await moveGuestToAccount(t.db, { userId: user.id, email: 'MOVER@example.com' }, [domain])).toEqual({
      moved: 3,
    })
    expect(await moveGuestToAccount(t.db, { userId: user.id, email: 'mover@example.com' }, [domain])).toEqual({
      moved: 0,
    })
    expect(moves).toEqual([[confirmed.id, user.id]])
    expect(await getGuest(t.db, confirmed.id)).toBeNull()
    const other = await makeUser(t.db, 'waiting@example.com')
    expect(await moveGuestToAccount(t.db, { userId: other.id, email: 'waiting@example.com' }, [domain])).toEqual({
      moved: 0,
    })
    expect(await getGuest(t.db, unconfirmed.id)).not.toBeNull()
  })
})
