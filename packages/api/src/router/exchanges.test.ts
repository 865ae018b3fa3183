import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, createTestProducts, type TestDatabase } from '@presently/db/testing'
import { createDb, emailLog, eq, exchangeAssignments, exchangeParticipants, inArray, sql } from '@presently/db'
import { createMailer, extractLinks } from '@presently/email'
import { type AppError, ukToday } from '@presently/domain'
import { createCaller } from '../root.ts'
import type { AuthPlumbing, Context, SessionUser } from '../trpc.ts'
import { makeUser } from '../testing/fixtures.ts'
import { rejection } from '../testing/rejection.ts'
import { runExchangeJobs } from '../services/exchanges/jobs.ts'
import { participantIdeas, viewParticipant } from '../services/exchanges/participant.ts'

let t: TestDatabase
const silent = { info: () => {}, warn: () => {}, error: () => {} }
const pending: Promise<void>[] = []

/** A caller as the server builds it: mail goes to the outbox (email_log); after-answer work is awaited by `settle`. */
function callerFor(user: SessionUser | null, rateLimit?: AuthPlumbing['rateLimit']) {
  const auth: AuthPlumbing = {
    sessionId: null,
    setSessionCookie: () => {},
    clearSessionCookie: () => {},
    rateLimit: rateLimit ?? (() => Promise.resolve()),
    recordLogin: () => Promise.resolve(),
    loginNeedsCode: () => Promise.resolve(false),
    mailer: createMailer({ db: t.db, logger: silent, from: 'test@presently.local' }),
    afterResponse: (_label, task) => void pending.push(task()),
    appUrl: 'http://shop.test',
    providers: { google: false },
  }
  const ctx: Context = { db: t.db, user, auth }
  return createCaller(ctx)
}

async function settle(): Promise<void> {
  while (pending.length) await pending.shift()
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** The newest personal-link token mailed to `email` (from the outbox). */
async function tokenMailedTo(email: string): Promise<string> {
  const mails = await t.db
    .select()
    .from(emailLog)
    .where(eq(emailLog.toAddress, email))
    .orderBy(sql`id desc`)
  for (const mail of mails) {
    const link = extractLinks(mail.text).find((l) => l.includes('/exchange/'))
    if (link) return new URL(link).pathname.split('/').pop()!
  }
  throw new Error(`no exchange link mailed to ${email}`)
}

type Caller = ReturnType<typeof createCaller>
let organiser: SessionUser
let organiserCaller: Caller
let stranger: Caller
const today = ukToday()

beforeAll(async () => {
  t = await createTestDatabase()
  organiser = await makeUser(t.db, 'organiser-x@example.com')
  organiserCaller = callerFor(organiser)
  stranger = callerFor(await makeUser(t.db, 'stranger-x@example.com'))
  await createTestProducts(t.db, [
    { title: 'Wooden Puzzle Box', price: 12.5, categoryName: 'Games' },
    { title: 'Card Game', price: 9.99, categoryName: 'Games' },
    { title: 'Big Lego Set', price: 89.99, categoryName: 'Toys' },
  ])
})
afterAll(async () => {
  await settle()
  await t.close()
})

/** "Office Secret Santa" for the organiser and five invited people: a couple, two with accounts. */
async function officeExchange(name = 'Office Secret Santa 2026') {
  const created = await organiserCaller.exchanges.create({
    name,
    limit: 15,
    exchangeDate: addDays(today, 20),
    signUpDeadline: addDays(today, 10),
    place: 'The meeting room',
    takesPart: true,
  })
  const tag = `${created.id}`
  const people = ['Priya', 'Raj', 'Sam', 'Alex', 'Jo'].map((first) => ({
    name: `${first} ${tag}`,
    email: `${first.toLowerCase()}-${tag}@example.com`,
  }))
  await organiserCaller.exchanges.invite({
    id: created.id,
    text: people.map((p) => `${p.name} <${p.email}>`).join('\n'),
  })
  await settle()
  const view = await organiserCaller.exchanges.byId({ id: created.id })
  const byName = new Map(view.participants.map((p) => [p.name, p]))
  for (const first of ['Priya', 'Raj']) {
    await organiserCaller.exchanges.setHousehold({
      id: created.id,
      participantId: byName.get(`${first} ${tag}`)!.id,
      household: 'Patel',
    })
  }
  const tokens = new Map<string, string>()
  for (const p of people) tokens.set(p.name, await tokenMailedTo(p.email))
  return { id: created.id, people, tokens, ids: new Map([...byName].map(([n, p]) => [n, p.id])) }
}

describe('gift exchanges', () => {
  it('organises, draws, opens matches, asks and answers: the done-means flow', async () => {
    const ex = await officeExchange()
    const anonymous = callerFor(null)
    // Two of the invited have accounts: they attach the exchange after opening their link.
    const samUser = await makeUser(t.db, ex.people[2]!.email)
    const alexUser = await makeUser(t.db, ex.people[3]!.email)
    for (const p of ex.people) {
      const caller =
        p.email === samUser.email ? callerFor(samUser) : p.email === alexUser.email ? callerFor(alexUser) : anonymous
      const view = await caller.exchangeParticipants.join({ token: ex.tokens.get(p.name)! })
      expect(view.me.joined).toBe(true)
      expect(view.match).toBeNull()
    }
    await callerFor(samUser).exchangeParticipants.attach({ token: ex.tokens.get(ex.people[2]!.name)! })
    expect((await callerFor(samUser).exchanges.list()).map((e) => e.id)).toContain(ex.id)

    const before = await organiserCaller.exchanges.byId({ id: ex.id })
    expect(before.drawProblem).toBeNull()
    expect(before.participants).toHaveLength(6)
    await organiserCaller.exchanges.draw({ id: ex.id })
    await settle()

    const santaOf = new Map<string, string>()
    for (const p of ex.people) {
      const caller = callerFor(null)
      const view = await caller.exchangeParticipants.open({ token: await tokenMailedTo(p.email) })
      expect(view.match).not.toBeNull()
      santaOf.set(view.match!.name, p.name)
      // The couple never draws each other.
      if (p.name.startsWith('Priya')) expect(view.match!.name.startsWith('Raj')).toBe(false)
      if (p.name.startsWith('Raj')) expect(view.match!.name.startsWith('Priya')).toBe(false)
      const ideas = await caller.exchangeParticipants.ideas({ token: ex.tokens.get(p.name)! })
      for (const idea of ideas) expect(idea.price).toBeLessThanOrEqual(15)
    }
    // The organiser takes part and opens theirs signed in.
    const mine = await organiserCaller.exchangeParticipants.open({ exchangeId: ex.id })
    expect(mine.match).not.toBeNull()

    // A question from Jo to their giftee, and the giftee's answer, without names.
    const jo = ex.people[4]!
    const joView = await anonymous.exchangeParticipants.view({ token: ex.tokens.get(jo.name)! })
    await anonymous.exchangeParticipants.sendMessage({
      token: ex.tokens.get(jo.name)!,
      to: 'giftee',
      body: 'What size?',
    })
    const giftee = ex.people.find((p) => p.name === joView.match!.name)
    const gifteeRef = giftee ? { token: ex.tokens.get(giftee.name)! } : { exchangeId: ex.id }
    const gifteeCaller = giftee ? anonymous : organiserCaller
    const asked = await gifteeCaller.exchangeParticipants.view(gifteeRef)
    expect(asked.withSanta.map((m) => [m.kind, m.body, m.mine])).toEqual([['question', 'What size?', false]])
    await gifteeCaller.exchangeParticipants.sendMessage({ ...gifteeRef, to: 'santa', body: 'Medium, please' })
    const answered = await anonymous.exchangeParticipants.view({ token: ex.tokens.get(jo.name)! })
    expect(answered.withGiftee.map((m) => [m.kind, m.body, m.mine])).toEqual([
      ['question', 'What size?', true],
      ['answer', 'Medium, please', false],
    ])

    const after = await organiserCaller.exchanges.byId({ id: ex.id })
    expect(after.participants.filter((p) => p.openedMatch)).toHaveLength(6)
    expect(after.participants.every((p) => p.status === 'opened')).toBe(true)
    await settle()
  })

  it("never shows a pair on the organiser's page or in a third participant's answers (swapping pairs changes nothing)", async () => {
    const ex = await officeExchange('Secrecy exchange')
    const anonymous = callerFor(null)
    for (const p of ex.people) await anonymous.exchangeParticipants.join({ token: ex.tokens.get(p.name)! })
    await organiserCaller.exchanges.draw({ id: ex.id })
    await settle()
    const third = ex.people[4]!
    const thirdRef = { token: ex.tokens.get(third.name)! }
    await anonymous.exchangeParticipants.open(thirdRef)
    const snapshot = async () => ({
      organiser: JSON.stringify(await organiserCaller.exchanges.byId({ id: ex.id })),
      list: JSON.stringify(await organiserCaller.exchanges.list()),
      third: JSON.stringify(await anonymous.exchangeParticipants.view(thirdRef)),
    })
    const first = await snapshot()
    // Swap the giftees of two people other than the third participant and their giftee and
    // Santa: every pair among the others changes, and nothing the organiser or the third sees may.
    const pairs = await t.db.select().from(exchangeAssignments).where(eq(exchangeAssignments.exchangeId, ex.id))
    const thirdId = ex.ids.get(third.name)!
    const thirdGiftee = pairs.find((p) => p.giverId === thirdId)!.receiverId
    const others = pairs.filter(
      (p) => p.giverId !== thirdId && p.receiverId !== thirdId && p.receiverId !== thirdGiftee,
    )
    expect(others.length).toBeGreaterThanOrEqual(2)
    const [a, b] = others
    await t.db.transaction(async (tx) => {
      await tx.delete(exchangeAssignments).where(inArray(exchangeAssignments.giverId, [a!.giverId, b!.giverId]))
      await tx.insert(exchangeAssignments).values([
        { exchangeId: ex.id, giverId: a!.giverId, receiverId: b!.receiverId },
        { exchangeId: ex.id, giverId: b!.giverId, receiverId: a!.receiverId },
      ])
    })
    expect(await snapshot()).toEqual(first)
    // The organiser's page names no one's giftee, whoever they are.
    const page = await organiserCaller.exchanges.byId({ id: ex.id })
    expect(Object.keys(page.participants[0]!)).not.toContain('giftee')
    // And no mail names a giftee: each recipient's mails mention only their own name.
    for (const p of ex.people) {
      const mails = await t.db.select().from(emailLog).where(eq(emailLog.toAddress, p.email))
      const otherNames = ex.people.filter((o) => o.name !== p.name).map((o) => o.name)
      for (const mail of mails) for (const name of otherNames) expect(mail.text).not.toContain(name)
    }
  })

  it("answers 404 for another user's exchange and for unknown, malformed or revoked links", async () => {
    const ex = await officeExchange('Not yours')
    const notFound = async (promise: Promise<unknown>) => expect((await rejection(promise)).code).toBe('NOT_FOUND')
    await notFound(stranger.exchanges.byId({ id: ex.id }))
    await notFound(stranger.exchanges.draw({ id: ex.id }))
    await notFound(stranger.exchanges.invite({ id: ex.id, text: 'x@example.com' }))
    await notFound(stranger.exchanges.reveal({ id: ex.id, confirmName: 'Not yours' }))
    await notFound(stranger.exchangeParticipants.view({ exchangeId: ex.id }))
    const anonymous = callerFor(null)
    await notFound(anonymous.exchangeParticipants.view({ token: 'A'.repeat(22) }))
    await notFound(anonymous.exchangeParticipants.view({ token: 'not-a-token' }))
    const jo = ex.people[4]!
    await organiserCaller.exchanges.removeParticipant({ id: ex.id, participantId: ex.ids.get(jo.name)! })
    await notFound(anonymous.exchangeParticipants.view({ token: ex.tokens.get(jo.name)! }))
    const page = await organiserCaller.exchanges.byId({ id: ex.id })
    const joinToken = page.joinUrl!.split('/').pop()!
    await organiserCaller.exchanges.revokeJoinLink({ id: ex.id })
    await notFound(anonymous.exchangeParticipants.joinPage({ token: joinToken }))
  })

  it('names the cause when no draw is possible, and draws once when two tabs draw at once', async () => {
    const ex = await officeExchange('Two tabs')
    const anonymous = callerFor(null)
    for (const p of ex.people.slice(0, 2)) await anonymous.exchangeParticipants.join({ token: ex.tokens.get(p.name)! })
    // The organiser, Priya and Raj: the couple can only draw the organiser.
    const page = await organiserCaller.exchanges.byId({ id: ex.id })
    expect(page.drawProblem).toMatch(/are one household and can only draw/)
    expect((await rejection(organiserCaller.exchanges.draw({ id: ex.id }))).message).toMatch(/one household/)
    for (const p of ex.people.slice(2)) await anonymous.exchangeParticipants.join({ token: ex.tokens.get(p.name)! })
    const results = await Promise.allSettled([
      organiserCaller.exchanges.draw({ id: ex.id }),
      organiserCaller.exchanges.draw({ id: ex.id }),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const failed = results.find((r) => r.status === 'rejected')!
    expect((failed.reason as AppError).message).toBe('Names have already been drawn')
    const pairs = await t.db.select().from(exchangeAssignments).where(eq(exchangeAssignments.exchangeId, ex.id))
    expect(pairs).toHaveLength(6)
  })

  it('a removal racing an opening: the opener sees a match that stays theirs or is told it changed', async () => {
    for (let round = 0; round < 5; round++) {
      const ex = await officeExchange(`Race ${round}`)
      const anonymous = callerFor(null)
      for (const p of ex.people) await anonymous.exchangeParticipants.join({ token: ex.tokens.get(p.name)! })
      await organiserCaller.exchanges.draw({ id: ex.id })
      const leaver = ex.people[0]!
      const leaverId = ex.ids.get(leaver.name)!
      const [santa] = await t.db
        .select({ giverId: exchangeAssignments.giverId })
        .from(exchangeAssignments)
        .where(eq(exchangeAssignments.receiverId, leaverId))
      const santaRow = await t.db.select().from(exchangeParticipants).where(eq(exchangeParticipants.id, santa!.giverId))
      const santaRef = santaRow[0]!.isOrganiser
        ? { caller: organiserCaller, ref: { exchangeId: ex.id } }
        : { caller: anonymous, ref: { token: ex.tokens.get(santaRow[0]!.name)! } }
      const [opened] = await Promise.all([
        santaRef.caller.exchangeParticipants.open(santaRef.ref),
        organiserCaller.exchanges.removeParticipant({ id: ex.id, participantId: leaverId }),
      ])
      const now = await santaRef.caller.exchangeParticipants.view(santaRef.ref)
      // Either the opening came first (it saw the leaver, and the re-draw gave the Santa a new,
      // unopened match), or the removal came first (it saw the new match, still opened).
      if (opened.match!.name === leaver.name) {
        expect(now.me.openedMatch).toBe(false)
        expect(now.match).toBeNull()
      } else {
        expect(now.match?.name).toBe(opened.match!.name)
      }
      const pairs = await t.db.select().from(exchangeAssignments).where(eq(exchangeAssignments.exchangeId, ex.id))
      expect(pairs).toHaveLength(5)
      expect(new Set(pairs.map((p) => p.receiverId)).size).toBe(5)
      await settle()
    }
  })

  it('a latecomer after the draw changes one Santa only, preferring one who has not opened', async () => {
    const ex = await officeExchange('Latecomer')
    const anonymous = callerFor(null)
    for (const p of ex.people.slice(0, 4)) await anonymous.exchangeParticipants.join({ token: ex.tokens.get(p.name)! })
    await organiserCaller.exchanges.draw({ id: ex.id })
    for (const p of ex.people.slice(0, 3)) await anonymous.exchangeParticipants.open({ token: ex.tokens.get(p.name)! })
    const before = await t.db.select().from(exchangeAssignments).where(eq(exchangeAssignments.exchangeId, ex.id))
    await anonymous.exchangeParticipants.join({ token: ex.tokens.get(ex.people[4]!.name)! })
    await settle()
    const after = await t.db.select().from(exchangeAssignments).where(eq(exchangeAssignments.exchangeId, ex.id))
    const was = new Map(before.map((p) => [p.giverId, p.receiverId]))
    const changed = after.filter((p) => was.get(p.giverId) !== p.receiverId).map((p) => p.giverId)
    expect(changed).toHaveLength(2)
    const openedIds = ex.people.slice(0, 3).map((p) => ex.ids.get(p.name))
    expect(changed.filter((id) => openedIds.includes(id))).toEqual([])
  })

  it('refuses bad input naming the field, caps participants and open exchanges', async () => {
    const bad = async (promise: Promise<unknown>, text: RegExp) => {
      const error = await rejection(promise)
      expect(error.code).toBe('BAD_REQUEST')
      expect(error.message).toMatch(text)
    }
    const base = { name: 'Caps', limit: 15, exchangeDate: addDays(today, 20), signUpDeadline: addDays(today, 10) }
    await bad(organiserCaller.exchanges.create({ ...base, limit: 0 }), /limit/)
    await bad(organiserCaller.exchanges.create({ ...base, name: '' }), /name/)
    await bad(organiserCaller.exchanges.create({ ...base, signUpDeadline: addDays(today, 30) }), /signUpDeadline/)
    const created = await organiserCaller.exchanges.create(base)
    await bad(
      organiserCaller.exchanges.invite({ id: created.id, text: 'Ann <ann@example.com>\nBob without address' }),
      /Line 2/,
    )
    const many = Array.from({ length: 201 }, (_, i) => `p${i}@example.com`).join('\n')
    expect((await rejection(organiserCaller.exchanges.invite({ id: created.id, text: many }))).code).toBe('CONFLICT')
    const busy = await makeUser(t.db, 'busy-organiser@example.com')
    const busyCaller = callerFor(busy)
    for (let i = 0; i < 20; i++) await busyCaller.exchanges.create({ ...base, name: `E${i}` })
    expect((await rejection(busyCaller.exchanges.create(base))).code).toBe('CONFLICT')
  })

  it('the organiser can reveal only by typing the name; everyone is told', async () => {
    const ex = await officeExchange('Reveal me')
    const anonymous = callerFor(null)
    for (const p of ex.people) await anonymous.exchangeParticipants.join({ token: ex.tokens.get(p.name)! })
    await organiserCaller.exchanges.draw({ id: ex.id })
    await settle()
    expect((await rejection(organiserCaller.exchanges.reveal({ id: ex.id, confirmName: 'reveal me' }))).code).toBe(
      'BAD_REQUEST',
    )
    const { pairs } = await organiserCaller.exchanges.reveal({ id: ex.id, confirmName: 'Reveal me' })
    expect(pairs).toHaveLength(6)
    await settle()
    for (const p of ex.people) {
      const mails = await t.db.select().from(emailLog).where(eq(emailLog.toAddress, p.email))
      expect(mails.map((m) => m.kind)).toContain('exchange_organiser_revealed')
    }
    expect((await organiserCaller.exchanges.byId({ id: ex.id })).organiserRevealed).toBe(true)
  })

  it('the job draws at the deadline, reminds once, and runs again with last year excluded', async () => {
    const ex = await officeExchange('Auto draw 2026')
    const anonymous = callerFor(null)
    for (const p of ex.people) await anonymous.exchangeParticipants.join({ token: ex.tokens.get(p.name)! })
    const deps = {
      mailer: createMailer({ db: t.db, logger: silent, from: 'test@presently.local' }),
      appUrl: 'http://shop.test',
    }
    const result = await runExchangeJobs(t.db, deps, {
      today: addDays(today, 11),
      now: new Date(Date.now() + 4 * 86_400_000),
    })
    expect(result.drawn).toBeGreaterThanOrEqual(1)
    expect((await organiserCaller.exchanges.byId({ id: ex.id })).drawn).toBe(true)
    const again = await runExchangeJobs(t.db, deps, {
      today: addDays(today, 11),
      now: new Date(Date.now() + 4 * 86_400_000),
    })
    expect(again.reminders).toBe(0)
    const next = await organiserCaller.exchanges.runAgain({
      id: ex.id,
      exchangeDate: addDays(today, 385),
      signUpDeadline: addDays(today, 375),
    })
    const page = await organiserCaller.exchanges.byId({ id: next.id })
    expect(page.name).toBe('Auto draw 2027')
    expect(page.participants).toHaveLength(6)
    // Last year's pairs are rules of the new draw but never shown to the organiser.
    expect(page.exclusions).toEqual([])
  })
})

describe("the exchange date in a participant's calendar feed", () => {
  it('lists the exchanges the account has joined, not the others', async () => {
    const { resetCalendarLink, renderCalendarFeed } = await import('../services/events/calendar-feed.ts')
    const ex = await officeExchange('Calendar exchange')
    const member = await makeUser(t.db, ex.people[1]!.email)
    await callerFor(member).exchangeParticipants.join({ token: ex.tokens.get(ex.people[1]!.name)! })
    await callerFor(member).exchangeParticipants.attach({ token: ex.tokens.get(ex.people[1]!.name)! })
    const { token } = await resetCalendarLink(t.db, member.id)
    const feed = await renderCalendarFeed(t.db, token, 'http://shop.test')
    expect(feed).toContain('SUMMARY:Gift exchange: Calendar exchange')
    expect(feed).toContain(`DTSTART;VALUE=DATE:${addDays(today, 20).replaceAll('-', '')}`)
    const outsider = await makeUser(t.db, 'calendar-outsider@example.com')
    const other = await resetCalendarLink(t.db, outsider.id)
    expect(await renderCalendarFeed(t.db, other.token, 'http://shop.test')).not.toContain('Gift exchange')
  })
})

describe("the participant's page, kept per participant, viewer and data fingerprint", () => {
  type Ref = { token: string } | { exchangeId: number }
  type Reader = { caller: Caller; ref: Ref; viewer: SessionUser | null }

  // The organiser may have 20 open exchanges: the ones made here go after each test.
  const made: number[] = []
  afterEach(async () => {
    await settle()
    for (const id of made.splice(0)) await organiserCaller.exchanges.delete({ id })
  })

  /** A drawn exchange in which all six have opened their match: how each reads their page, by name. */
  async function openedExchange(name: string) {
    const ex = await officeExchange(name)
    made.push(ex.id)
    const anonymous = callerFor(null)
    for (const p of ex.people) await anonymous.exchangeParticipants.join({ token: ex.tokens.get(p.name)! })
    await organiserCaller.exchanges.draw({ id: ex.id })
    await settle()
    const readers = new Map<string, Reader>()
    for (const p of ex.people) {
      const ref = { token: ex.tokens.get(p.name)! }
      await anonymous.exchangeParticipants.open(ref)
      readers.set(p.name, { caller: anonymous, ref, viewer: null })
    }
    const mine = await organiserCaller.exchangeParticipants.open({ exchangeId: ex.id })
    readers.set(mine.me.name, { caller: organiserCaller, ref: { exchangeId: ex.id }, viewer: organiser })
    return { ...ex, readers }
  }

  /** Who each participant draws, by name, as the database has it now. */
  async function giftees(exchangeId: number): Promise<Map<string, string>> {
    const people = await t.db
      .select({ id: exchangeParticipants.id, name: exchangeParticipants.name })
      .from(exchangeParticipants)
      .where(eq(exchangeParticipants.exchangeId, exchangeId))
    const names = new Map(people.map((p) => [p.id, p.name]))
    const pairs = await t.db.select().from(exchangeAssignments).where(eq(exchangeAssignments.exchangeId, exchangeId))
    return new Map(pairs.map((p) => [names.get(p.giverId)!, names.get(p.receiverId)!]))
  }

  /** The page made afresh: a new database handle starts with an empty cache. */
  async function fresh(reader: Reader): Promise<string> {
    const { db, pool } = createDb(t.url, { max: 1 })
    try {
      const ref = 'token' in reader.ref ? reader.ref : { userId: reader.viewer!.id, exchangeId: reader.ref.exchangeId }
      return JSON.stringify(await viewParticipant(db, ref, reader.viewer))
    } finally {
      await pool.end()
    }
  }

  const read = async (reader: Reader) => reader.caller.exchangeParticipants.view(reader.ref)

  it('six participants at once each get their own giftee, cold and warm, byte for byte the page made afresh', async () => {
    const ex = await openedExchange('Kept pages at once')
    const truth = await giftees(ex.id)
    for (let round = 0; round < 3; round++) {
      const order = [...ex.readers].flatMap((entry) => [entry, entry]).sort(() => Math.random() - 0.5)
      const views = await Promise.all(order.map(async ([name, reader]) => ({ name, view: await read(reader) })))
      for (const { name, view } of views) {
        expect(view.me.name).toBe(name)
        expect(view.match?.name).toBe(truth.get(name))
      }
    }
    // Same bytes (so the same size and order) as the page made without any kept answer.
    for (const reader of ex.readers.values()) expect(JSON.stringify(await read(reader))).toBe(await fresh(reader))
  })

  it("after a re-assignment the old page is not served; the organiser's and a third participant's answers do not change", async () => {
    for (let attempt = 0; ; attempt++) {
      const ex = await openedExchange(`Kept pages swap ${attempt}`)
      const truth = await giftees(ex.id)
      const third = ex.people[4]!.name
      const thirdReader = ex.readers.get(third)!
      // Two givers whose giftees can be swapped without touching the third (as Santa or giftee) or drawing themselves.
      const movable = [...truth].filter(([giver, giftee]) => giver !== third && giftee !== third)
      const pair = movable
        .flatMap((a) => movable.map((b) => [a, b] as const))
        .find(([a, b]) => a[0] < b[0] && a[1] !== b[0] && b[1] !== a[0])
      if (!pair) {
        expect(attempt).toBeLessThan(5)
        continue
      }
      const [[aName, aGiftee], [bName, bGiftee]] = pair
      const snapshot = async () => ({
        organiser: JSON.stringify(await organiserCaller.exchanges.byId({ id: ex.id })),
        list: JSON.stringify(await organiserCaller.exchanges.list()),
        third: JSON.stringify(await read(thirdReader)),
      })
      const before = await snapshot()
      expect((await read(ex.readers.get(aName)!)).match?.name).toBe(aGiftee)
      expect((await read(ex.readers.get(bName)!)).match?.name).toBe(bGiftee)
      const ids = new Map([...ex.ids].map(([n, id]) => [n, id]))
      const idOf = async (name: string) =>
        ids.get(name) ??
        (
          await t.db
            .select({ id: exchangeParticipants.id })
            .from(exchangeParticipants)
            .where(sql`${exchangeParticipants.exchangeId} = ${ex.id} and ${exchangeParticipants.name} = ${name}`)
        )[0]!.id
      const [aId, bId, aGifteeId, bGifteeId] = (await Promise.all([aName, bName, aGiftee, bGiftee].map(idOf))) as [
        number,
        number,
        number,
        number,
      ]
      await t.db.transaction(async (tx) => {
        await tx.delete(exchangeAssignments).where(inArray(exchangeAssignments.giverId, [aId, bId]))
        await tx.insert(exchangeAssignments).values([
          { exchangeId: ex.id, giverId: aId, receiverId: bGifteeId },
          { exchangeId: ex.id, giverId: bId, receiverId: aGifteeId },
        ])
      })
      expect((await read(ex.readers.get(aName)!)).match?.name).toBe(bGiftee)
      expect((await read(ex.readers.get(bName)!)).match?.name).toBe(aGiftee)
      expect(await snapshot()).toEqual(before)
      return
    }
  })

  it("a removal re-assigns the leaver's Santa: their kept page goes, and the leaver's link answers 404", async () => {
    const ex = await openedExchange('Kept pages removal')
    const truth = await giftees(ex.id)
    const leaver = ex.people[0]!.name
    const santa = [...truth].find(([, giftee]) => giftee === leaver)![0]
    const santaReader = ex.readers.get(santa)!
    const leaverReader = ex.readers.get(leaver)!
    expect((await read(santaReader)).match?.name).toBe(leaver)
    await read(leaverReader)
    await organiserCaller.exchanges.removeParticipant({ id: ex.id, participantId: ex.ids.get(leaver)! })
    await settle()
    const after = await read(santaReader)
    expect(after.me.openedMatch).toBe(false)
    expect(after.match).toBeNull()
    expect((await rejection(read(leaverReader))).code).toBe('NOT_FOUND')
    const reopened = await santaReader.caller.exchangeParticipants.open(santaReader.ref)
    expect(reopened.match?.name).toBe((await giftees(ex.id)).get(santa))
    expect(JSON.stringify(await read(santaReader))).toBe(await fresh(santaReader))
  })

  it('every change the page shows shows at once: list, hints, a product renamed or disabled, messages, got it, the organiser', async () => {
    const ex = await openedExchange('Kept pages changes')
    const truth = await giftees(ex.id)
    // A Santa whose giftee reads by a personal link (not the organiser).
    const [santa, giftee] = [...truth].find(([giver, receiver]) => ex.tokens.has(giver) && ex.tokens.has(receiver))!
    const santaReader = ex.readers.get(santa)!
    const gifteeRef = { token: ex.tokens.get(giftee)! }
    const anonymous = callerFor(null)
    const [kite] = await createTestProducts(t.db, [{ title: 'Cache Test Kite', price: 8, categoryName: 'Toys' }])
    const kiteId = kite!.id
    const same = async () => {
      const view = await read(santaReader)
      expect(JSON.stringify(view)).toBe(await fresh(santaReader))
      return view
    }
    await same()
    await anonymous.exchangeParticipants.addItem({ ...gifteeRef, productId: kiteId })
    expect((await same()).match!.items.map((i) => i.title)).toContain('Cache Test Kite')
    await anonymous.exchangeParticipants.setHints({ ...gifteeRef, hints: 'Size L, no more socks' })
    expect((await same()).match!.hints).toBe('Size L, no more socks')
    await t.db.execute(sql`update products set title = 'Cache Test Kite (red)', price = 7.5 where id = ${kiteId}`)
    const renamed = (await same()).match!.items.find((i) => i.productId === kiteId)!
    expect([renamed.title, renamed.price]).toEqual(['Cache Test Kite (red)', 7.5])
    await t.db.execute(sql`update products set disabled = true where id = ${kiteId}`)
    expect((await same()).match!.items.find((i) => i.productId === kiteId)!.available).toBe(false)
    const items = await anonymous.exchangeParticipants.addItem({ ...gifteeRef, title: 'A scarf' })
    await anonymous.exchangeParticipants.removeItem({
      ...gifteeRef,
      itemId: items.find((i) => i.title === 'A scarf')!.id,
    })
    expect((await same()).match!.items.map((i) => i.title)).not.toContain('A scarf')
    await santaReader.caller.exchangeParticipants.sendMessage({
      ...santaReader.ref,
      to: 'giftee',
      body: 'Which colour?',
    })
    expect((await same()).withGiftee.map((m) => m.body)).toEqual(['Which colour?'])
    await anonymous.exchangeParticipants.sendMessage({ ...gifteeRef, to: 'santa', body: 'Green' })
    expect((await same()).withGiftee.map((m) => m.body)).toEqual(['Which colour?', 'Green'])
    await santaReader.caller.exchangeParticipants.setGotIt({ ...santaReader.ref, gotIt: true })
    expect((await same()).me.gotIt).toBe(true)
    await t.db.execute(sql`update users set display_name = 'Organiser Olu' where id = ${organiser.id}`)
    expect((await same()).exchange.organiserName).toBe('Organiser Olu')
    await organiserCaller.exchanges.update({ id: ex.id, place: 'The pub' })
    expect((await same()).exchange.place).toBe('The pub')
    await t.db.execute(sql`update users set display_name = null where id = ${organiser.id}`)
  })

  it('a write by SQL alone to any table the page shows changes it (each table’s trigger moves the page version)', async () => {
    const ex = await openedExchange('Kept pages by SQL')
    const truth = await giftees(ex.id)
    const [santa, giftee] = [...truth].find(([giver, receiver]) => ex.tokens.has(giver) && ex.tokens.has(receiver))!
    const santaReader = ex.readers.get(santa)!
    const idOf = async (name: string) =>
      (
        await t.db
          .select({ id: exchangeParticipants.id })
          .from(exchangeParticipants)
          .where(sql`${exchangeParticipants.exchangeId} = ${ex.id} and ${exchangeParticipants.name} = ${name}`)
      )[0]!.id
    const [santaId, gifteeId] = [await idOf(santa), await idOf(giftee)]
    const version = async () =>
      (
        await t.db.execute<{ version: string }>(
          sql`select version::text as version from exchange_page_versions where exchange_id = ${ex.id}`,
        )
      ).rows[0]?.version
    const same = async () => {
      const view = await read(santaReader)
      expect(JSON.stringify(view)).toBe(await fresh(santaReader))
      return view
    }
    await same()
    const writes: [string, () => Promise<unknown>, (view: Awaited<ReturnType<typeof read>>) => void][] = [
      [
        'an item inserted',
        () => t.db.execute(sql`insert into exchange_items (participant_id, title) values (${gifteeId}, 'SQL socks')`),
        (view) => expect(view.match!.items.map((i) => i.title)).toContain('SQL socks'),
      ],
      [
        'an item updated',
        () => t.db.execute(sql`update exchange_items set title = 'SQL gloves' where title = 'SQL socks'`),
        (view) => expect(view.match!.items.map((i) => i.title)).toContain('SQL gloves'),
      ],
      [
        'an item deleted',
        () => t.db.execute(sql`delete from exchange_items where title = 'SQL gloves'`),
        (view) => expect(view.match!.items.map((i) => i.title)).not.toContain('SQL gloves'),
      ],
      [
        'a message inserted',
        () =>
          t.db.execute(
            sql`insert into exchange_messages (exchange_id, santa_id, giftee_id, from_santa, kind, body)
                values (${ex.id}, ${santaId}, ${gifteeId}, true, 'question', 'Tea or coffee?')`,
          ),
        (view) => expect(view.withGiftee.map((m) => m.body)).toEqual(['Tea or coffee?']),
      ],
      [
        'a message updated',
        () => t.db.execute(sql`update exchange_messages set body = 'Tea?' where santa_id = ${santaId}`),
        (view) => expect(view.withGiftee.map((m) => m.body)).toEqual(['Tea?']),
      ],
      [
        'a message deleted',
        () => t.db.execute(sql`delete from exchange_messages where santa_id = ${santaId}`),
        (view) => expect(view.withGiftee).toEqual([]),
      ],
      [
        'the giftee’s row updated',
        () => t.db.execute(sql`update exchange_participants set hints = 'Hints by SQL' where id = ${gifteeId}`),
        (view) => expect(view.match!.hints).toBe('Hints by SQL'),
      ],
    ]
    for (const [what, write, check] of writes) {
      const before = await version()
      await write()
      expect(await version(), what).not.toBe(before)
      check(await same())
    }
  })

  it('a signed-in viewer gets their own page: attached and canAttach follow the viewer, not the link', async () => {
    const ex = await openedExchange('Kept pages viewers')
    const person = ex.people[1]!
    const ref = { token: ex.tokens.get(person.name)! }
    const member = await makeUser(t.db, `kept-viewer-${ex.id}@example.com`)
    const other = await makeUser(t.db, `kept-other-${ex.id}@example.com`)
    const anonymous = callerFor(null)
    expect((await anonymous.exchangeParticipants.view(ref)).me).toMatchObject({ attached: false, canAttach: false })
    expect((await callerFor(member).exchangeParticipants.view(ref)).me).toMatchObject({
      attached: false,
      canAttach: true,
    })
    await callerFor(member).exchangeParticipants.attach(ref)
    const views = await Promise.all(
      [member, other, null, member, other, null].map((viewer) => callerFor(viewer).exchangeParticipants.view(ref)),
    )
    expect(views.map((v) => [v.me.attached, v.me.canAttach])).toEqual([
      [true, false],
      [false, false],
      [false, false],
      [true, false],
      [false, false],
      [false, false],
    ])
  })

  it('gift ideas are kept per Santa and made again when the giftee’s list or hints or the catalog change', async () => {
    const ex = await openedExchange('Kept ideas')
    const truth = await giftees(ex.id)
    const freshIdeas = async (reader: Reader) => {
      const { db, pool } = createDb(t.url, { max: 1 })
      try {
        const ref =
          'token' in reader.ref ? reader.ref : { userId: reader.viewer!.id, exchangeId: reader.ref.exchangeId }
        return JSON.stringify(await participantIdeas(db, ref))
      } finally {
        await pool.end()
      }
    }
    const ideasOf = (reader: Reader) => reader.caller.exchangeParticipants.ideas(reader.ref)
    // Everyone at once, twice: each the ideas made afresh for their own giftee.
    const readers = [...ex.readers.values(), ...ex.readers.values()]
    const all = await Promise.all(readers.map(ideasOf))
    for (const [i, reader] of readers.entries()) expect(JSON.stringify(all[i])).toBe(await freshIdeas(reader))
    const [santa, giftee] = [...truth].find(([giver, receiver]) => ex.tokens.has(giver) && ex.tokens.has(receiver))!
    const santaReader = ex.readers.get(santa)!
    const gifteeRef = { token: ex.tokens.get(giftee)! }
    const before = await ideasOf(santaReader)
    expect(before.length).toBeGreaterThan(0)
    // An idea the giftee puts on their own list is not offered again.
    await callerFor(null).exchangeParticipants.addItem({ ...gifteeRef, productId: before[0]!.productId })
    const after = await ideasOf(santaReader)
    expect(after.map((idea) => idea.productId)).not.toContain(before[0]!.productId)
    expect(JSON.stringify(after)).toBe(await freshIdeas(santaReader))
    await callerFor(null).exchangeParticipants.setHints({ ...gifteeRef, hints: 'Loves board games and puzzles' })
    expect(JSON.stringify(await ideasOf(santaReader))).toBe(await freshIdeas(santaReader))
    // A product disabled in the catalog (not on the list) leaves the ideas.
    const shown = await ideasOf(santaReader)
    if (shown.length) {
      await t.db.execute(sql`update products set disabled = true where id = ${shown[0]!.productId}`)
      expect((await ideasOf(santaReader)).map((idea) => idea.productId)).not.toContain(shown[0]!.productId)
      await t.db.execute(sql`update products set disabled = false where id = ${shown[0]!.productId}`)
    }
  })
})
