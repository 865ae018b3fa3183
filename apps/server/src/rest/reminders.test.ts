import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { createDb, emailLog, eq, inArray, occasions, relationships, reminderSends, users, type Db } from '@presently/db'
import { createCaller, queueReminders, runReminders } from '@presently/api'
import { createMailer, extractLinks, type TransportMessage } from '@presently/email'
import { buildTestApp, signedInUser, silentLogger, TEST_APP_URL, withSession } from '../testing/auth-helpers.ts'

let testDb: TestDatabase
let app: FastifyInstance
type Account = { token: string; userId: number }
let ann: Account
let ben: Account
let ref: { mother: number; birthday: number; mothersDay: number }
const as = (user: Account) => withSession(user.token)
/** The run's instant: 1 December 2026, 08:00 in London. */
const RUN_AT = new Date('2026-12-01T08:00:00Z')
/** No gift ideas (the engine needs a catalog; these tests are about counting). */
const noIdeas = () => Promise.resolve([])

/** A mailer "delivering" into `sent` (an SMTP server that accepts everything). */
function capturingMailer(db: Db, sent: TransportMessage[]) {
  return createMailer({
    db,
    logger: silentLogger,
    from: 'Presently <no-reply@example.com>',
    transport: { sendMail: (message) => Promise.resolve(void sent.push(message)) },
  })
}

async function addPersonWithEvent(
  user: Account,
  name: string,
  event: { date: string; occasionId?: number; rule?: string; reminderLeadDays?: number[] | null },
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/people',
    headers: as(user),
    payload: { name, relationshipId: ref.mother, events: [{ occasionId: ref.birthday, ...event }] },
  })
  expect(res.statusCode, res.body).toBe(201)
  const person = res.json<{ id: number; events: { id: number }[] }>()
  return { personId: person.id, eventId: person.events[0]!.id }
}

async function clearReminders() {
  await testDb.db.delete(reminderSends)
  await testDb.db.delete(emailLog).where(eq(emailLog.kind, 'reminders'))
}

beforeAll(async () => {
  testDb = await createTestDatabase()
  app = await buildTestApp(testDb.db, { AUTH_RATE_LIMIT_IP_MAX: 10_000, AUTH_RATE_LIMIT_EMAIL_MAX: 1000 })
  ann = await signedInUser(app, testDb.db, 'ann-reminders@example.com')
  ben = await signedInUser(app, testDb.db, 'ben-reminders@example.com')
  const [mother] = await testDb.db.select().from(relationships).where(eq(relationships.name, 'Mother'))
  const occ = await testDb.db.select().from(occasions)
  ref = {
    mother: mother!.id,
    birthday: occ.find((o) => o.value === 'birthday')!.id,
    mothersDay: occ.find((o) => o.value === 'mothers-day')!.id,
  }
})
afterAll(async () => {
  await app?.close()
  await testDb?.close()
})

describe('reminder settings (REST and tRPC)', () => {
  const url = '/api/my-account/reminder-settings'

  it('answers the defaults, saves with duplicates folded and shows them again', async () => {
    expect((await app.inject({ url, headers: as(ann) })).json()).toEqual({ enabled: true, leadDays: [14, 3] })
    const put = await app.inject({
      method: 'PUT',
      url,
      headers: as(ann),
      payload: { enabled: true, leadDays: [7, 21, 7] },
    })
    expect(put.statusCode).toBe(200)
    expect(put.json()).toEqual({ enabled: true, leadDays: [21, 7] })
    expect((await app.inject({ url, headers: as(ann) })).json()).toEqual({ enabled: true, leadDays: [21, 7] })
    // Another account still has its own (the defaults).
    const caller = createCaller({
      db: testDb.db,
      user: { id: ben.userId, email: 'ben-reminders@example.com', isStaff: false, isAdmin: false },
    })
    expect(await caller.reminders.settings()).toEqual({ enabled: true, leadDays: [14, 3] })
    await caller.reminders.saveSettings({ enabled: false, leadDays: [30] })
    expect((await app.inject({ url, headers: as(ben) })).json()).toEqual({ enabled: false, leadDays: [30] })
    await caller.reminders.saveSettings({ enabled: true, leadDays: [14, 3] })
    await app.inject({ method: 'PUT', url, headers: as(ann), payload: { enabled: true, leadDays: [14, 3] } })
  })

  it('refuses bad input with 400 and the issue’s messages (which name the field), and 401 signed out', async () => {
    for (const [payload, message] of [
      [{ enabled: true, leadDays: [0] }, 'lead times must be whole days from 1 to 60'],
      [{ enabled: true, leadDays: [61] }, 'lead times must be whole days from 1 to 60'],
      [{ enabled: true, leadDays: [2.5] }, 'lead times must be whole days from 1 to 60'],
      [{ enabled: true, leadDays: [1, 2, 3, 4] }, 'at most 3 lead times'],
      [{ enabled: true, leadDays: 'soon' }, 'lead times must be whole days from 1 to 60'],
      [{ enabled: 'yes', leadDays: [3] }, 'enabled must be true or false'],
    ] as const) {
      const res = await app.inject({ method: 'PUT', url, headers: as(ann), payload })
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().message).toBe(message)
    }
    expect((await app.inject({ url })).statusCode).toBe(401)
    expect((await app.inject({ method: 'PUT', url, payload: { enabled: true, leadDays: [] } })).statusCode).toBe(401)
  })
})

describe('events with a rule and their own reminders', () => {
  it('stores rule and reminderLeadDays, answers nextOccurrence, edits them, and keeps others out', async () => {
    const { personId, eventId } = await addPersonWithEvent(ann, 'Mum', {
      date: '2027-03-07',
      occasionId: ref.mothersDay,
      rule: 'mothering-sunday',
      reminderLeadDays: [10, 10, 2],
    })
    const list = (await app.inject({ url: '/api/events', headers: as(ann) })).json<Record<string, unknown>[]>()
    const event = list.find((e) => e.id === eventId)!
    expect(event).toMatchObject({ rule: 'mothering-sunday', reminderLeadDays: [10, 2] })
    expect(event.nextOccurrence).toMatch(/^\d{4}-(03|04)-\d{2}$/)
    const patch = (user: Account, payload: Record<string, unknown>) =>
      app.inject({
        method: 'PATCH',
        url: `/api/events/person/${personId}/event/${eventId}`,
        headers: as(user),
        payload,
      })
    const none = await patch(ann, { reminderLeadDays: [] })
    expect(none.statusCode).toBe(200)
    expect(none.json()).toMatchObject({ reminderLeadDays: [], rule: 'mothering-sunday', date: '2027-03-07' })
    expect((await patch(ann, { reminderLeadDays: null, rule: 'fixed' })).json()).toMatchObject({
      reminderLeadDays: null,
      rule: 'fixed',
      nextOccurrence: expect.stringMatching(/-03-07$/),
    })
    // Another user's event is not found; hostile input is a 400 naming the field.
    expect((await patch(ben, { reminderLeadDays: [] })).statusCode).toBe(404)
    const bad = await patch(ann, { rule: 'whit-monday' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/^rule must be one of fixed, mothering-sunday/)
    const badLeads = await patch(ann, { reminderLeadDays: [90] })
    expect(badLeads.json().message).toBe('lead times must be whole days from 1 to 60')
    const created = await app.inject({
      method: 'POST',
      url: `/api/events/person/${personId}`,
      headers: as(ann),
      payload: { occasionId: ref.birthday, date: '1960-05-01', reminderLeadDays: [1, 2, 3, 4] },
    })
    expect(created.statusCode).toBe(400)
    expect(created.json().message).toBe('at most 3 lead times')
    await app.inject({ method: 'DELETE', url: `/api/people/${personId}`, headers: as(ann) })
  })

  it('puts Mothering Sunday on its real day and a VALARM per lead time in the calendar feed', async () => {
    const { personId } = await addPersonWithEvent(ann, 'Mam', {
      date: '2026-03-15',
      occasionId: ref.mothersDay,
      rule: 'mothering-sunday',
      reminderLeadDays: [10, 2],
    })
    const link = await app.inject({
      method: 'POST',
      url: '/trpc/events.resetCalendarLink',
      headers: as(ann),
      payload: {},
    })
    const path = new URL(link.json<{ result: { data: { url: string } } }>().result.data.url).pathname
    const feed = (await app.inject(path)).body
    expect(feed).toContain('DTSTART;VALUE=DATE:20270307')
    expect(feed).toContain('DTSTART;VALUE=DATE:20280326')
    expect(feed).toContain('TRIGGER:-P10D')
    expect(feed).toContain('TRIGGER:-P2D')
    await app.inject({ method: 'DELETE', url: `/api/people/${personId}`, headers: as(ann) })
  })
})

describe('the reminder run on the real database', () => {
  it('sends one email per user grouping the due events, then nothing again', async () => {
    await clearReminders()
    const a = await addPersonWithEvent(ann, 'Amy', { date: '1990-12-11' }) // 10 days: 14-day reminder
    const b = await addPersonWithEvent(ann, 'Bea', { date: '1985-12-03' }) // 2 days: 3-day reminder
    const c = await addPersonWithEvent(ann, 'Cal', { date: '1985-12-25' }) // 24 days: nothing yet
    const sent: TransportMessage[] = []
    const mailer = capturingMailer(testDb.db, sent)
    const first = await runReminders(testDb.db, { mailer, appUrl: TEST_APP_URL, giftIdeas: noIdeas }, RUN_AT)
    expect(first).toMatchObject({ emailsSent: 1, remindersSent: 2, failures: [] })
    expect(sent).toHaveLength(1)
    expect(sent[0]!.to).toBe('ann-reminders@example.com')
    expect(sent[0]!.text).toContain("Bea's Birthday: Thursday 3rd December (in 2 days)")
    expect(sent[0]!.text).toContain("Amy's Birthday: Friday 11th December (in 10 days)")
    expect(sent[0]!.messageId).toBe(sent[0]!.headers['Message-ID'])
    const again = await runReminders(testDb.db, { mailer, appUrl: TEST_APP_URL, giftIdeas: noIdeas }, RUN_AT)
    expect(again).toMatchObject({ emailsSent: 0, alreadySent: 2 })
    // Eleven days later Cal's 14-day and Amy's 3-day reminders are due; Bea's event has passed.
    const later = await runReminders(
      testDb.db,
      { mailer, appUrl: TEST_APP_URL, giftIdeas: noIdeas },
      new Date('2026-12-12T08:00:00Z'),
    )
    expect(later).toMatchObject({ emailsSent: 1, remindersSent: 1 })
    expect(sent[1]!.text).toContain("Cal's Birthday")
    for (const { personId } of [a, b, c])
      await app.inject({ method: 'DELETE', url: `/api/people/${personId}`, headers: as(ann) })
  })

  it('says "done (£28.06 of £40)" for a person whose present is recorded, and nudges only the others (issue 43)', async () => {
    await clearReminders()
    const mum = await addPersonWithEvent(ann, 'Mum', { date: '1968-12-11' }) // 10 days: 14-day reminder
    const dad = await addPersonWithEvent(ann, 'Dad', { date: '1960-12-03' }) // 2 days: 3-day reminder
    const budget = await app.inject({
      method: 'PUT',
      url: `/api/people/${mum.personId}/budgets`,
      headers: as(ann),
      payload: { byOccasion: [{ occasionId: ref.birthday, amount: 40 }] },
    })
    expect(budget.statusCode, budget.body).toBe(200)
    const gift = await app.inject({
      method: 'POST',
      url: `/api/people/${mum.personId}/gifts`,
      headers: as(ann),
      payload: { title: 'Scarf', pricePaid: 28.06, givenOn: '2026-11-20', occasionId: ref.birthday },
    })
    expect(gift.statusCode, gift.body).toBe(201)
    const sent: TransportMessage[] = []
    const run = await runReminders(
      testDb.db,
      { mailer: capturingMailer(testDb.db, sent), appUrl: TEST_APP_URL, giftIdeas: noIdeas },
      RUN_AT,
    )
    expect(run).toMatchObject({ emailsSent: 1, remindersSent: 2 })
    const text = sent[0]!.text
    expect(text).toContain('Mum: done (£28.06 of £40)')
    expect(text).not.toContain('Dad: done')
    // Only Dad's reminder keeps its "Find a gift" button.
    expect(text.match(/Find a gift/g)).toHaveLength(1)
    for (const { personId } of [mum, dad])
      await app.inject({ method: 'DELETE', url: `/api/people/${personId}`, headers: as(ann) })
  })

  it('two runs at once on two connections pools send each reminder once', async () => {
    await clearReminders()
    const added = [
      await addPersonWithEvent(ann, 'Dee', { date: '1990-12-05' }),
      await addPersonWithEvent(ben, 'Eve', { date: '1990-12-09' }),
      await addPersonWithEvent(ben, 'Fay', { date: '1990-12-02' }),
    ]
    const sent: TransportMessage[] = []
    const pools = [createDb(testDb.url, { max: 4 }), createDb(testDb.url, { max: 4 })]
    try {
      const results = await Promise.all(
        pools.flatMap(({ db }) =>
          [0, 1].map(() =>
            runReminders(db, { mailer: capturingMailer(db, sent), appUrl: TEST_APP_URL, giftIdeas: noIdeas }, RUN_AT),
          ),
        ),
      )
      expect(results.reduce((n, r) => n + r.emailsSent, 0)).toBe(2)
      expect(results.reduce((n, r) => n + r.remindersSent, 0)).toBe(3)
      expect(results.every((r) => r.failures.length === 0)).toBe(true)
      expect(sent.map((m) => m.to).sort()).toEqual(['ann-reminders@example.com', 'ben-reminders@example.com'])
      expect(await testDb.db.select().from(reminderSends)).toHaveLength(3)
    } finally {
      for (const { pool } of pools) await pool.end()
    }
    await app.inject({ method: 'DELETE', url: `/api/people/${added[0]!.personId}`, headers: as(ann) })
    for (const { personId } of added.slice(1))
      await app.inject({ method: 'DELETE', url: `/api/people/${personId}`, headers: as(ben) })
  })

  it('a process killed between queueing and sending delivers once after restart, with the same Message-ID', async () => {
    await clearReminders()
    const { personId } = await addPersonWithEvent(ann, 'Gus', { date: '1990-12-04' })
    const before: TransportMessage[] = []
    // The run queues and is "killed" before its sender runs: the mail waits in the outbox.
    const queued = await queueReminders(
      testDb.db,
      { mailer: capturingMailer(testDb.db, before), appUrl: TEST_APP_URL, giftIdeas: noIdeas },
      RUN_AT,
    )
    expect(queued.emailsSent).toBe(1)
    expect(before).toHaveLength(0)
    const [row] = await testDb.db.select().from(emailLog).where(eq(emailLog.kind, 'reminders'))
    expect(row!.status).toBe('queued')
    // A new process: its retry loop delivers what is due, once, however often it runs.
    const after: TransportMessage[] = []
    const restarted = capturingMailer(testDb.db, after)
    expect(await restarted.retryDue(new Date(Date.now() + 1000))).toBe(1)
    expect(await restarted.retryDue(new Date(Date.now() + 2000))).toBe(0)
    // The next run finds the reminder recorded.
    expect(
      (await runReminders(testDb.db, { mailer: restarted, appUrl: TEST_APP_URL, giftIdeas: noIdeas }, RUN_AT))
        .emailsSent,
    ).toBe(0)
    expect(after).toHaveLength(1)
    expect(after[0]!.messageId).toBe(row!.headers['Message-ID'])
    await app.inject({ method: 'DELETE', url: `/api/people/${personId}`, headers: as(ann) })
  })

  it('an event deleted or set to "No reminders" after queueing sends nothing; the other events of the mail go again', async () => {
    await clearReminders()
    const kept = await addPersonWithEvent(ann, 'Hal', { date: '1990-12-06' })
    const removed = await addPersonWithEvent(ann, 'Ida', { date: '1990-12-07' })
    const silenced = await addPersonWithEvent(ben, 'Jo', { date: '1990-12-08' })
    const sent: TransportMessage[] = []
    const deps = { mailer: capturingMailer(testDb.db, sent), appUrl: TEST_APP_URL, giftIdeas: noIdeas }
    expect((await queueReminders(testDb.db, deps, RUN_AT)).emailsSent).toBe(2)

    const del = await app.inject({
      method: 'DELETE',
      url: `/api/events/person/${removed.personId}/event/${removed.eventId}`,
      headers: as(ann),
    })
    expect(del.statusCode).toBe(200)
    const none = await app.inject({
      method: 'PATCH',
      url: `/api/events/person/${silenced.personId}/event/${silenced.eventId}`,
      headers: as(ben),
      payload: { reminderLeadDays: [] },
    })
    expect(none.statusCode).toBe(200)
    expect(await deps.mailer.retryDue(new Date(Date.now() + 1000))).toBe(0)
    expect(sent).toHaveLength(0)
    const statuses = await testDb.db
      .select({ status: emailLog.status })
      .from(emailLog)
      .where(eq(emailLog.kind, 'reminders'))
    expect(statuses.map((s) => s.status)).toEqual(['cancelled', 'cancelled'])

    // The next run sends Hal's reminder alone; Ida's event is gone and Jo's has none.
    const next = await runReminders(testDb.db, deps, RUN_AT)
    expect(next).toMatchObject({ emailsSent: 1, remindersSent: 1 })
    expect(sent).toHaveLength(1)
    expect(sent[0]!.text).toContain("Hal's Birthday")
    expect(sent[0]!.text).not.toContain('Ida')
    await app.inject({ method: 'DELETE', url: `/api/people/${kept.personId}`, headers: as(ann) })
    await app.inject({ method: 'DELETE', url: `/api/people/${removed.personId}`, headers: as(ann) })
    await app.inject({ method: 'DELETE', url: `/api/people/${silenced.personId}`, headers: as(ben) })
  })

  it('one-click unsubscribe turns off reminders alone; the global unsubscribe still stops every email', async () => {
    await clearReminders()
    const { personId } = await addPersonWithEvent(ann, 'Kit', { date: '1990-12-04' })
    const mailer = createMailer({ db: testDb.db, logger: silentLogger, from: 'x@example.com' })
    await runReminders(testDb.db, { mailer, appUrl: TEST_APP_URL, giftIdeas: noIdeas }, RUN_AT)
    const [mail] = await testDb.db.select().from(emailLog).where(eq(emailLog.kind, 'reminders'))
    const oneClick = mail!.headers['List-Unsubscribe']!.slice(1, -1)
    expect(extractLinks(mail!.text).some((l) => l.includes('only=reminders'))).toBe(true)
    const res = await app.inject({
      method: 'POST',
      url: oneClick.replace(TEST_APP_URL, ''),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(res.statusCode).toBe(200)
    expect((await app.inject({ url: '/api/my-account/reminder-settings', headers: as(ann) })).json()).toMatchObject({
      enabled: false,
    })
    const [user] = await testDb.db.select().from(users).where(eq(users.id, ann.userId))
    expect(user!.unsubscribed).toBe(false)
    // Reminders off: nothing more is due for Ann.
    await clearReminders()
    expect(
      (await runReminders(testDb.db, { mailer, appUrl: TEST_APP_URL, giftIdeas: noIdeas }, RUN_AT)).emailsSent,
    ).toBe(0)
    const bad = await app.inject({ method: 'POST', url: '/api/reminders/unsubscribe/one-click?token=nope' })
    expect(bad.statusCode).toBe(400)
    // Back on; the global unsubscribe stops reminders too.
    await app.inject({
      method: 'PUT',
      url: '/api/my-account/reminder-settings',
      headers: as(ann),
      payload: { enabled: true, leadDays: [14, 3] },
    })
    await testDb.db
      .update(users)
      .set({ unsubscribed: true })
      .where(inArray(users.id, [ann.userId]))
    expect(
      (await runReminders(testDb.db, { mailer, appUrl: TEST_APP_URL, giftIdeas: noIdeas }, RUN_AT)).emailsSent,
    ).toBe(0)
    await testDb.db.update(users).set({ unsubscribed: false }).where(eq(users.id, ann.userId))
    await app.inject({ method: 'DELETE', url: `/api/people/${personId}`, headers: as(ann) })
  })
})
