import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { clickThroughs, eq, eventPeople, events, people, personSelections, users } from '@presently/db'
import { createCaller } from '../root.ts'
import { makeUser } from '../testing/fixtures.ts'
import { rejection } from '../testing/rejection.ts'

let t: TestDatabase
let alice: ReturnType<typeof createCaller>
let bob: ReturnType<typeof createCaller>
let anonymous: ReturnType<typeof createCaller>
let ref: Awaited<ReturnType<typeof loadReference>>

async function loadReference(caller: ReturnType<typeof createCaller>) {
  const [relationships, occasions, interests, intelligence, personality, giftPreferences] = await Promise.all([
    caller.reference.relationships(),
    caller.reference.occasions(),
    caller.reference.interests(),
    caller.reference.intelligence(),
    caller.reference.personality(),
    caller.reference.giftPreferences(),
  ])
  const by = <T extends { name?: string; label?: string; value?: string }>(list: T[], key: string) =>
    list.find((x) => x.name === key || x.label === key || x.value === key)!
  return {
    mother: by(relationships, 'Mother').id,
    friend: by(relationships, 'Friend').id,
    birthday: by(occasions, 'birthday').id,
    christmas: by(occasions, 'christmas').id,
    interests,
    intelligence,
    personality,
    giftPreferences,
  }
}

beforeAll(async () => {
  t = await createTestDatabase()
  alice = createCaller({ db: t.db, user: await makeUser(t.db, 'alice@example.com') })
  bob = createCaller({ db: t.db, user: await makeUser(t.db, 'bob@example.com') })
  anonymous = createCaller({ db: t.db, user: null })
  ref = await loadReference(anonymous)
})
afterAll(async () => t.close())

describe('reference data (spec account-area §3)', () => {
  it('answers the documented shapes to anyone', async () => {
    const occasions = await anonymous.reference.occasions()
    expect(occasions.find((o) => o.value === 'birthday')).toEqual({
      id: expect.any(Number),
      value: 'birthday',
      label: 'Birthday',
      name: 'Birthday',
      category: 'Main',
      cat_weight: expect.any(Number),
      occ_weight: expect.any(Number),
    })
    const [first] = ref.personality
    expect(first).toMatchObject({
      name: 'Gregariousness',
      options: [{ label: 'Loves a crowd' }, { label: 'Prefers small groups' }],
    })
    expect(ref.interests[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      category: expect.any(String),
      subcategory: expect.any(String),
      // Words people type for it (issue 26: "lego", "bak"); empty for most IAB interests.
      aliases: expect.any(Array),
    })
  })
})

describe('people', () => {
  it('creates a full profile, returns the documented shape with completeness and tier', async () => {
    const beadwork = ref.interests.find((i) => i.name === 'Beadwork')!
    const cricket = ref.interests.find((i) => i.name === 'Cricket')!
    const created = await alice.people.create({
      name: '  Mum ',
      relationshipId: ref.mother,
      dob: '1958-02-28',
      gender: 'female',
      orientation: 'straight',
      intelligenceSelections: ref.intelligence.map((c) => ({ categoryId: c.id, optionId: c.options[0]!.id })),
      personalitySelections: ref.personality.slice(0, 4).map((c) => ({ categoryId: c.id, optionId: c.options[1]!.id })),
      giftPreferenceSelections: [{ optionId: ref.giftPreferences[0]!.options[0]!.id }],
      interests: [
        { interestId: beadwork.id, is_primary: true },
        { interestId: cricket.id, is_primary: false },
      ],
      events: [{ date: '1958-02-28', occasionId: ref.birthday }],
    })
    expect(created).toMatchObject({
      name: 'Mum',
      relationshipId: ref.mother,
      relationship: { name: 'Mother', type: 'Family' },
      date_of_birth: '1958-02-28',
      dob: '1958-02-28',
      gender: 'female',
      interests: expect.arrayContaining([
        { interest: expect.objectContaining({ id: beadwork.id, name: 'Beadwork' }), is_primary: true },
      ]),
      events: [
        {
          id: expect.any(Number),
          name: null,
          date: '1958-02-28',
          occasionId: ref.birthday,
          occasion: { id: ref.birthday, label: 'Birthday' },
          people: [{ id: created.id, name: 'Mum' }],
        },
      ],
    })
    // 1 + 1 + 0.5 + 0.5 + 3 + 4 + 1 + (1 + 0.2) + 2 = 14.2 of 29 = 49 %: bronze on the list.
    expect(created.completeness).toBe(49)
    expect(created.tier).toBe('bronze')
    expect(await alice.people.byId({ id: created.id })).toEqual(created)
  })

  it('lists each person with the completeness, tier, interest count and events of their own profile', async () => {
    const carol = createCaller({ db: t.db, user: await makeUser(t.db, 'carol-list@example.com') })
    const [lifestyle, taste] = await Promise.all([anonymous.reference.lifestyle(), anonymous.reference.taste()])
    const first = (c: { id: number; options: { id: number }[] }) => ({ categoryId: c.id, optionId: c.options[0]!.id })
    const profiles = [
      { name: 'Bare', relationshipId: ref.friend },
      { name: 'Gendered', relationshipId: ref.friend, gender: 'male' },
      {
        // More categories than some groups' caps: the caps apply.
        name: 'Busy',
        relationshipId: ref.mother,
        orientation: 'straight',
        intelligenceSelections: ref.intelligence.map(first),
        lifestyleSelections: lifestyle.map(first),
        tasteSelections: taste.slice(0, 2).map(first),
        personalitySelections: ref.personality.map(first),
        giftPreferenceSelections: ref.giftPreferences
          .flatMap((g) => g.options.slice(0, 2))
          .map((o) => ({ optionId: o.id })),
        interests: ref.interests.slice(0, 9).map((i, n) => ({ interestId: i.id, is_primary: n === 0 })),
        events: [
          { date: '1990-05-01', occasionId: ref.birthday },
          { date: '2000-12-25', occasionId: ref.christmas },
          { date: '2001-06-30', occasionId: ref.birthday },
        ],
      },
      {
        name: 'Some',
        relationshipId: ref.mother,
        interests: [{ interestId: ref.interests[3]!.id, is_primary: false }],
      },
    ]
    const created = []
    for (const profile of profiles)
      created.push(await carol.people.create(profile as Parameters<typeof carol.people.create>[0]))
    const list = await carol.people.list()
    expect(list.map((p) => p.name)).toEqual([...created.map((p) => p.name)].sort((a, b) => a.localeCompare(b)))
    for (const person of created) {
      const own = await carol.people.byId({ id: person.id })
      expect(list.find((p) => p.id === person.id)).toEqual({
        id: own.id,
        name: own.name,
        relationshipId: own.relationshipId,
        relationship: own.relationship,
        date_of_birth: own.date_of_birth,
        events: own.events,
        interestCount: own.interestCount,
        completeness: own.completeness,
        tier: own.tier,
      })
    }
    // The busy profile is not bronze, the bare one is: the list spans tiers.
    expect(new Set(list.map((p) => p.tier)).size).toBeGreaterThan(1)
  })

  it('keeps each user to their own people: another user gets NOT_FOUND and changes nothing', async () => {
    const mine = await alice.people.create({ name: 'Secret friend', relationshipId: ref.friend })
    await expect(bob.people.byId({ id: mine.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Person not found',
    })
    await expect(bob.people.update({ id: mine.id, name: 'Hacked', relationshipId: ref.friend })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    await expect(bob.people.delete({ id: mine.id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(bob.events.forPerson({ personId: mine.id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(
      bob.events.create({ personId: mine.id, occasionId: ref.birthday, date: '2000-01-01' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect((await bob.people.list()).map((p) => p.id)).not.toContain(mine.id)
    expect((await alice.people.byId({ id: mine.id })).name).toBe('Secret friend')
    await expect(anonymous.people.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
  })

  it('refuses bad form values with the spec messages and stores nothing', async () => {
    const before = (await alice.people.list()).length
    const bad = { code: 'BAD_REQUEST' }
    expect(await rejection(alice.people.create({ name: '', relationshipId: ref.friend }))).toEqual({
      ...bad,
      message: 'Name is required',
    })
    expect(await rejection(alice.people.create({ name: 'X', relationshipId: 0 }))).toEqual({
      ...bad,
      message: 'Relationship is required',
    })
    expect(await rejection(alice.people.create({ name: 'X', relationshipId: 999_999 }))).toEqual({
      ...bad,
      message: 'Relationship is required',
    })
    // An option of another section, or another category, is refused.
    const wrong = { categoryId: ref.intelligence[0]!.id, optionId: ref.personality[0]!.options[0]!.id }
    expect(
      await rejection(alice.people.create({ name: 'X', relationshipId: ref.friend, intelligenceSelections: [wrong] })),
    ).toEqual({
      ...bad,
      message: 'That option is not available any more. Please choose again.',
    })
    expect(
      await rejection(
        alice.people.create({
          name: 'X',
          relationshipId: ref.friend,
          interests: [{ interestId: 2_000_000_000, is_primary: true }],
        }),
      ),
    ).toEqual({ ...bad, message: 'That interest is not available any more. Please choose again.' })
    expect(
      await rejection(
        alice.people.create({
          name: 'X',
          relationshipId: ref.friend,
          events: [{ date: '2000-13-01', occasionId: ref.birthday }],
        }),
      ),
    ).toEqual({ ...bad, message: 'Please enter a valid date' })
    // Ids past PostgreSQL's int4 are refused before any query.
    expect((await rejection(alice.people.byId({ id: 2 ** 31 }))).code).toBe('BAD_REQUEST')
    expect((await alice.people.list()).length).toBe(before)
  })

  it('replaces selections on update and keeps events', async () => {
    const person = await alice.people.create({
      name: 'Dad',
      relationshipId: ref.mother,
      personalitySelections: [{ categoryId: ref.personality[0]!.id, optionId: ref.personality[0]!.options[0]!.id }],
      events: [{ date: '1960-06-21', occasionId: ref.birthday }],
    })
    const updated = await alice.people.update({
      id: person.id,
      name: 'Dad',
      relationshipId: ref.mother,
      personalitySelections: [{ categoryId: ref.personality[1]!.id, optionId: ref.personality[1]!.options[1]!.id }],
    })
    expect(updated.personalitySelections).toEqual([
      { categoryId: ref.personality[1]!.id, optionId: ref.personality[1]!.options[1]!.id },
    ])
    expect(updated.events).toHaveLength(1)
  })

  it('deletes a person with their events and personal data; orders stay, without the person', async () => {
    const person = await alice.people.create({
      name: 'Gran',
      relationshipId: ref.mother,
      personalitySelections: [{ categoryId: ref.personality[0]!.id, optionId: ref.personality[0]!.options[0]!.id }],
      events: [
        { date: '1940-12-25', occasionId: ref.christmas },
        { date: '1940-03-01', occasionId: ref.birthday },
      ],
    })
    const aliceId = (await t.db.select().from(users).where(eq(users.email, 'alice@example.com')))[0]!.id
    const [order] = await t.db.insert(clickThroughs).values({ userId: aliceId, personId: person.id }).returning()
    await alice.people.delete({ id: person.id })
    await expect(alice.people.byId({ id: person.id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    const eventIds = person.events.map((e) => e.id)
    const left = await t.db.select().from(events).where(eq(events.userId, aliceId))
    expect(left.filter((e) => eventIds.includes(e.id))).toEqual([])
    expect(await t.db.select().from(personSelections).where(eq(personSelections.personId, person.id))).toEqual([])
    expect(await t.db.select().from(people).where(eq(people.id, person.id))).toEqual([])
    const [kept] = await t.db.select().from(clickThroughs).where(eq(clickThroughs.id, order!.id))
    expect(kept).toMatchObject({ personId: null })
  })
})

describe('events', () => {
  it('adds, lists by month and day, and deletes a person’s events; ownership is checked', async () => {
    const person = await alice.people.create({ name: 'Sis', relationshipId: ref.friend })
    const xmas = await alice.events.create({ personId: person.id, occasionId: ref.christmas, date: '2026-12-25' })
    const leap = await alice.events.create({
      personId: person.id,
      occasionId: ref.birthday,
      date: '2000-02-29',
      name: 'Leap day',
    })
    expect(leap).toMatchObject({
      name: 'Leap day',
      date: '2000-02-29',
      occasion: { label: 'Birthday' },
      people: [{ id: person.id, name: 'Sis' }],
    })
    expect((await alice.events.forPerson({ personId: person.id })).map((e) => e.id)).toEqual([leap.id, xmas.id])
    const all = await alice.events.list()
    expect(all.map((e) => e.id)).toEqual(expect.arrayContaining([leap.id, xmas.id]))
    expect(await bob.events.list()).toEqual([])

    // Bob cannot delete Alice's event, even naming a person of his own.
    const bobs = await bob.people.create({ name: 'Bob mate', relationshipId: ref.friend })
    await expect(bob.events.delete({ personId: bobs.id, eventId: xmas.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    await expect(bob.events.delete({ personId: person.id, eventId: xmas.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    // Nor attach an event to Alice's person.
    await expect(
      bob.events.create({ personId: person.id, occasionId: ref.birthday, date: '2000-01-01' }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })

    await alice.events.delete({ personId: person.id, eventId: xmas.id })
    expect((await alice.events.forPerson({ personId: person.id })).map((e) => e.id)).toEqual([leap.id])
    expect(await t.db.select().from(eventPeople).where(eq(eventPeople.eventId, xmas.id))).toEqual([])
    await expect(alice.events.delete({ personId: person.id, eventId: xmas.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Event not found',
    })
  })

  it('refuses an unknown occasion and a bad date', async () => {
    const person = await alice.people.create({ name: 'Pal', relationshipId: ref.friend })
    const create = (occasionId: number, date: string) => alice.events.create({ personId: person.id, occasionId, date })
    expect(await rejection(create(123_456, '2026-01-01'))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Please select an occasion',
    })
    expect(await rejection(create(0, '2026-01-01'))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Please select an occasion',
    })
    expect(await rejection(create(ref.birthday, ''))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Event date is required',
    })
    expect(await rejection(create(ref.birthday, '2026-02-30'))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Please enter a valid date',
    })
  })

  it('refuses year 0, which PostgreSQL cannot store, naming the field (issue 25)', async () => {
    const person = await alice.people.create({ name: 'Year Zero', relationshipId: ref.friend })
    const outOfRange = { code: 'BAD_REQUEST', message: 'date must be a date from 0001-01-01 to 9999-12-31' }
    expect(
      await rejection(alice.events.create({ personId: person.id, occasionId: ref.birthday, date: '0000-01-01' })),
    ).toEqual(outOfRange)
    expect(
      await rejection(
        alice.people.create({
          name: 'Year Zero 2',
          relationshipId: ref.friend,
          events: [{ date: '0000-02-29', occasionId: ref.birthday }],
        }),
      ),
    ).toEqual(outOfRange)
    // The first and last storable days are stored and read back as given.
    for (const date of ['0001-01-01', '9999-12-31', '0099-06-15']) {
      const event = await alice.events.create({ personId: person.id, occasionId: ref.birthday, date })
      expect(event.date).toBe(date)
    }
  })
})

describe('a date of birth is a birthday (issue 26)', () => {
  it('adds a yearly Birthday event on create unless birthdayEvent is false or one is sent', async () => {
    const withDob = await alice.people.create({ name: 'Gran', relationshipId: ref.mother, dob: '1946-12-08' })
    expect(withDob.events).toEqual([
      expect.objectContaining({
        date: '1946-12-08',
        occasionId: ref.birthday,
        people: [{ id: withDob.id, name: 'Gran' }],
      }),
    ])
    const declined = await alice.people.create({
      name: 'Aunt',
      relationshipId: ref.mother,
      dob: '1970-03-02',
      birthdayEvent: false,
    })
    expect(declined.events).toEqual([])
    const sent = await alice.people.create({
      name: 'Uncle',
      relationshipId: ref.mother,
      dob: '1971-04-03',
      events: [{ date: '1971-04-04', occasionId: ref.birthday }],
    })
    expect(sent.events.map((e) => e.date)).toEqual(['1971-04-04'])
    const noDob = await alice.people.create({ name: 'Pal', relationshipId: ref.friend })
    expect(noDob.events).toEqual([])
  })

  it('adds one on update only when asked, and never a second', async () => {
    const person = await alice.people.create({ name: 'Cousin', relationshipId: ref.friend })
    const values = { name: 'Cousin', relationshipId: ref.friend, dob: '1990-05-06' }
    expect((await alice.people.update({ id: person.id, ...values })).events).toEqual([])
    const asked = await alice.people.update({ id: person.id, ...values, birthdayEvent: true })
    expect(asked.events.map((e) => [e.date, e.occasionId])).toEqual([['1990-05-06', ref.birthday]])
    const again = await alice.people.update({ id: person.id, ...values, birthdayEvent: true })
    expect(again.events).toHaveLength(1)
  })

  it('refuses a birthdayEvent that is not a boolean', async () => {
    await expect(
      alice.people.create({ name: 'X', relationshipId: ref.friend, birthdayEvent: 'yes' as unknown as boolean }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('birthdayEvent') })
  })
})
