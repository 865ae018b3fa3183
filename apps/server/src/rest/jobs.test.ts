import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import {
  and,
  createDb,
  emailLog,
  eq,
  eventPeople,
  events,
  inArray,
  jobEmailSends,
  occasions,
  people,
  reminderSends,
  sql,
  users,
  type Db,
} from '@presently/db'
import {
  createCaller,
  periodStart,
  runCampaign,
  SCHEDULER_APPLICATION_NAME,
  setJobEnabled,
  setRole,
  startJobScheduler,
  type SchedulerOptions,
} from '@presently/api'
import { createMailer, extractLinks } from '@presently/email'
import { ukToday, toIsoDate, parseIsoDate } from '@presently/domain'
import {
  buildTestApp,
  signedInUser,
  silentLogger,
  TEST_APP_URL,
  withSession,
  type TestAccount,
} from '../testing/auth-helpers.ts'

let testDb: TestDatabase
let app: FastifyInstance
let admin: TestAccount
let staff: TestAccount
let shopper: TestAccount
let birthdayId = 0
const fixture = { alice: 0, bob: 0, carol: 0, dave: 0, erin: 0, aliceMum: 0, daveDad: 0 }
const as = (user: { token: string }) => withSession(user.token)

/** An ISO date `days` after today (UK), in 1990 (events recur yearly). */
function inDays(days: number): string {
  const today = parseIsoDate(ukToday())
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day + days))
  return toIsoDate(1990, date.getUTCMonth() + 1, date.getUTCDate())
}

async function addUser(email: string, state: { confirmed: boolean; unsubscribed: boolean }) {
  const [row] = await testDb.db
    .insert(users)
    .values({ email, emailConfirmedAt: state.confirmed ? new Date() : null, unsubscribed: state.unsubscribed })
    .returning({ id: users.id })
  return row!.id
}

async function addPersonWithEvent(userId: number, name: string, date: string) {
  const [person] = await testDb.db.insert(people).values({ userId, name }).returning({ id: people.id })
  const [event] = await testDb.db
    .insert(events)
    .values({ userId, date, occasionId: birthdayId })
    .returning({ id: events.id })
  await testDb.db.insert(eventPeople).values({ eventId: event!.id, personId: person!.id })
  return person!.id
}

async function mailsOf(kind: string) {
  return testDb.db
    .select({ to: emailLog.toAddress, text: emailLog.text, html: emailLog.html, headers: emailLog.headers })
    .from(emailLog)
    .where(eq(emailLog.kind, kind))
}

async function resetSends() {
  await testDb.db.delete(jobEmailSends)
  await testDb.db.delete(reminderSends)
  await testDb.db.delete(emailLog).where(inArray(emailLog.kind, ['reminders', 'profile-completion']))
}

/** A scheduler on the test database with silent logs; `overrides` as startJobScheduler's options. */
function startTestScheduler(overrides: Partial<SchedulerOptions> = {}) {
  return startJobScheduler({
    db: testDb.db,
    databaseUrl: testDb.url,
    deps: { mailer: app.mailer, appUrl: TEST_APP_URL },
    logger: silentLogger,
    ...overrides,
  })
}

/** The tRPC caller of the admin account. */
function adminCaller() {
  return createCaller({
    db: testDb.db,
    user: { id: admin.userId, email: 'admin-jobs@example.com', isStaff: false, isAdmin: true },
  })
}

beforeAll(async () => {
  testDb = await createTestDatabase()
  app = await buildTestApp(testDb.db, { AUTH_RATE_LIMIT_IP_MAX: 10_000, AUTH_RATE_LIMIT_EMAIL_MAX: 1000 })
  admin = await signedInUser(app, testDb.db, 'admin-jobs@example.com')
  staff = await signedInUser(app, testDb.db, 'staff-jobs@example.com')
  shopper = await signedInUser(app, testDb.db, 'shopper-jobs@example.com')
  await setRole(testDb.db, { email: 'admin-jobs@example.com', role: 'admin', granted: true })
  await setRole(testDb.db, { email: 'staff-jobs@example.com', role: 'staff', granted: true })
  birthdayId = (await testDb.db.select().from(occasions).where(eq(occasions.value, 'birthday')))[0]!.id

  fixture.alice = await addUser('alice-jobs@example.com', { confirmed: true, unsubscribed: false })
  fixture.bob = await addUser('bob-jobs@example.com', { confirmed: true, unsubscribed: true })
  fixture.carol = await addUser('carol-jobs@example.com', { confirmed: false, unsubscribed: false })
  fixture.dave = await addUser('dave-jobs@example.com', { confirmed: true, unsubscribed: false })
  fixture.erin = await addUser('erin-jobs@example.com', { confirmed: true, unsubscribed: false })
  fixture.aliceMum = await addPersonWithEvent(fixture.alice, 'Mum', inDays(2))
  await addPersonWithEvent(fixture.bob, 'Gran', inDays(2))
  await addPersonWithEvent(fixture.carol, 'Uncle', inDays(1))
  fixture.daveDad = await addPersonWithEvent(fixture.dave, 'Dad', inDays(60))
})
afterAll(async () => {
  await app?.close()
  await testDb?.close()
})

const routes = [
  ['GET', '/api/notifications/jobs/upcoming-events/status'],
  ['POST', '/api/notifications/jobs/upcoming-events/start'],
  ['POST', '/api/notifications/jobs/profile-completion/stop'],
  ['POST', '/api/notifications/jobs/upcoming-events/trigger'],
  ['PUT', '/api/notifications/jobs/upcoming-events/schedule'],
  ['GET', '/api/notifications/preview/upcoming-events'],
  ['POST', '/api/notifications/test-email'],
  ['POST', '/api/test/test-profile-completion'],
] as const

describe('roles', () => {
  it('answers 401 signed out and 403 to staff and users, and changes nothing', async () => {
    for (const [method, url] of routes) {
      const payload = method === 'GET' ? undefined : { schedule: '0 8 * * *', email: 'x@example.com' }
      expect((await app.inject({ method, url, payload })).statusCode, `${method} ${url}`).toBe(401)
      for (const user of [staff, shopper]) {
        const res = await app.inject({ method, url, payload, headers: as(user) })
        expect(res.statusCode, `${method} ${url}`).toBe(403)
        expect(res.json()).toEqual({ success: false, message: 'Admins only' })
      }
    }
    expect((await mailsOf('reminders')).length).toBe(0)
    // A new shop runs the reminders daily at 08:00 (issue 21); profile completion starts stopped.
    const status = await app.inject({ url: routes[0][1], headers: as(admin) })
    expect(status.json()).toMatchObject({ isRunning: true, schedule: '0 8 * * *' })
  })

  it('refuses the tRPC jobs procedures to staff', async () => {
    const caller = createCaller({
      db: testDb.db,
      user: { id: staff.userId, email: 'staff-jobs@example.com', isStaff: true, isAdmin: false },
    })
    await expect(caller.jobs.status({ job: 'upcoming-events' })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(caller.jobs.start({ job: 'upcoming-events' })).rejects.toMatchObject({ code: 'FORBIDDEN' })
  })
})

describe('status, start, stop and schedule', () => {
  const url = (job: string, action: string) => `/api/notifications/jobs/${job}/${action}`

  it('starts and stops a job; the next run shows only while it runs', async () => {
    const before = await app.inject({ url: url('profile-completion', 'status'), headers: as(admin) })
    expect(before.json()).toEqual({
      isRunning: false,
      schedule: '0 8 * * 1',
      nextRun: null,
      frequencyDescription: 'At 08:00 AM, only on Monday',
    })
    const start = await app.inject({
      method: 'POST',
      url: url('profile-completion', 'start'),
      headers: as(admin),
      payload: {},
    })
    expect(start.json()).toMatchObject({ success: true })
    const running = (await app.inject({ url: url('profile-completion', 'status'), headers: as(admin) })).json()
    expect(running.isRunning).toBe(true)
    const nextRun = new Date(running.nextRun as string)
    expect(nextRun.getTime()).toBeGreaterThan(Date.now())
    expect(nextRun.getUTCDay()).toBe(1)
    // The other job is untouched (the reminder run is on by default, issue 21).
    expect((await app.inject({ url: url('upcoming-events', 'status'), headers: as(admin) })).json().isRunning).toBe(
      true,
    )
    await app.inject({ method: 'POST', url: url('profile-completion', 'stop'), headers: as(admin), payload: {} })
    expect((await app.inject({ url: url('profile-completion', 'status'), headers: as(admin) })).json()).toMatchObject({
      isRunning: false,
      nextRun: null,
    })
  })

  it('saves a preset or a custom cron and refuses a bad one with the reason', async () => {
    const put = (schedule: unknown) =>
      app.inject({ method: 'PUT', url: url('upcoming-events', 'schedule'), headers: as(admin), payload: { schedule } })
    const ok = await put('*/30 9-17 * * 1,3,5')
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ schedule: '*/30 9-17 * * 1,3,5', isRunning: true })
    expect(ok.json().frequencyDescription).toMatch(/Every 30 minutes, between 09:00 AM and 05:59 PM/)
    for (const [bad, message] of [
      ['', 'Please select or enter a schedule'],
      ['   ', 'Please select or enter a schedule'],
      ['0 8 * *', /5 fields/],
      ['61 8 * * *', /^Invalid schedule: .*0-59/],
      ['0 8 * * 1; drop table users', /^Invalid schedule/],
    ] as const) {
      const res = await put(bad)
      expect(res.statusCode, bad).toBe(400)
      expect(res.json().message).toMatch(message)
    }
    expect((await put(12)).statusCode).toBe(400)
    const unknown = await app.inject({
      method: 'PUT',
      url: url('nightly', 'schedule'),
      headers: as(admin),
      payload: { schedule: '0 8 * * *' },
    })
    expect(unknown.statusCode).toBe(400)
    // The bad attempts left the saved schedule alone.
    expect((await app.inject({ url: url('upcoming-events', 'status'), headers: as(admin) })).json().schedule).toBe(
      '*/30 9-17 * * 1,3,5',
    )
    expect((await put('0 8 * * 1')).statusCode).toBe(200)
  })
})

describe('a triggered run', () => {
  it('reminds exactly the confirmed, subscribed users with a reminder due, once per reminder (issue 21)', async () => {
    await resetSends()
    const res = await app.inject({
      method: 'POST',
      url: '/api/notifications/jobs/upcoming-events/trigger',
      headers: as(admin),
      payload: {},
    })
    expect(res.statusCode).toBe(200)
    const result = res.json()
    expect(result).toMatchObject({ success: true, runResult: { stats: { emailsSent: 1 } } })
    expect(result.message).toBe('Sent 1 reminder email')
    // en-GB dates, no raw ISO date; a run that sent something needs no reason (issue 26).
    expect(result.details).toMatch(/^Reminders due on \d{1,2} [A-Z][a-z]+ \d{4} \(UK\): 1 sent/)
    expect(result.reason).toBeNull()
    // Alice's Mum in 2 days: the 3-day reminder; Dave's Dad in 60 days: nothing yet.
    const mails = await mailsOf('reminders')
    expect(mails.map((m) => m.to)).toEqual(['alice-jobs@example.com'])
    const mail = mails[0]!
    expect(mail.text).toContain("Mum's Birthday")
    expect(mail.text).toContain('(in 2 days)')
    const links = extractLinks(mail.text)
    expect(links).toContain(`${TEST_APP_URL}/?person=${fixture.aliceMum}&occasion=${birthdayId}`)
    expect(mail.html).toContain('lang="en-GB"')
    expect(mail.headers['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/api\/reminders\/unsubscribe\/one-click\?token=/,
    )
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    expect(mail.headers['Message-ID']).toMatch(/^<reminders-[0-9a-f-]+@localhost>$/)

    // "Run now" pressed again sends nothing more: the reminder is recorded.
    const again = await app.inject({
      method: 'POST',
      url: '/api/notifications/jobs/upcoming-events/trigger',
      headers: as(admin),
      payload: {},
    })
    expect(again.json()).toMatchObject({ success: true, runResult: { stats: { emailsSent: 0, alreadySent: 1 } } })
    expect(again.json().reason).toMatch(/^Already sent: the 1 reminder due on \d{1,2} [A-Z][a-z]+ \d{4} went out/)
    expect((await mailsOf('reminders')).length).toBe(1)

    // The unsubscribe link works and the user gets no further campaign mail.
    const token = new URL(links.find((l) => l.includes('/unsubscribe?') && !l.includes('only='))!).searchParams.get(
      'token',
    )
    const unsubscribe = await app.inject({ method: 'POST', url: '/api/auth/unsubscribe', payload: { token } })
    expect(unsubscribe.statusCode).toBe(200)
    const [alice] = await testDb.db.select().from(users).where(eq(users.id, fixture.alice))
    expect(alice!.unsubscribed).toBe(true)
    await testDb.db.update(users).set({ unsubscribed: false }).where(eq(users.id, fixture.alice))
  })

  it('emails the profile-completion job to the users with people below Gold', async () => {
    await resetSends()
    const res = await app.inject({
      method: 'POST',
      url: '/api/notifications/jobs/profile-completion/trigger',
      headers: as(admin),
      payload: {},
    })
    expect(res.json()).toMatchObject({ success: true, runResult: { stats: { emailsSent: 2 } } })
    const mails = await mailsOf('profile-completion')
    expect(mails.map((m) => m.to).sort()).toEqual(['alice-jobs@example.com', 'dave-jobs@example.com'])
    const dave = mails.find((m) => m.to === 'dave-jobs@example.com')!
    expect(dave.text).toMatch(/Dad: \d+% complete \(Bronze\)/)
    expect(dave.text).toContain('Personality')
    expect(extractLinks(dave.text)).toContain(`${TEST_APP_URL}/my-account/edit-person/${fixture.daveDad}`)
  })

  it('resumes a crashed run: users already keyed in the period are skipped, the rest are sent', async () => {
    await resetSends()
    const first = await runCampaign(testDb.db, { mailer: app.mailer, appUrl: TEST_APP_URL }, 'profile-completion')
    expect(first.runResult.stats.emailsSent).toBe(2)
    // A crash after alice's mail: her key and mail stay, dave's are lost with the transaction.
    await testDb.db
      .delete(jobEmailSends)
      .where(and(eq(jobEmailSends.job, 'profile-completion'), eq(jobEmailSends.userId, fixture.dave)))
    await testDb.db
      .delete(emailLog)
      .where(and(eq(emailLog.kind, 'profile-completion'), eq(emailLog.userId, fixture.dave)))
    const resumed = await runCampaign(testDb.db, { mailer: app.mailer, appUrl: TEST_APP_URL }, 'profile-completion')
    expect(resumed.runResult.stats.emailsSent).toBe(1)
    const mails = await mailsOf('profile-completion')
    expect(mails.map((m) => m.to).sort()).toEqual(['alice-jobs@example.com', 'dave-jobs@example.com'])
  })

  it('two workers on one database send each email once', async () => {
    await resetSends()
    const workers: { db: Db; close: () => Promise<void> }[] = []
    for (let i = 0; i < 2; i++) {
      const { db, pool } = createDb(testDb.url, { max: 4 })
      workers.push({ db, close: () => pool.end() })
    }
    try {
      const results = await Promise.all(
        workers.flatMap(({ db }) =>
          (['upcoming-events', 'profile-completion'] as const).flatMap((job) =>
            [0, 1].map(() =>
              runCampaign(
                db,
                { mailer: createMailer({ db, logger: silentLogger, from: 'x@example.com' }), appUrl: TEST_APP_URL },
                job,
              ),
            ),
          ),
        ),
      )
      const sent = results.reduce((sum, r) => sum + r.runResult.stats.emailsSent, 0)
      expect(sent).toBe(3)
      const rows = await testDb.db
        .select({ kind: emailLog.kind, to: emailLog.toAddress, n: sql<number>`count(*)::int` })
        .from(emailLog)
        .where(inArray(emailLog.kind, ['reminders', 'profile-completion']))
        .groupBy(emailLog.kind, emailLog.toAddress)
      expect(rows.every((r) => r.n === 1)).toBe(true)
      expect(rows.length).toBe(3)
    } finally {
      for (const w of workers) await w.close()
    }
  })
})

describe('preview and test emails', () => {
  it('shows the HTML of each job for the admin and sends test emails to an address', async () => {
    const preview = await app.inject({ url: '/api/notifications/preview/profile-completion', headers: as(admin) })
    expect(preview.statusCode).toBe(200)
    expect(preview.headers['content-type']).toMatch(/^text\/html/)
    expect(preview.body).toContain('Complete your gift profiles')
    const upcoming = await app.inject({ url: '/api/notifications/preview/upcoming-events', headers: as(admin) })
    expect(upcoming.body).toContain('Find a gift')

    for (const [url, kindText] of [
      ['/api/notifications/test-email', 'There is still time to choose and deliver a present'],
      ['/api/test/test-profile-completion', 'Complete your gift profiles'],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: as(admin),
        payload: { email: 'Tester@Example.com' },
      })
      expect(res.json()).toEqual({ success: true, message: 'Test email sent to tester@example.com' })
      const [mail] = await testDb.db
        .select()
        .from(emailLog)
        .where(eq(emailLog.toAddress, 'tester@example.com'))
        .orderBy(sql`${emailLog.id} desc`)
        .limit(1)
      expect(mail!.text).toContain(kindText)
      const empty = await app.inject({ method: 'POST', url, headers: as(admin), payload: { email: '' } })
      expect(empty.statusCode).toBe(400)
      expect(empty.json().message).toBe('Please enter an email address')
    }
  })
})

describe('the Agenda scheduler', () => {
  it('keeps a started job scheduled across restarts and removes it on stop', async () => {
    const caller = adminCaller()
    const first = await startTestScheduler({ processEvery: '1 hour' })
    await caller.jobs.setSchedule({ job: 'upcoming-events', schedule: '0 8 * * 1-5' })
    await caller.jobs.start({ job: 'upcoming-events' })
    await first.sync('upcoming-events')
    const scheduled = await testDb.db.execute<{ next_run_at: Date }>(
      sql`select next_run_at from agenda_jobs where name = 'upcoming-events'`,
    )
    await first.close()

    const second = await startTestScheduler({ processEvery: '1 hour' })
    try {
      const rows = await testDb.db.execute<{ name: string; repeat_interval: string; next_run_at: Date }>(
        sql`select name, repeat_interval, next_run_at from agenda_jobs where name = 'upcoming-events'`,
      )
      expect(rows.rows).toHaveLength(1)
      expect(rows.rows[0]!.repeat_interval).toBe('0 8 * * 1-5')
      expect(new Date(rows.rows[0]!.next_run_at).getTime()).toBeGreaterThan(Date.now())
      // The restart left the due run where it was.
      expect(new Date(rows.rows[0]!.next_run_at)).toEqual(new Date(scheduled.rows[0]!.next_run_at))
      expect((await caller.jobs.status({ job: 'upcoming-events' })).isRunning).toBe(true)

      await caller.jobs.stop({ job: 'upcoming-events' })
      await second.sync('upcoming-events')
      const after = await testDb.db.execute(sql`select 1 from agenda_jobs where name = 'upcoming-events'`)
      expect(after.rows).toHaveLength(0)
    } finally {
      await second.close()
    }
  })

  it('survives the database dropping its connections and schedules again once it is back', async () => {
    const caller = adminCaller()
    const scheduler = await startTestScheduler({ processEvery: '200 milliseconds' })
    try {
      // Let Agenda poll a few times, then drop its connections, as a restart or failover does.
      // Before the scheduler had a pool of ours, an idle connection of Agenda's pool failing ended
      // the process ("error" event without a listener; vitest fails the run on it), and with
      // LISTEN/NOTIFY on, close() below could hang.
      await new Promise((resolve) => setTimeout(resolve, 500))
      const dropped = await testDb.db.execute<{ count: number }>(
        sql`select count(*)::int as count from (select pg_terminate_backend(pid) from pg_stat_activity
            where application_name = ${SCHEDULER_APPLICATION_NAME}) terminated`,
      )
      expect(dropped.rows[0]!.count).toBeGreaterThan(0)
      // Still scheduling once it has noticed: a job started now reaches agenda_jobs through the
      // scheduler's pool (a call racing the dropped connections may fail once).
      await caller.jobs.setSchedule({ job: 'upcoming-events', schedule: '0 9 * * 1' })
      await caller.jobs.start({ job: 'upcoming-events' })
      await vi.waitFor(() => scheduler.sync('upcoming-events'), { timeout: 5_000, interval: 100 })
      const rows = await testDb.db.execute<{ repeat_interval: string }>(
        sql`select repeat_interval from agenda_jobs where name = 'upcoming-events'`,
      )
      expect(rows.rows).toEqual([{ repeat_interval: '0 9 * * 1' }])
      await caller.jobs.stop({ job: 'upcoming-events' })
      await scheduler.sync('upcoming-events')
    } finally {
      await scheduler.close()
    }
  })

  it('reports a start that cannot reach the database, and holds nothing open', async () => {
    // A database that is not there (a wrong password is no test: a trusting pg_hba accepts it).
    const missing = new URL(testDb.url)
    missing.pathname = '/presently_no_such_database'
    await expect(startTestScheduler({ databaseUrl: missing.toString() })).rejects.toThrow(
      /database "presently_no_such_database" does not exist/,
    )
    // The startup lock was given back: the next start goes through.
    const scheduler = await startTestScheduler()
    await scheduler.close()
  })

  it('finishes a run that a crash cut short when a worker starts again', async () => {
    await resetSends()
    await testDb.db.execute(sql`update job_settings set last_run_at = null, schedule = '0 8 * * 1'`)
    await setJobEnabled(testDb.db, 'profile-completion', true)
    // The crashed run had mailed alice (her key is taken) and not yet dave.
    const period = periodStart('0 8 * * 1', new Date()).toISOString()
    await testDb.db.insert(jobEmailSends).values({ job: 'profile-completion', userId: fixture.alice, period })
    const scheduler = await startTestScheduler({ processEvery: '1 second' })
    try {
      await vi.waitFor(
        async () => {
          const [settings] = await testDb.db
            .execute<{ last_run_at: Date | null }>(
              sql`select last_run_at from job_settings where name = 'profile-completion'`,
            )
            .then((r) => r.rows)
          expect(settings?.last_run_at).toBeTruthy()
        },
        { timeout: 20_000, interval: 200 },
      )
      const mails = await mailsOf('profile-completion')
      expect(mails.map((m) => m.to)).toEqual(['dave-jobs@example.com'])
    } finally {
      await scheduler.close()
      await setJobEnabled(testDb.db, 'profile-completion', false)
    }
  })
})
