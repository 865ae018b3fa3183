import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import ICAL from 'ical.js'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { users } from '@presently/db'
import { createCaller } from '../../root.ts'
import { renderCalendarFeed } from './calendar-feed.ts'

let t: TestDatabase
const APP_URL = 'https://presently.example'

async function userCaller(email: string) {
  const [row] = await t.db.insert(users).values({ email, emailConfirmedAt: new Date() }).returning()
  return createCaller({ db: t.db, user: { id: row!.id, email, isStaff: false, isAdmin: false } })
}

const tokenOf = (url: string) => /\/api\/calendar\/([a-z2-7]{32})\.ics$/.exec(url)![1]!

beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => t.close())

describe('private calendar feed', () => {
  it('is valid iCalendar with each yearly event of this user only, titled and linked', async () => {
    const alice = await userCaller('cal-alice@example.com')
    const bob = await userCaller('cal-bob@example.com')
    const occasions = await alice.reference.occasions()
    const birthday = occasions.find((o) => o.value === 'birthday')!
    const anniversary = occasions.find((o) => o.value === 'anniversary')!
    const relationships = await alice.reference.relationships()
    const mum = await alice.people.create({
      name: 'Mum',
      relationshipId: relationships[0]!.id,
      events: [
        { date: '1958-03-21', occasionId: birthday.id },
        { date: '1980-02-29', occasionId: anniversary.id, name: 'Leap day wedding' },
      ],
    })
    await bob.people.create({
      name: 'Bob secret',
      relationshipId: relationships[0]!.id,
      events: [{ date: '1990-05-05', occasionId: birthday.id }],
    })

    expect(await alice.events.calendarLink()).toEqual({ hasLink: false })
    const { url } = await alice.events.resetCalendarLink()
    expect(await alice.events.calendarLink()).toEqual({ hasLink: true })
    const feed = await renderCalendarFeed(t.db, tokenOf(url), APP_URL)

    const calendar = new ICAL.Component(ICAL.parse(feed))
    expect(calendar.name).toBe('vcalendar')
    const events = calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c))
    expect(events.map((e) => e.summary).sort()).toEqual(["Mum's Anniversary: Leap day wedding", "Mum's Birthday"])
    expect(feed).not.toContain('Bob secret')

    const birthdayEvent = events.find((e) => e.summary === "Mum's Birthday")!
    expect(birthdayEvent.startDate.isDate).toBe(true)
    const next = birthdayEvent.iterator()
    expect([next.next().toString(), next.next().toString()]).toEqual(['1958-03-21', '1959-03-21'])
    const [link] = calendar
      .getAllSubcomponents('vevent')
      .map((c) => c.getFirstPropertyValue('url'))
      .filter((u) => String(u).includes(`occasion=${birthday.id}`))
    expect(link).toBe(`${APP_URL}/?person=${mum.id}&occasion=${birthday.id}`)

    // 29 February: the last day of February every year.
    const leap = events.find((e) => e.summary.startsWith("Mum's Anniversary"))!.iterator()
    const dates = Array.from({ length: 5 }, () => leap.next().toString())
    expect(dates).toEqual(['1980-02-29', '1981-02-28', '1982-02-28', '1983-02-28', '1984-02-29'])
  })

  it('starts an event dated before year 100 in its own year, not in 19xx (issue 25)', async () => {
    const carol = await userCaller('cal-early@example.com')
    const birthday = (await carol.reference.occasions()).find((o) => o.value === 'birthday')!
    const relationships = await carol.reference.relationships()
    await carol.people.create({
      name: 'Early',
      relationshipId: relationships[0]!.id,
      events: [
        { date: '0050-07-04', occasionId: birthday.id },
        { date: '0001-01-01', occasionId: birthday.id, name: 'first' },
      ],
    })
    const { url } = await carol.events.resetCalendarLink()
    const feed = await renderCalendarFeed(t.db, tokenOf(url), APP_URL)
    expect(feed).toContain('DTSTART;VALUE=DATE:00500704')
    expect(feed).toContain('DTSTART;VALUE=DATE:00010101')
    expect(feed).not.toMatch(/DTSTART;VALUE=DATE:19/)
    const calendar = new ICAL.Component(ICAL.parse(feed))
    const starts = calendar
      .getAllSubcomponents('vevent')
      .map((c) => new ICAL.Event(c).startDate)
      .map((d) => [d.year, d.month, d.day])
      .sort((x, y) => x[0]! - y[0]!)
    expect(starts).toEqual([
      [1, 1, 1],
      [50, 7, 4],
    ])
  })

  it('stops answering an old link once it is reset, and a made-up one', async () => {
    const carol = await userCaller('cal-carol@example.com')
    const first = tokenOf((await carol.events.resetCalendarLink()).url)
    const second = tokenOf((await carol.events.resetCalendarLink()).url)
    await expect(renderCalendarFeed(t.db, first, APP_URL)).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(renderCalendarFeed(t.db, second, APP_URL)).resolves.toContain('BEGIN:VCALENDAR')
    await expect(renderCalendarFeed(t.db, 'a'.repeat(32), APP_URL)).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(renderCalendarFeed(t.db, '../../etc/passwd', APP_URL)).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await carol.events.removeCalendarLink()
    await expect(renderCalendarFeed(t.db, second, APP_URL)).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})
