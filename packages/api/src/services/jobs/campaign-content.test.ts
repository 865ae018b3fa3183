import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import {
  eventPeople,
  events,
  giftPreferenceOptions,
  interests,
  occasions,
  optionCategories,
  options,
  people,
  personGiftPreferences,
  personInterests,
  personSelections,
  relationships,
  users,
} from '@presently/db'
import { incompletePeopleByUser, incompletePeopleOf } from './campaign-content.ts'

let testDb: TestDatabase
const appUrl = 'https://presently.example'

beforeAll(async () => {
  testDb = await createTestDatabase()
})
afterAll(async () => {
  await testDb?.close()
})

it('rates a batch of users as the person page does (spec account-area §9), leaving Gold people out', async () => {
  const db = testDb.db
  const [relationship] = await db.select().from(relationships).limit(1)
  const [occasion] = await db.select().from(occasions).limit(1)
  const categories = await db.select().from(optionCategories)
  const allOptions = await db.select().from(options)
  const [gift] = await db.select().from(giftPreferenceOptions).limit(1)
  const someInterests = await db.select().from(interests).limit(3)
  const userIds: number[] = []
  for (let u = 0; u < 3; u++) {
    const [user] = await db
      .insert(users)
      .values({ email: `batch-${u}@example.com`, emailConfirmedAt: new Date() })
      .returning()
    userIds.push(user!.id)
    for (let p = 0; p < 3; p++) {
      // Person p of user u fills more of the profile the higher u + p is; (2, 2) fills it all.
      const level = u + p
      const [person] = await db
        .insert(people)
        .values({
          userId: user!.id,
          name: `P${u}${p}`,
          relationshipId: level > 0 ? relationship!.id : null,
          gender: level > 1 ? 'female' : null,
          orientation: level > 2 ? 'straight' : null,
        })
        .returning()
      const share = level >= 4 ? categories.length : Math.floor((categories.length * level) / 5)
      for (const category of categories.slice(0, share)) {
        const option = allOptions.find((o) => o.categoryId === category.id)
        if (option)
          await db
            .insert(personSelections)
            .values({ personId: person!.id, categoryId: category.id, optionId: option.id })
      }
      if (level > 1) await db.insert(personGiftPreferences).values({ personId: person!.id, optionId: gift!.id })
      for (const interest of someInterests.slice(0, level)) {
        await db.insert(personInterests).values({ personId: person!.id, interestId: interest.id })
      }
      for (let e = 0; e < Math.min(level, 3); e++) {
        const [event] = await db
          .insert(events)
          .values({ userId: user!.id, date: `1990-0${e + 1}-15`, occasionId: occasion!.id })
          .returning()
        await db.insert(eventPeople).values({ eventId: event!.id, personId: person!.id })
      }
    }
  }
  const batched = await incompletePeopleByUser(db, userIds, appUrl)
  let listed = 0
  for (const userId of userIds) {
    const one = await incompletePeopleOf(db, userId, appUrl)
    expect(batched.get(userId) ?? []).toEqual(one)
    listed += one.length
  }
  // Some people are below Gold and at least one (the fullest) is Gold and left out.
  expect(listed).toBeGreaterThan(0)
  expect(listed).toBeLessThan(9)
})
