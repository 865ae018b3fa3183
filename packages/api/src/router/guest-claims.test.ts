import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, createTestProducts, type TestDatabase } from '@presently/db/testing'
import { and, emailLog, eq, guests, sql, wishListClaims, wishListDigestSends } from '@presently/db'
import { AppError } from '@presently/domain'
import { createMailer, extractLinks, type Mailer } from '@presently/email'
import { createCaller } from '../root.ts'
import type { AuthPlumbing, Context, SessionUser } from '../trpc.ts'
import { makeUser } from '../testing/fixtures.ts'
import { rejection } from '../testing/rejection.ts'
import { getGuest, readGuestFromCookie, sealGuestCookie, guestCookieSecret } from '../services/guests/index.ts'
import { confirmEmail } from '../services/auth/confirm-email.ts'
import { createEmailToken } from '../services/auth/email-tokens.ts'
import { runListDigests } from '../services/wish-lists/list-digests.ts'
import { releaseExpiredHolds } from '../services/wish-lists/claim-rules.ts'
import { deleteExpiredGuests } from '../services/guests/delete-expired.ts'

let t: TestDatabase
let mailer: Mailer
let secret = ''
const appUrl = 'http://shop.test'
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined }
let catalog: Awaited<ReturnType<typeof createTestProducts>>

beforeAll(async () => {
  t = await createTestDatabase()
  mailer = createMailer({ db: t.db, logger: silent, from: 'Presently <no-reply@shop.test>' })
  secret = await guestCookieSecret(t.db)
  catalog = await createTestProducts(t.db, [{ title: 'Lego Castle', price: 49.99, categoryName: 'Toys' }])
})
afterAll(async () => t.close())

/**
 * A caller as the server builds it: a device with a cookie jar for the sealed guest cookie, and
 * rate limits that count per email when `limit` is given.
 */
function device(user: SessionUser | null = null, options: { limit?: number } = {}) {
  const jar: { guest?: string } = {}
  const counts = new Map<string, number>()
  const auth: AuthPlumbing = {
    sessionId: null,
    setSessionCookie: () => undefined,
    clearSessionCookie: () => undefined,
    rateLimit: (action, email) => {
      const key = `${action}:${email ?? ''}`
      counts.set(key, (counts.get(key) ?? 0) + 1)
      return options.limit !== undefined && email && counts.get(key)! > options.limit
        ? Promise.reject(new AppError('TOO_MANY_REQUESTS', 'Too many attempts. Please try again later.'))
        : Promise.resolve()
    },
    recordLogin: () => Promise.resolve(),
    loginNeedsCode: () => Promise.resolve(false),
    mailer,
    afterResponse: (_label, task) => void task(),
    appUrl,
    providers: { google: false },
  }
  const ctx: Context = {
    db: t.db,
    user,
    auth,
    guests: {
      current: () => readGuestFromCookie(t.db, secret, jar.guest),
      setCookie: async (guestId) => {
        jar.guest = await sealGuestCookie(secret, guestId)
      },
      clearCookie: () => {
        delete jar.guest
      },
    },
  }
  return { caller: createCaller(ctx), jar }
}

const tokenOf = (url: string) => url.split('/lists/shared/')[1]!

/** The newest mail to `email`, and its links. */
async function lastMail(email: string) {
  const rows = await t.db.select().from(emailLog).where(eq(emailLog.toAddress, email))
  const mail = rows.sort((a, b) => b.id - a.id)[0]
  return mail ? { ...mail, links: extractLinks(mail.text) } : undefined
}

async function confirmToken(email: string): Promise<string> {
  const mail = await lastMail(email)
  const link = mail!.links.find((l) => l.includes('/guest/confirm/'))!
  return link.split('/guest/confirm/')[1]!
}

async function personalToken(email: string): Promise<string> {
  const mail = await lastMail(email)
  const link = mail!.links.find((l) => l.includes('/my-claims/'))!
  return link.split('/my-claims/')[1]!
}

let counter = 0
/** A fresh owner with a shared list: a kite (1), a scarf (2) and a group gift. */
async function sharedList(date: string | null = '2026-12-25') {
  counter += 1
  const ownerUser = await makeUser(t.db, `owner${counter}@example.com`)
  const owner = createCaller({ db: t.db, user: ownerUser })
  const list = await owner.wishLists.create({ name: `Christmas ${counter}`, date })
  const kite = await owner.wishLists.addItem({ listId: list.id, title: 'Kite', price: 12.5 })
  const scarf = await owner.wishLists.addItem({ listId: list.id, title: 'Scarf', quantity: 2 })
  const bike = await owner.wishLists.addItem({ listId: list.id, title: 'Bike', price: 300, groupGift: true })
  const lego = await owner.wishLists.addItem({ listId: list.id, productId: catalog[0]!.id })
  const { url } = await owner.wishLists.share({ id: list.id })
  return { owner, ownerUser, list, kite, scarf, bike, lego, token: tokenOf(url) }
}

describe('guest claims (issue 37)', () => {
  it('Gran claims as a guest, confirms from the email, and a third visitor sees "Claimed"; the owner sees nothing', async () => {
    const { owner, list, kite, token } = await sharedList()
    const ownerView = async () => ({
      byId: await owner.wishLists.byId({ id: list.id }),
      list: await owner.wishLists.list(),
      shared: await owner.sharedLists.byToken({ token }),
    })
    const before = await ownerView()
    const phone = device()
    const claimed = await phone.caller.sharedLists.guestClaim({
      token,
      itemId: kite.id,
      name: 'Gran Smith',
      email: 'Gran@Example.com',
      showName: true,
    })
    expect(claimed).toMatchObject({ pending: true, confirmationSent: true })
    expect(claimed.item.claims).toEqual([{ name: 'You', quantity: 1, mine: true, pending: true }])
    // Held: a signed-in visitor already sees it claimed (by Gran's first name) and cannot take it.
    const aunt = createCaller({ db: t.db, user: await makeUser(t.db, `aunt${counter}@example.com`) })
    const seen = (await aunt.sharedLists.byToken({ token })).items.find((i) => i.id === kite.id)!
    expect(seen.claimedQuantity).toBe(1)
    expect(seen.claims).toEqual([{ name: 'Gran', quantity: 1, mine: false, pending: false }])
    expect(await rejection(aunt.sharedLists.claim({ token, itemId: kite.id }))).toEqual({
      code: 'CONFLICT',
      message: 'Someone has just claimed this',
    })
    // The owner's answers are the same as before anything was claimed, held or confirmed.
    expect(await ownerView()).toEqual(before)

    const mail = await lastMail('gran@example.com')
    expect(mail!.subject).toBe('Confirm your email address to keep your claim')
    // The owner chose no display name: "Someone", never the email's part (issue 43 §5).
    expect(mail!.text).toContain('Kite on Someone’s list')
    const laptop = device()
    const confirmed = await laptop.caller.guests.confirm({ token: await confirmToken('gran@example.com') })
    expect(confirmed.outcomes).toEqual([expect.stringMatching(/^Kite on .*: your claim is confirmed$/)])
    expect(laptop.jar.guest).toBeDefined()
    expect((await laptop.caller.guests.me()).guest).toMatchObject({ name: 'Gran Smith', confirmed: true })
    // The confirmed device sees the list as a visitor does.
    const asGuest = await laptop.caller.sharedLists.byToken({ token })
    expect(asGuest.view).toBe('guest')
    expect(asGuest.items.find((i) => i.id === kite.id)!.claims).toEqual([
      { name: 'You', quantity: 1, mine: true, pending: false },
    ])
    // A third visitor with no account sees nothing of claims (a signed-out owner could be them).
    const stranger = device()
    const anonymous = await stranger.caller.sharedLists.byToken({ token })
    expect(anonymous.view).toBe('anonymous')
    expect(anonymous.items.every((i) => i.claimedQuantity === null && i.claims.length === 0)).toBe(true)
    expect(await ownerView()).toEqual(before)
    // The link works once.
    expect(
      await rejection(laptop.caller.guests.confirm({ token: await confirmToken('gran@example.com') })),
    ).toMatchObject({ code: 'NOT_FOUND' })
  })

  it('a guest who did not show their name reads "Claimed" without one; a confirmed device claims at once', async () => {
    const { kite, scarf, token } = await sharedList()
    const phone = device()
    await phone.caller.sharedLists.guestClaim({ token, itemId: kite.id, name: 'Ann', email: 'ann@example.com' })
    await phone.caller.guests.confirm({ token: await confirmToken('ann@example.com') })
    const again = await phone.caller.sharedLists.guestClaim({ token, itemId: scarf.id, quantity: 2 })
    expect(again).toMatchObject({ pending: false, confirmationSent: false, message: 'Claimed' })
    const other = createCaller({ db: t.db, user: await makeUser(t.db, `bob${counter}@example.com`) })
    const seen = (await other.sharedLists.byToken({ token })).items.find((i) => i.id === scarf.id)!
    expect(seen.claims).toEqual([{ name: null, quantity: 2, mine: false, pending: false }])
    // Undo from the shared page on the confirmed device.
    const undone = await phone.caller.sharedLists.guestUnclaim({ token, itemId: scarf.id })
    expect(undone.item.claimedQuantity).toBe(0)
  })

  it('the owner acting as a guest with their own email is refused, and their confirmed cookie shows the owner view', async () => {
    const { ownerUser, kite, token } = await sharedList()
    const phone = device()
    expect(
      await rejection(
        phone.caller.sharedLists.guestClaim({ token, itemId: kite.id, name: 'Me', email: ownerUser.email }),
      ),
    ).toEqual({ code: 'FORBIDDEN', message: 'This is your own list: others claim from it' })
    // A guest confirmed elsewhere with the owner's address: the owner's view, no claims.
    const other = await sharedList()
    await phone.caller.sharedLists.guestClaim({
      token: other.token,
      itemId: other.kite.id,
      name: 'Me',
      email: ownerUser.email,
    })
    await phone.caller.guests.confirm({ token: await confirmToken(ownerUser.email) })
    const visitor = device()
    await visitor.caller.sharedLists.guestClaim({ token, itemId: kite.id, name: 'V', email: `v${counter}@example.com` })
    const view = await phone.caller.sharedLists.byToken({ token })
    expect(view.view).toBe('owner')
    expect(view.items.every((i) => i.claimedQuantity === null && i.claims.length === 0)).toBe(true)
  })

  it('refuses hostile input naming the field, and unknown tokens with 404', async () => {
    const { kite, token } = await sharedList()
    const phone = device()
    expect(await rejection(phone.caller.sharedLists.guestClaim({ token, itemId: kite.id, email: 'a@b.co' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'name is required',
    })
    expect(await rejection(phone.caller.sharedLists.guestClaim({ token, itemId: kite.id, name: 'A' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Email is required',
    })
    expect(
      (await rejection(phone.caller.sharedLists.guestClaim({ token, itemId: kite.id, name: 'A', email: 'nope' })))
        .message,
    ).toBe('Please enter a valid email')
    expect(
      (
        await rejection(
          phone.caller.sharedLists.guestClaim({ token, itemId: kite.id, name: 'x'.repeat(61), email: 'a@b.co' }),
        )
      ).message,
    ).toBe('name must be at most 60 characters')
    expect(
      await rejection(
        phone.caller.sharedLists.guestClaim({ token: 'x'.repeat(22), itemId: kite.id, name: 'A', email: 'a@b.co' }),
      ),
    ).toMatchObject({ code: 'NOT_FOUND' })
    expect(await rejection(phone.caller.guests.claims({ token: 'x'.repeat(22) }))).toMatchObject({ code: 'NOT_FOUND' })
    expect(await rejection(phone.caller.guests.confirm({ token: "' or 1=1 --" }))).toMatchObject({ code: 'NOT_FOUND' })
  })

  it('holds for 2 hours: an unconfirmed claim is released and the unit is free again', async () => {
    const { kite, token } = await sharedList()
    await device().caller.sharedLists.guestClaim({ token, itemId: kite.id, name: 'Mo', email: 'mo@example.com' })
    // Two hours and a second later (moved back in the database, as time would).
    await t.db
      .update(wishListClaims)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(wishListClaims.itemId, kite.id))
    const visitor = createCaller({ db: t.db, user: await makeUser(t.db, `late${counter}@example.com`) })
    expect((await visitor.sharedLists.claim({ token, itemId: kite.id })).item.claimedQuantity).toBe(1)
    // Mo confirms late: the kite is gone, and the page says so.
    const late = await device().caller.guests.confirm({ token: await confirmToken('mo@example.com') })
    expect(late.outcomes).toEqual([expect.stringMatching(/someone else claimed it before you confirmed$/)])
    expect(await releaseExpiredHolds(t.db)).toBe(0)
  })

  it('race: a guest confirming and an account claiming the last unit as the hold runs out: one gets it, never both', async () => {
    for (let round = 0; round < 4; round++) {
      const { kite, token } = await sharedList()
      const email = `race${counter}@example.com`
      await device().caller.sharedLists.guestClaim({ token, itemId: kite.id, name: 'R', email })
      await t.db
        .update(wishListClaims)
        .set({ holdExpiresAt: new Date(Date.now() - 1) })
        .where(eq(wishListClaims.itemId, kite.id))
      const visitor = createCaller({ db: t.db, user: await makeUser(t.db, `racer${counter}@example.com`) })
      const [confirmation, claim] = await Promise.allSettled([
        device().caller.guests.confirm({ token: await confirmToken(email) }),
        visitor.sharedLists.claim({ token, itemId: kite.id }),
      ])
      expect(confirmation.status).toBe('fulfilled')
      const counted = await t.db.execute<{ n: number }>(
        sql`select coalesce(sum(quantity), 0)::int as n from wish_list_claims where item_id = ${kite.id} and (hold_expires_at is null or hold_expires_at > now())`,
      )
      expect(counted.rows[0]!.n).toBe(1)
      const guestWon =
        confirmation.status === 'fulfilled' && confirmation.value.outcomes[0]!.endsWith('your claim is confirmed')
      expect(guestWon).toBe(claim.status === 'rejected')
    }
  })

  it('race: a guest and an account claiming the last unit at once: exactly one wins', async () => {
    let guestWins = 0
    for (let round = 0; round < 6; round++) {
      const { kite, token } = await sharedList()
      const visitor = createCaller({ db: t.db, user: await makeUser(t.db, `duel${counter}@example.com`) })
      const results = await Promise.allSettled([
        device().caller.sharedLists.guestClaim({ token, itemId: kite.id, name: 'G', email: `g${counter}@example.com` }),
        visitor.sharedLists.claim({ token, itemId: kite.id }),
      ])
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
      const loser = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
      expect((loser.reason as Error).message).toBe('Someone has just claimed this')
      if (results[0].status === 'fulfilled') guestWins += 1
    }
    expect(guestWins).toBeGreaterThanOrEqual(0)
  })

  it('an unconfirmed device cannot change what a guest already claimed; at most 20 open claims per email', async () => {
    const { kite, token } = await sharedList()
    const gran = device()
    await gran.caller.sharedLists.guestClaim({ token, itemId: kite.id, name: 'Gran', email: 'cap@example.com' })
    await gran.caller.guests.confirm({ token: await confirmToken('cap@example.com') })
    const stranger = device()
    expect(
      await rejection(
        stranger.caller.sharedLists.guestClaim({ token, itemId: kite.id, name: 'X', email: 'cap@example.com' }),
      ),
    ).toMatchObject({ code: 'CONFLICT' })
    // 19 more lists: 20 open claims in all; the 21st is refused.
    for (let i = 0; i < 19; i++) {
      const more = await sharedList()
      await gran.caller.sharedLists.guestClaim({ token: more.token, itemId: more.kite.id })
    }
    const last = await sharedList()
    expect(await rejection(gran.caller.sharedLists.guestClaim({ token: last.token, itemId: last.kite.id }))).toEqual({
      code: 'CONFLICT',
      message: 'A guest can hold at most 20 claims at once: undo one, or create an account',
    })
  })

  it('counts guest claims per email against the rate limit', async () => {
    const { kite, scarf, token } = await sharedList()
    const phone = device(null, { limit: 1 })
    await phone.caller.sharedLists.guestClaim({ token, itemId: kite.id, name: 'L', email: 'limit@example.com' })
    expect(
      await rejection(
        phone.caller.sharedLists.guestClaim({ token, itemId: scarf.id, name: 'L', email: 'limit@example.com' }),
      ),
    ).toMatchObject({ code: 'TOO_MANY_REQUESTS' })
  })

  it('pledges: held until confirmed (not in the total), then counted; the personal page lists pledges beside claims', async () => {
    const { bike, kite, token } = await sharedList()
    const phone = device()
    const held = await phone.caller.sharedLists.guestPledge({
      token,
      itemId: bike.id,
      amount: 25,
      name: 'Pam',
      email: 'pam@example.com',
    })
    expect(held).toMatchObject({ pending: true })
    expect(held.item.pledges).toEqual({
      total: 0,
      pledgers: [{ name: 'You', amount: 25, mine: true, pending: true }],
    })
    await phone.caller.sharedLists.guestClaim({ token, itemId: kite.id, name: 'Pam', email: 'pam@example.com' })
    const page = await phone.caller.guests.claims({ token: await personalToken('pam@example.com') })
    expect(page.claims.map((c) => [c.kind, c.title, c.amount, c.pending])).toEqual([
      ['claim', 'Kite', null, true],
      ['pledge', 'Bike', 25, true],
    ])
    await phone.caller.guests.confirm({ token: await confirmToken('pam@example.com') })
    const visitor = createCaller({ db: t.db, user: await makeUser(t.db, `pv${counter}@example.com`) })
    expect((await visitor.sharedLists.byToken({ token })).items.find((i) => i.id === bike.id)!.pledges!.total).toBe(25)
    // Undo from the personal page (any device).
    const elsewhere = device()
    await elsewhere.caller.guests.removePledge({ token: await personalToken('pam@example.com'), itemId: bike.id })
    await elsewhere.caller.guests.removeClaim({ token: await personalToken('pam@example.com'), itemId: kite.id })
    expect((await elsewhere.caller.guests.claims({ token: await personalToken('pam@example.com') })).claims).toEqual([])
  })

  it('signing up with the confirmed email moves claims and pledges on three lists to the account, once', async () => {
    const lists = [await sharedList(), await sharedList(), await sharedList()]
    const email = `three${counter}@example.com`
    const phone = device()
    for (const l of lists) {
      await phone.caller.sharedLists.guestClaim({ token: l.token, itemId: l.kite.id, name: 'Tri', email })
    }
    await phone.caller.sharedLists.guestPledge({
      token: lists[0]!.token,
      itemId: lists[0]!.bike.id,
      amount: 5,
      name: 'Tri',
      email,
    })
    await phone.caller.guests.confirm({ token: await confirmToken(email) })
    await phone.caller.sharedLists.guestPledge({ token: lists[0]!.token, itemId: lists[0]!.bike.id, amount: 10 })
    const guestId = (await t.db.select({ id: guests.id }).from(guests).where(eq(guests.email, email)))[0]!.id
    // The account already claimed one scarf on the second list; it keeps it.
    const [row] = await t.db
      .execute<{ id: number }>(sql`insert into users (email, display_name) values (${email}, 'Trish') returning id`)
      .then((r) => r.rows)
    const user: SessionUser = { id: row!.id, email, isStaff: false, isAdmin: false }
    await t.db.insert(wishListClaims).values({ itemId: lists[1]!.scarf.id, userId: user.id, quantity: 1 })
    await confirmEmail(t.db, await createEmailToken(t.db, user.id, 'confirm_email'))
    const account = createCaller({ db: t.db, user })
    const claims = await account.wishLists.myClaims()
    expect(
      claims
        .filter((c) => c.kind === 'claim')
        .map((c) => c.title)
        .sort(),
    ).toEqual(['Kite', 'Kite', 'Kite', 'Scarf'])
    expect(claims.filter((c) => c.kind === 'pledge').map((c) => c.amount)).toEqual([10])
    expect(await getGuest(t.db, guestId)).toBeNull()
    expect(await readGuestFromCookie(t.db, secret, phone.jar.guest)).toBeNull()
    // Once: a second confirmation moves nothing and changes nothing.
    await confirmEmail(t.db, await createEmailToken(t.db, user.id, 'confirm_email'))
    expect(await account.wishLists.myClaims()).toEqual(claims)
    // The lists' other visitors see the account's chosen name now (issue 43 §5), not the guest's.
    const visitor = createCaller({ db: t.db, user: await makeUser(t.db, `mv${counter}@example.com`) })
    const kite = (await visitor.sharedLists.byToken({ token: lists[2]!.token })).items.find(
      (i) => i.id === lists[2]!.kite.id,
    )!
    expect(kite.claims[0]!.name).toBe('Trish')
  })

  it('expiry: a guest is deleted 30 days after the list’s date, or 12 months after last use where it has none', async () => {
    const dated = await sharedList('2026-12-25')
    const undated = await sharedList(null)
    const a = device()
    await a.caller.sharedLists.guestClaim({
      token: dated.token,
      itemId: dated.kite.id,
      name: 'D',
      email: 'dated@example.com',
    })
    await a.caller.guests.confirm({ token: await confirmToken('dated@example.com') })
    const b = device()
    await b.caller.sharedLists.guestClaim({
      token: undated.token,
      itemId: undated.kite.id,
      name: 'U',
      email: 'undated@example.com',
    })
    await b.caller.guests.confirm({ token: await confirmToken('undated@example.com') })
    const c = device()
    await c.caller.sharedLists.guestClaim({
      token: undated.token,
      itemId: undated.scarf.id,
      name: 'N',
      email: 'never@example.com',
    })
    const row = async (email: string) => (await t.db.select().from(guests).where(eq(guests.email, email)))[0]
    expect((await row('dated@example.com'))!.expiresAt.toISOString()).toBe('2027-01-25T00:00:00.000Z')
    const undatedExpiry = (await row('undated@example.com'))!.expiresAt
    expect(undatedExpiry.getTime() - Date.now()).toBeGreaterThan(364 * 24 * 3_600_000)
    // Never confirmed: gone after 48 hours, with the mails sent to the address.
    await deleteExpiredGuests(t.db, new Date(Date.now() + 49 * 3_600_000))
    expect(await row('never@example.com')).toBeUndefined()
    expect(await lastMail('never@example.com')).toBeUndefined()
    expect(await row('dated@example.com')).toBeDefined()
    await deleteExpiredGuests(t.db, new Date('2027-01-25T00:00:01Z'))
    expect(await row('dated@example.com')).toBeUndefined()
    expect((await t.db.select().from(wishListClaims).where(eq(wishListClaims.itemId, dated.kite.id))).length).toBe(0)
    expect(await row('undated@example.com')).toBeDefined()
    await deleteExpiredGuests(t.db, new Date(undatedExpiry.getTime() + 1000))
    expect(await row('undated@example.com')).toBeUndefined()
  })

  it('the owner editing or deleting claimed items emails each claimer once a day, grouped; the claims pages say so', async () => {
    const { owner, list, kite, scarf, lego, token } = await sharedList()
    const phone = device()
    await phone.caller.sharedLists.guestClaim({ token, itemId: kite.id, name: 'Gran', email: 'digest@example.com' })
    await phone.caller.guests.confirm({ token: await confirmToken('digest@example.com') })
    await phone.caller.sharedLists.guestClaim({ token, itemId: scarf.id })
    const aliceUser = await makeUser(t.db, `alice${counter}@example.com`)
    const alice = createCaller({ db: t.db, user: aliceUser })
    await alice.sharedLists.claim({ token, itemId: lego.id })
    await alice.sharedLists.claim({ token, itemId: scarf.id })
    // A claim after the edit is not told of it.
    await owner.wishLists.updateItem({ listId: list.id, itemId: kite.id, price: 15, title: 'Red kite' })
    await owner.wishLists.updateItem({ listId: list.id, itemId: kite.id, note: 'no email for a note' })
    await owner.wishLists.deleteItem({ listId: list.id, itemId: scarf.id })
    const deps = { mailer, appUrl }
    const now = new Date()
    const first = await runListDigests(t.db, deps, now)
    const guestMail = await lastMail('digest@example.com')
    expect(guestMail!.subject).toBe('2 gifts you claimed were changed or removed')
    expect(guestMail!.text).toContain('Red kite')
    expect(guestMail!.text).toContain('Price: £12.50 → £15.00')
    expect(guestMail!.text).toContain('Scarf')
    expect(guestMail!.text).toContain('removed by the list’s owner')
    const aliceMail = await lastMail(aliceUser.email)
    expect(aliceMail!.subject).toBe('A gift you claimed was removed')
    expect(first.failures).toEqual([])
    // Same day: nothing more, even with news.
    await owner.wishLists.deleteItem({ listId: list.id, itemId: lego.id })
    const again = await runListDigests(t.db, deps, now)
    expect(again.emailsQueued).toBe(0)
    expect(again.alreadySentToday).toBe(1)
    // Next day: only the news since.
    const tomorrow = await runListDigests(t.db, deps, new Date(now.getTime() + 24 * 3_600_000))
    expect(tomorrow.emailsQueued).toBe(1)
    expect((await lastMail(aliceUser.email))!.text).toContain('Lego Castle')
    const sends = await t.db
      .select()
      .from(wishListDigestSends)
      .where(eq(wishListDigestSends.recipient, `user:${aliceUser.id}`))
    expect(sends).toHaveLength(2)
    // The claims pages: changed and removed.
    const mine = await alice.wishLists.myClaims()
    expect(mine.every((c) => c.removed)).toBe(true)
    const page = await phone.caller.guests.claims({ token: await personalToken('digest@example.com') })
    expect(page.claims.map((c) => [c.title, c.changed, c.removed])).toEqual([
      ['Scarf', false, true],
      ['Red kite', true, false],
    ])
  })

  it('watching: a claimer hears of added items at most daily; renewing the link stops it, as it cuts the claims page link', async () => {
    const { owner, list, kite, token } = await sharedList()
    const bobUser = await makeUser(t.db, `watcher${counter}@example.com`)
    const bob = createCaller({ db: t.db, user: bobUser })
    expect(await rejection(bob.sharedLists.watch({ token, watch: true }))).toMatchObject({ code: 'CONFLICT' })
    await bob.sharedLists.claim({ token, itemId: kite.id })
    expect(await bob.sharedLists.watch({ token, watch: true })).toMatchObject({ watching: true })
    expect((await bob.sharedLists.byToken({ token })).watching).toBe(true)
    await owner.wishLists.addItem({ listId: list.id, title: 'Jigsaw' })
    await owner.wishLists.addItem({ listId: list.id, title: 'Slippers' })
    await runListDigests(t.db, { mailer, appUrl }, new Date())
    const mail = await lastMail(bobUser.email)
    expect(mail!.subject).toBe('New on a wish list you are watching')
    expect(mail!.text).toContain('Jigsaw, Slippers')
    // Issue 41 finding 6: renewing cuts earlier claimers off the list, on the claims page too.
    expect((await bob.wishLists.myClaims())[0]!.sharedPath).toBe(`/lists/shared/${token}`)
    await owner.wishLists.share({ id: list.id, renew: true })
    expect((await bob.wishLists.myClaims())[0]!.sharedPath).toBeNull()
    await owner.wishLists.addItem({ listId: list.id, title: 'After renewal' })
    const later = await runListDigests(t.db, { mailer, appUrl }, new Date(Date.now() + 24 * 3_600_000))
    expect(later.emailsQueued).toBe(0)
    const stillOld = await t.db
      .select()
      .from(emailLog)
      .where(and(eq(emailLog.toAddress, bobUser.email), sql`${emailLog.text} like '%After renewal%'`))
    expect(stillOld).toHaveLength(0)
  })
})
