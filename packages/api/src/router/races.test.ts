import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, createTestProducts, type TestDatabase } from '@presently/db/testing'
import { emailLog, eq, events, reminderSends, wishListClaims, wishListItems, wishLists } from '@presently/db'
import { WISH_LIST_MESSAGES } from '@presently/domain'
import { createMailer } from '@presently/email'
import { createCaller } from '../root.ts'
import { makePerson, makeUser, occasionId } from '../testing/fixtures.ts'
import { rejection } from '../testing/rejection.ts'
import { holdTransaction, waitUntilBlocking } from '../testing/held-lock.ts'
import { queueReminders } from '../services/reminders/run-reminders.ts'
import { deletePerson } from '../services/people/save-person.ts'

/**
 * Races on one user's or one list's data (docs/decisions/concurrency.md). Each race is replayed
 * deterministically: the other side's write is held uncommitted on its own connection
 * (holdTransaction), the call under test starts, the test waits until the call queues on the
 * held locks (waitUntilBlocking) and only then commits the other side.
 */

type Caller = ReturnType<typeof createCaller>

let t: TestDatabase
let ann: Caller
let annId = 0
let bob: Caller
let cat: Caller
let birthday = 0
let catalog: Awaited<ReturnType<typeof createTestProducts>>
const tokenOf = (url: string) => url.split('/lists/shared/')[1]!
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined }
/** 1 December 2026, 08:00 in London: a birthday on 4 December is 3 days away. */
const RUN_AT = new Date('2026-12-01T08:00:00Z')

beforeAll(async () => {
  t = await createTestDatabase()
  const a = await makeUser(t.db, 'ann-races@example.com')
  const b = await makeUser(t.db, 'bob-races@example.com')
  const c = await makeUser(t.db, 'cat-races@example.com')
  annId = a.id
  ann = createCaller({ db: t.db, user: a })
  bob = createCaller({ db: t.db, user: b })
  cat = createCaller({ db: t.db, user: c })
  birthday = await occasionId(t.db, 'birthday')
  catalog = await createTestProducts(t.db, [{ title: 'Kite', price: 12.5 }])
})
afterAll(async () => t.close())

/**
 * Runs `call` while another connection deletes `personId` (the person's page open in another
 * tab, Delete pressed): the delete is held uncommitted until `call` waits on it, then committed.
 * @returns what the call answered, or its rejection's code and message.
 */
async function whilePersonIsDeleted(personId: number, call: () => Promise<unknown>) {
  const held = await holdTransaction(t.pool, [{ text: 'delete from people where id = $1', values: [personId] }])
  try {
    const answer = rejection(call())
    await waitUntilBlocking(t.pool, held.pid)
    await held.commit()
    return await answer
  } finally {
    await held.rollback()
  }
}

describe('a person deleted in another tab while a write for them runs', () => {
  const gone = { code: 'NOT_FOUND', message: 'Person not found' }

  it('adding a present answers Person not found (not a 500 from the foreign key)', async () => {
    const personId = await makePerson(t.db, annId, 'Gone gift')
    expect(
      await whilePersonIsDeleted(personId, () =>
        ann.gifts.create({ personId, title: 'Scarf', givenOn: '2026-01-05', pricePaid: 20 }),
      ),
    ).toEqual(gone)
  })

  it('"Not for {name}" answers Person not found', async () => {
    const personId = await makePerson(t.db, annId, 'Gone dismissal')
    expect(
      await whilePersonIsDeleted(personId, () =>
        ann.recommendations.dismissProduct({ personId, productId: catalog[0]!.id }),
      ),
    ).toEqual(gone)
  })

  it('saving a budget answers Person not found', async () => {
    const personId = await makePerson(t.db, annId, 'Gone budget')
    expect(
      await whilePersonIsDeleted(personId, () => ann.gifts.saveBudgets({ personId, default: 30, byOccasion: [] })),
    ).toEqual(gone)
  })

  it('adding an event answers Person not found', async () => {
    const personId = await makePerson(t.db, annId, 'Gone event')
    expect(
      await whilePersonIsDeleted(personId, () =>
        ann.events.create({ personId, occasionId: birthday, date: '1990-03-01' }),
      ),
    ).toEqual(gone)
  })

  it('linking a shared list to the person answers Person not found', async () => {
    const list = await bob.wishLists.create({ name: 'Bob birthday' })
    const token = tokenOf((await bob.wishLists.share({ id: list.id })).url)
    const personId = await makePerson(t.db, annId, 'Gone link')
    expect(await whilePersonIsDeleted(personId, () => ann.sharedLists.link({ token, personId }))).toEqual(gone)
  })

  it('saving or copying a like’s association to the person answers Person not found', async () => {
    const like = await ann.likes.toggle({ id: catalog[0]!.id })
    const productLikeId = like.productLikeId!
    const first = await makePerson(t.db, annId, 'Gone like save')
    expect(
      await whilePersonIsDeleted(first, () =>
        ann.likes.saveAssociations({ productLikeId, associations: [{ personId: first, occasionId: null }] }),
      ),
    ).toEqual(gone)
    const second = await makePerson(t.db, annId, 'Gone like copy')
    expect(
      await whilePersonIsDeleted(second, () =>
        ann.likes.copyAssociation({ productLikeId, personId: second, occasionId: null }),
      ),
    ).toEqual(gone)
  })
})

describe('an event edited in one tab while another tab deletes it', () => {
  it('the edit answers Event not found (not a 500 from an empty answer)', async () => {
    const personId = await makePerson(t.db, annId, 'Edited and deleted')
    const event = await ann.events.create({ personId, occasionId: birthday, date: '1990-06-01' })
    const held = await holdTransaction(t.pool, [{ text: 'delete from events where id = $1', values: [event.id] }])
    try {
      const answer = rejection(ann.events.update({ personId, eventId: event.id, name: 'Party' }))
      await waitUntilBlocking(t.pool, held.pid)
      await held.commit()
      expect(await answer).toEqual({ code: 'NOT_FOUND', message: 'Event not found' })
    } finally {
      await held.rollback()
    }
  })
})

describe('a claim racing the owner', () => {
  async function sharedItem(name: string) {
    const list = await bob.wishLists.create({ name })
    const item = await bob.wishLists.addItem({ listId: list.id, title: 'Board game' })
    const token = tokenOf((await bob.wishLists.share({ id: list.id })).url)
    return { listId: list.id, itemId: item.id, token }
  }

  /**
   * Ann claims while the owner's `ownerWrite` (an UPDATE of the list's row) runs: a third
   * connection holds the item's row lock, so Ann's claim has checked the link and waits on the
   * item when the owner writes. The owner's write must wait for the claim (the claim holds the
   * list), so a claim that answers success was made on a live list, never after the owner
   * deleted it or withdrew its link. Before, the owner's write went through at once and the
   * claim was then stored on a deleted list. Which promise settles first is not the database's
   * order, so the test watches the owner's statement wait on a lock instead.
   * @returns whether the owner's write waited, and how the claim ended.
   */
  async function claimDuring(ref: { itemId: number; token: string }, ownerWrite: () => Promise<unknown>) {
    const held = await holdTransaction(t.pool, [
      { text: 'select id from wish_list_items where id = $1 for update', values: [ref.itemId] },
    ])
    try {
      const claim = ann.sharedLists.claim({ token: ref.token, itemId: ref.itemId }).then(
        () => 'ok',
        (err: { code?: string }) => String(err.code),
      )
      await waitUntilBlocking(t.pool, held.pid)
      let ownerDone = false
      const owner = ownerWrite().finally(() => (ownerDone = true))
      let ownerWaited = false
      while (!ownerDone && !ownerWaited) {
        const { rows } = await t.pool.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and query ilike 'update "wish_lists"%'`,
        )
        ownerWaited = (rows[0]?.n ?? 0) > 0
        if (!ownerWaited) await new Promise((resolve) => setTimeout(resolve, 10))
      }
      await held.commit()
      await owner
      return { ownerWaited, claim: await claim }
    } finally {
      await held.rollback()
    }
  }

  it('the owner deleting the list: the claim is made before the deletion or refused, never after it', async () => {
    const ref = await sharedItem('Deleted while claimed')
    expect(await claimDuring(ref, () => bob.wishLists.delete({ id: ref.listId }))).toEqual({
      ownerWaited: true,
      claim: 'ok',
    })
    // The claim stands, marked removed on Ann's claims page; the owner's list is gone.
    const mine = (await ann.wishLists.myClaims()).find((c) => c.itemId === ref.itemId)
    expect(mine).toMatchObject({ removed: true, sharedPath: null })
  })

  it('the owner revoking the link: the claim is made before the revocation or refused', async () => {
    const ref = await sharedItem('Revoked while claimed')
    expect(await claimDuring(ref, () => bob.wishLists.revokeShare({ id: ref.listId }))).toEqual({
      ownerWaited: true,
      claim: 'ok',
    })
  })

  it('the owner deleting the item: the claim waits for it and answers Item not found, or wins before it', async () => {
    const ref = await sharedItem('Item deleted while claimed')
    const held = await holdTransaction(t.pool, [
      { text: 'update wish_list_items set deleted_at = now() where id = $1', values: [ref.itemId] },
    ])
    const answer = rejection(ann.sharedLists.claim({ token: ref.token, itemId: ref.itemId }))
    await waitUntilBlocking(t.pool, held.pid)
    await held.commit()
    expect(await answer).toEqual({ code: 'NOT_FOUND', message: 'Item not found' })
    expect(await t.db.select().from(wishListClaims).where(eq(wishListClaims.itemId, ref.itemId))).toEqual([])
  })

  it('two visitors at the last unit: exactly one wins, the other hears it was just claimed', async () => {
    const ref = await sharedItem('Last unit')
    const results = await Promise.allSettled([
      ann.sharedLists.claim({ token: ref.token, itemId: ref.itemId }),
      cat.sharedLists.claim({ token: ref.token, itemId: ref.itemId }),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({
      code: 'CONFLICT',
      message: 'Someone has just claimed this',
    })
    // The owner's view of the list says nothing of the claim.
    const owner = await bob.sharedLists.byToken({ token: ref.token })
    expect(owner.view).toBe('owner')
    expect(owner.items[0]).toMatchObject({ claimedQuantity: null, claims: [] })
  })
})

describe('two tabs of one user saving the same thing at once', () => {
  it('two saves of one person: the profile is one tab’s whole, never a mix of both', async () => {
    const relationship = (await ann.reference.relationships())[0]!.id
    const all = (await ann.reference.interests()).slice(0, 6)
    const personId = await makePerson(t.db, annId, 'Two tabs')
    const tabA = all.slice(0, 3).map((i) => ({ interestId: i.id, is_primary: false }))
    const tabB = all.slice(3, 6).map((i) => ({ interestId: i.id, is_primary: false }))
    for (let round = 0; round < 5; round++) {
      const results = await Promise.allSettled([
        ann.people.update({ id: personId, name: 'Tab A', relationshipId: relationship, interests: tabA }),
        ann.people.update({ id: personId, name: 'Tab B', relationshipId: relationship, interests: tabB }),
      ])
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled'])
      const saved = await ann.people.byId({ id: personId })
      const ids = saved.interests.map((i) => i.interest.id).sort((a, b) => a - b)
      const expected = saved.name === 'Tab A' ? tabA : tabB
      expect(ids).toEqual(expected.map((i) => i.interestId).sort((a, b) => a - b))
    }
  })

  it('two saves of one list’s budgets and one wish list at once: both answer, one value stays', async () => {
    const personId = await makePerson(t.db, annId, 'Budget tabs')
    const list = await ann.wishLists.create({ name: 'Tabs' })
    const results = await Promise.allSettled([
      ann.gifts.saveBudgets({ personId, default: 40, byOccasion: [{ occasionId: birthday, amount: 20 }] }),
      ann.gifts.saveBudgets({ personId, default: 50, byOccasion: [{ occasionId: birthday, amount: 25 }] }),
      ann.wishLists.update({ id: list.id, name: 'Tab one', note: 'one' }),
      ann.wishLists.update({ id: list.id, name: 'Tab two', note: 'two' }),
    ])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled'])
    const budgets = await ann.gifts.budgets({ personId })
    expect([40, 50]).toContain(budgets.default)
    expect(budgets.byOccasion).toHaveLength(1)
    const saved = await ann.wishLists.byId({ id: list.id })
    expect([
      ['Tab one', 'one'],
      ['Tab two', 'two'],
    ]).toContainEqual([saved.name, saved.note])
  })
})

describe('caps under concurrent writes', () => {
  it('ten lists created at once at 45 of 50: exactly five are made, the rest answer the cap', async () => {
    const user = await makeUser(t.db, 'ivy-races@example.com')
    const ivy = createCaller({ db: t.db, user })
    await t.db.insert(wishLists).values(Array.from({ length: 45 }, (_, i) => ({ userId: user.id, name: `Old ${i}` })))
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => ivy.wishLists.create({ name: `New ${i}` })),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5)
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect(r.reason).toMatchObject({
        code: 'CONFLICT',
        message: WISH_LIST_MESSAGES.tooManyLists,
      })
    }
    expect((await ivy.wishLists.list()).length).toBe(50)
  })

  it('ten items added at once at 195 of 200: exactly five are added', async () => {
    const user = await makeUser(t.db, 'jay-races@example.com')
    const jay = createCaller({ db: t.db, user })
    const list = await jay.wishLists.create({ name: 'Big' })
    await t.db
      .insert(wishListItems)
      .values(Array.from({ length: 195 }, (_, i) => ({ listId: list.id, title: `Old ${i}` })))
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => jay.wishLists.addItem({ listId: list.id, title: `New ${i}` })),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5)
    expect((await jay.wishLists.byId({ id: list.id })).items).toHaveLength(200)
  })

  it('one visitor claiming from two tabs at once never takes more than the quantity', async () => {
    const list = await bob.wishLists.create({ name: 'Two tabs' })
    const item = await bob.wishLists.addItem({ listId: list.id, title: 'Mugs', quantity: 3 })
    const token = tokenOf((await bob.wishLists.share({ id: list.id })).url)
    const results = await Promise.allSettled([
      ann.sharedLists.claim({ token, itemId: item.id, quantity: 2 }),
      ann.sharedLists.claim({ token, itemId: item.id, quantity: 2 }),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({
      code: 'CONFLICT',
      message: 'Only 1 left to claim',
    })
    const rows = await t.db.select().from(wishListClaims).where(eq(wishListClaims.itemId, item.id))
    expect(rows.map((r) => r.quantity)).toEqual([2])
  })
})

describe('reminders and a person deleted', () => {
  const mailer = () => createMailer({ db: t.db, logger: silent, from: 'x@example.com' })

  it('deleting a person withdraws the reminder email about them that is queued and not yet sent', async () => {
    const user = await makeUser(t.db, 'dee-races@example.com')
    const dee = createCaller({ db: t.db, user })
    const personId = await makePerson(t.db, user.id, 'Grandad')
    await dee.events.create({ personId, occasionId: birthday, date: '1950-12-04' })
    const run = await queueReminders(
      t.db,
      { mailer: mailer(), appUrl: 'http://localhost:3000', giftIdeas: () => Promise.resolve([]) },
      RUN_AT,
    )
    expect(run.failures).toEqual([])
    const [queued] = await t.db.select().from(emailLog).where(eq(emailLog.userId, user.id))
    expect(queued).toMatchObject({ kind: 'reminders', status: 'outbox' })
    await dee.people.delete({ id: personId })
    const [after] = await t.db.select().from(emailLog).where(eq(emailLog.id, queued!.id))
    expect(after!.status).toBe('cancelled')
  })

  it('a person deleted while the run prepares their reminder: their other people’s reminders still go', async () => {
    const user = await makeUser(t.db, 'eve-races@example.com')
    const eve = createCaller({ db: t.db, user })
    const kept = await makePerson(t.db, user.id, 'Auntie')
    const removed = await makePerson(t.db, user.id, 'Uncle')
    await eve.events.create({ personId: kept, occasionId: birthday, date: '1960-12-04' })
    const gone = await eve.events.create({ personId: removed, occasionId: birthday, date: '1961-12-04' })
    let deleted = false
    const run = await queueReminders(
      t.db,
      {
        mailer: mailer(),
        appUrl: 'http://localhost:3000',
        // The run has read the events and is working out gift ideas when Eve deletes Uncle.
        giftIdeas: async () => {
          if (!deleted) {
            deleted = true
            await deletePerson(t.db, user.id, removed)
          }
          return []
        },
      },
      RUN_AT,
    )
    expect(run.failures).toEqual([])
    const mails = await t.db.select().from(emailLog).where(eq(emailLog.userId, user.id))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain('Auntie')
    expect(mails[0]!.text).not.toContain('Uncle')
    const keys = await t.db.select().from(reminderSends).where(eq(reminderSends.userId, user.id))
    expect(keys.map((k) => k.eventId)).not.toContain(gone.id)
    expect(await t.db.select().from(events).where(eq(events.id, gone.id))).toEqual([])
  })

  it('an event edited while the run prepares its reminder is not reminded of on the old day', async () => {
    const user = await makeUser(t.db, 'fay-races@example.com')
    const fay = createCaller({ db: t.db, user })
    const personId = await makePerson(t.db, user.id, 'Cousin')
    const event = await fay.events.create({ personId, occasionId: birthday, date: '1970-12-04' })
    const run = await queueReminders(
      t.db,
      {
        mailer: mailer(),
        appUrl: 'http://localhost:3000',
        // The run has read the event (4 December, 3 days away) when Fay moves it to the 20th.
        giftIdeas: async () => {
          await fay.events.update({ personId, eventId: event.id, date: '1970-12-20' })
          return []
        },
      },
      RUN_AT,
    )
    expect(run.failures).toEqual([])
    expect(await t.db.select().from(emailLog).where(eq(emailLog.userId, user.id))).toEqual([])
    expect(await t.db.select().from(reminderSends).where(eq(reminderSends.eventId, event.id))).toEqual([])
  })

  it('reminders turned off, or every email, while the run prepares the user’s email: nothing is queued', async () => {
    for (const turnOff of ['settings', 'unsubscribe'] as const) {
      const user = await makeUser(t.db, `gus-${turnOff}-races@example.com`)
      const gus = createCaller({ db: t.db, user })
      const personId = await makePerson(t.db, user.id, 'Nephew')
      await gus.events.create({ personId, occasionId: birthday, date: '2010-12-04' })
      const run = await queueReminders(
        t.db,
        {
          mailer: mailer(),
          appUrl: 'http://localhost:3000',
          giftIdeas: async () => {
            if (turnOff === 'settings') await gus.reminders.saveSettings({ enabled: false, leadDays: [14, 3] })
            else await gus.account.updateUnsubscribed({ unsubscribed: true })
            return []
          },
        },
        RUN_AT,
      )
      expect(run.failures).toEqual([])
      const mails = await t.db.select().from(emailLog).where(eq(emailLog.userId, user.id))
      expect(
        mails.filter((m) => m.status !== 'cancelled'),
        turnOff,
      ).toEqual([])
    }
  })

  it('a run that queued first: turning reminders off or unsubscribing then withdraws the email', async () => {
    for (const turnOff of ['settings', 'unsubscribe'] as const) {
      const user = await makeUser(t.db, `hal-${turnOff}-races@example.com`)
      const hal = createCaller({ db: t.db, user })
      const personId = await makePerson(t.db, user.id, 'Niece')
      await hal.events.create({ personId, occasionId: birthday, date: '2012-12-04' })
      await queueReminders(
        t.db,
        { mailer: mailer(), appUrl: 'http://localhost:3000', giftIdeas: () => Promise.resolve([]) },
        RUN_AT,
      )
      if (turnOff === 'settings') await hal.reminders.saveSettings({ enabled: false, leadDays: [14, 3] })
      else await hal.account.updateUnsubscribed({ unsubscribed: true })
      const mails = await t.db.select().from(emailLog).where(eq(emailLog.userId, user.id))
      expect(
        mails.map((m) => m.status),
        turnOff,
      ).toEqual(['cancelled'])
    }
  })
})
