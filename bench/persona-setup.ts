import {
  clickThroughs,
  GIFT_INTEREST_CATEGORY,
  ilike,
  productLikeAssociations,
  productLikes,
  products,
  users,
  type Db,
} from '@presently/db'
import {
  createPerson,
  listGiftPreferenceGroups,
  listInterests,
  listOccasions,
  listOptionCategories,
  listRelationships,
  personInput,
  startSession,
} from '@presently/api'
import { ukToday } from '@presently/domain'
import { importCatalog, seedCatalogFile, seedDescriptionsFile } from '@presently/db/import'
import { buildApp } from '../apps/server/src/app.ts'
import type { Persona } from './personas.ts'

/**
 * Setting up the personas of the recommendation benchmark (personas.ts) as people of a user, with
 * their likes and past orders, through the shop's own services.
 */

export type Reference = Awaited<ReturnType<typeof loadReference>>

export async function loadReference(db: Db) {
  const [relationships, occasionList, interests, giftGroups, ...optionKinds] = await Promise.all([
    listRelationships(db),
    listOccasions(db),
    listInterests(db),
    listGiftPreferenceGroups(db),
    ...(['intelligence', 'lifestyle', 'taste', 'personality'] as const).map((kind) => listOptionCategories(db, kind)),
  ])
  const one = <T>(list: T[], found: (x: T) => boolean, what: string): T => {
    const matches = list.filter(found)
    if (matches.length !== 1) throw new Error(`${what}: ${matches.length} matches`)
    return matches[0]!
  }
  return {
    relationship: (name: string) => one(relationships, (r) => r.name === name, `relationship ${name}`).id,
    occasion: (label: string) => one(occasionList, (o) => o.label === label, `occasion ${label}`),
    // A name in both the IAB list and the shop's own "Popular Gift Interests" (Gardening,
    // Cooking: docs/decisions/gift-interests.md) means the shop's, as the profile form's search
    // offers it first.
    interest: (name: string) => {
      const named = interests.filter((i) => i.name === name)
      const own = named.filter((i) => i.category === GIFT_INTEREST_CATEGORY)
      return one(own.length ? own : named, () => true, `interest ${name}`).id
    },
    option: (label: string) => {
      for (const categories of optionKinds) {
        for (const category of categories) {
          const option = category.options.find((o) => o.label === label)
          if (option) return { kind: category, categoryId: category.id, optionId: option.id }
        }
      }
      throw new Error(`option ${label}: no match`)
    },
    gift: (label: string) =>
      one(
        giftGroups.flatMap((g) => g.options),
        (o) => o.label === label,
        `gift ${label}`,
      ).id,
    optionKinds,
  }
}

/** A date of birth that makes `age` today (UK), a little past the last birthday. */
export function dobFor(age: number): string {
  const today = new Date(`${ukToday()}T12:00:00Z`)
  const dob = new Date(
    Date.UTC(today.getUTCFullYear() - age, today.getUTCMonth(), today.getUTCDate()) - 40 * 86_400_000,
  )
  return dob.toISOString().slice(0, 10)
}

export async function addPersona(db: Db, userId: number, ref: Reference, persona: Persona): Promise<number> {
  const selections = (persona.options ?? []).map((label) => ref.option(label))
  const pick = (kindIndex: number) =>
    selections
      .filter((s) => ref.optionKinds[kindIndex]!.some((c) => c.id === s.categoryId))
      .map((s) => ({ categoryId: s.categoryId, optionId: s.optionId }))
  const occasion = ref.occasion(persona.occasion)
  const dob = persona.age === undefined ? null : dobFor(persona.age)
  const input = personInput.parse({
    name: persona.name,
    relationshipId: ref.relationship(persona.relationship),
    dob,
    gender: persona.gender ?? null,
    orientation: persona.orientation ?? null,
    intelligenceSelections: pick(0),
    lifestyleSelections: pick(1),
    tasteSelections: pick(2),
    personalitySelections: pick(3),
    giftPreferenceSelections: (persona.gifts ?? []).map((label) => ({ optionId: ref.gift(label) })),
    interests: [
      ...(persona.loves ?? []).map((name) => ({ interestId: ref.interest(name), is_primary: true })),
      ...(persona.likes ?? []).map((name) => ({ interestId: ref.interest(name), is_primary: false })),
    ],
    events: persona.event ? [{ occasionId: occasion.id, date: dob ?? `${ukToday().slice(0, 4)}-12-25` }] : [],
  })
  const person = await createPerson(db, userId, input)
  const product = async (phrase: string) => {
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(ilike(products.title, `%${phrase}%`))
      .limit(1)
    if (!row) throw new Error(`no product like "${phrase}"`)
    return row.id
  }
  if (persona.liked) {
    const [like] = await db
      .insert(productLikes)
      .values({ userId, productId: await product(persona.liked) })
      .onConflictDoNothing()
      .returning()
    if (like)
      await db
        .insert(productLikeAssociations)
        .values({ productLikeId: like.id, personId: person.id, occasionId: occasion.id })
  }
  if (persona.bought) {
    await db.insert(clickThroughs).values({
      userId,
      productId: await product(persona.bought),
      personId: person.id,
      occasionId: occasion.id,
      createdAt: new Date(Date.now() - 330 * 86_400_000),
    })
  }
  return person.id
}

export async function signedIn(db: Db, email: string): Promise<{ id: number; cookie: string }> {
  const [user] = await db.insert(users).values({ email, emailConfirmedAt: new Date() }).returning()
  const { token } = await startSession(db, user!.id)
  return { id: user!.id, cookie: `session=${token}` }
}

/**
 * The shop a persona benchmark runs against (bench:recommendations, bench:picks): the shipped
 * catalog with its descriptions imported into `db`, the reference ids, and the app listening on
 * 127.0.0.1:`port` (silent log, no built SPA). The caller closes `app`.
 */
export async function startPersonaShop(db: Db, port: number) {
  const imported = await importCatalog(db, { file: seedCatalogFile, descriptionsFile: seedDescriptionsFile })
  console.log(`  catalog: ${imported.imported} products`)
  const ref = await loadReference(db)
  const app = await buildApp({
    env: { APP_URL: 'http://localhost', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' },
    db,
    logger: false,
  })
  const base = await app.listen({ port, host: '127.0.0.1' })
  return { app, base, ref }
}
