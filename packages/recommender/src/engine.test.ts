import { describe, expect, it } from 'vitest'
import { recommend } from './engine.ts'
import { RELATIONSHIP_ROLES } from './data/relationships.ts'
import { OCCASIONS, profile, testCatalog, TODAY } from './testing/catalog.ts'
import type { OccasionInput, ProfileInput, RecommendResult } from './types.ts'

const model = testCatalog()

function run(p: ProfileInput, occasion: OccasionInput = OCCASIONS.christmas, count = 3): RecommendResult {
  return recommend(p, occasion, model, { count, today: TODAY, explainCandidates: 1000 })
}
const paths = (r: RecommendResult) => r.recommendations.map((x) => x.path)
const score = (r: RecommendResult, path: string) => r.candidates.find((c) => c.path === path)?.score ?? 0
const rank = (r: RecommendResult, path: string) => r.candidates.findIndex((c) => c.path === path)
const within = (path: string, branch: string) => path === branch || path.startsWith(`${branch}::`)

const TRAINS = 'Hobbies::Model Trains & Railway Sets'
const modelToys = (love: boolean) => ({
  name: 'Model Toys',
  love,
  targets: [
    { path: 'Hobbies::Model Building Kits', weight: 1 },
    { path: TRAINS, weight: 0.8 },
  ],
})
const cardGames = (love: boolean) => ({ name: 'Card Games', love, targets: [{ path: 'Games::Card Games', weight: 1 }] })

describe('the answer', () => {
  it('has the documented parts: a listing URL, a whole-percent confidence, reasoning and up to three price bands', () => {
    const r = run(profile({ dateOfBirth: '2016-05-01', interests: [modelToys(true)], completeness: 40 }))
    expect(r.recommendations).toHaveLength(3)
    for (const rec of r.recommendations) {
      expect(rec.categoryUrl).toMatch(/^\/category\/[a-z0-9%'(),.-]+(\/[a-z0-9%'(),.-]+){0,3}$/)
      expect(Number.isInteger(rec.confidence)).toBe(true)
      expect(rec.confidence).toBeGreaterThan(0)
      expect(rec.confidence).toBeLessThanOrEqual(100)
      expect(rec.specificProducts.length).toBeGreaterThan(0)
      expect(rec.specificProducts.length).toBeLessThanOrEqual(3)
      for (const band of rec.specificProducts) {
        expect(band.priceRange).toMatch(/^£[\d,]+\.\d\d( to £[\d,]+\.\d\d)?$/)
        expect(band.tags.length).toBeGreaterThan(0)
      }
      // One or two sentences.
      expect(rec.reasoning.split(/(?<=\.)\s+(?=[A-Z])/).length).toBeLessThanOrEqual(2)
    }
  })

  it('names the real signals in plain en-GB: the loved interest, the age and the occasion', () => {
    const r = run(profile({ dateOfBirth: '2016-05-01', interests: [modelToys(true)], completeness: 40 }))
    const top = r.recommendations.find((x) => within(x.path, 'Hobbies'))!
    expect(top.reasoning).toContain('Sam loves model toys')
    expect(top.reasoning).toContain('is 9')
    expect(top.reasoning).toMatch(/Christmas/)
  })

  it('lists the signal families behind each answer, strongest first, as confidence counts them', () => {
    const r = run(profile({ dateOfBirth: '2016-05-01', interests: [modelToys(true)], completeness: 40 }))
    const top = r.recommendations.find((x) => within(x.path, 'Hobbies'))!
    expect(top.signals[0]).toBe('interest')
    expect(top.signals).toContain('age')
    for (const rec of r.recommendations) {
      expect(new Set(rec.signals).size).toBe(rec.signals.length)
      // popularity is a prior, never evidence about the person.
      expect(rec.signals).not.toContain('popularity')
    }
    const nameOnly = run(profile({}))
    for (const rec of nameOnly.recommendations) expect(rec.signals).not.toContain('interest')
  })

  it('says "turns" with the age at the next birthday for a birthday', () => {
    const r = run(profile({ dateOfBirth: '2016-05-01', interests: [modelToys(true)] }), OCCASIONS.birthday)
    expect(r.profile.age).toBe(10)
    expect(r.recommendations[0]!.reasoning).toContain('turns 10')
  })

  it('gives fewer answers, never made-up ones, when the catalog has few categories', () => {
    const empty = recommend(
      profile(),
      OCCASIONS.christmas,
      { version: 'x', nodes: new Map(), candidates: [] },
      {
        count: 3,
        today: TODAY,
      },
    )
    expect(empty.recommendations).toEqual([])
  })
})

describe('each signal moves the answer the right way', () => {
  const base = profile({ dateOfBirth: '1985-01-01' })
  const before = run(base, OCCASIONS.justBecause, 10)

  it('an interest lifts its mapped categories to the top', () => {
    const r = run({ ...base, interests: [cardGames(false)] }, OCCASIONS.justBecause)
    expect(r.recommendations[0]!.path).toBe('Games::Card Games')
    expect(score(r, 'Games::Card Games')).toBeGreaterThan(score(before, 'Games::Card Games'))
  })

  it('Love counts more than Like, in the score and in the confidence', () => {
    const love = run({ ...base, interests: [cardGames(true)] }, OCCASIONS.justBecause)
    const like = run({ ...base, interests: [cardGames(false)] }, OCCASIONS.justBecause)
    expect(score(love, 'Games::Card Games')).toBeGreaterThan(score(like, 'Games::Card Games'))
    expect(love.recommendations[0]!.confidence).toBeGreaterThan(like.recommendations[0]!.confidence)
    expect(love.recommendations[0]!.reasoning).toContain('loves card games')
    expect(like.recommendations[0]!.reasoning).toContain('likes card games')
  })

  it('a product the user liked for this person and occasion lifts its category, and says so', () => {
    const liked = {
      ...base,
      likes: [{ path: 'Arts & Crafts::Painting By Numbers', title: 'Reeves kit', forPerson: true, forOccasion: true }],
    }
    const r = run(liked, OCCASIONS.justBecause)
    expect(score(r, 'Arts & Crafts::Painting By Numbers')).toBeGreaterThan(
      score(before, 'Arts & Crafts::Painting By Numbers'),
    )
    const answer = r.recommendations.find((x) => x.path === 'Arts & Crafts::Painting By Numbers')!
    expect(answer.reasoning).toMatch(/you liked a product in this range/i)
  })

  it('a like for this person counts more than one only for the occasion', () => {
    const like = (forPerson: boolean, forOccasion: boolean) =>
      run(
        { ...base, likes: [{ path: 'Games::Chess', title: 'Chess set', forPerson, forOccasion }] },
        OCCASIONS.justBecause,
      )
    expect(score(like(true, true), 'Games::Chess')).toBeGreaterThan(score(like(true, false), 'Games::Chess'))
    expect(score(like(true, false), 'Games::Chess')).toBeGreaterThan(score(like(false, true), 'Games::Chess'))
  })

  it('a past order for another occasion lifts that range', () => {
    const r = run(
      {
        ...base,
        orders: [{ path: 'Games::Chess', title: 'Chess set', occasionId: OCCASIONS.birthday.id, date: '2025-03-01' }],
      },
      OCCASIONS.justBecause,
    )
    expect(score(r, 'Games::Chess')).toBeGreaterThan(score(before, 'Games::Chess'))
  })

  it('a relationship steers gently: a colleague gets office and novelty ideas', () => {
    const r = run(profile({ relationship: { name: 'Colleague', type: 'Work' } }), OCCASIONS.leaving)
    expect(paths(r).some((p) => within(p, 'Office Supplies'))).toBe(true)
    expect(paths(r).some((p) => within(p, 'Gifts & Cards'))).toBe(true)
    expect(r.recommendations.some((x) => x.reasoning.includes('A good fit for a colleague like Sam'))).toBe(true)
  })

  it('a gender the profile gives counts; none given counts nothing', () => {
    const male = run({ ...base, gender: 'male' }, OCCASIONS.justBecause, 10)
    const female = run({ ...base, gender: 'female' }, OCCASIONS.justBecause, 10)
    const T_SHIRTS = 'Men'
    expect(score(male, T_SHIRTS)).toBeGreaterThan(score(before, T_SHIRTS))
    expect(score(female, T_SHIRTS)).toBeLessThan(score(before, T_SHIRTS))
    expect(before.candidates.every((c) => c.signals.gender === undefined)).toBe(true)
  })

  it('profile options steer: a collector gets collectibles, a word-smart person quizzes', () => {
    const collector = run(
      { ...base, selections: [{ kind: 'lifestyle', category: 'Belongings', option: 'Collector' }] },
      OCCASIONS.justBecause,
    )
    expect(rank(collector, 'Hobbies::Collectible Figures & Memorabilia')).toBeLessThan(
      rank(before, 'Hobbies::Collectible Figures & Memorabilia'),
    )
    const words = run(
      { ...base, selections: [{ kind: 'intelligence', category: 'Words or numbers', option: 'Word smart' }] },
      OCCASIONS.justBecause,
    )
    expect(words.recommendations[0]!.path).toBe('Games::Trivia & Quiz Games')
    expect(words.recommendations[0]!.reasoning).toContain('loves words')
  })

  it('a minimalist pushes ornaments away', () => {
    const minimalist = run(
      { ...base, selections: [{ kind: 'lifestyle', category: 'Belongings', option: 'Minimalist' }] },
      OCCASIONS.justBecause,
      10,
    )
    const BOBBLEHEADS = 'Hobbies::Collectible Figures & Memorabilia'
    expect(score(minimalist, BOBBLEHEADS)).toBeLessThan(score(before, BOBBLEHEADS))
  })

  it('a kind of gift steers: consumables bring food and drink up', () => {
    const r = run(
      { ...base, giftPreferences: [{ group: 'Kind of gift', option: 'Consumables' }] },
      OCCASIONS.justBecause,
    )
    expect(r.recommendations[0]!.path).toBe('Food & Drink')
  })

  it('a budget keeps the answers and their price bands within it', () => {
    const r = run({ ...base, giftPreferences: [{ group: 'Budget', option: 'Under £20' }] }, OCCASIONS.christmas)
    for (const rec of r.recommendations) {
      for (const band of rec.specificProducts) {
        const prices = [...band.priceRange.matchAll(/£([\d,]+\.\d\d)/g)].map((m) => Number(m[1]!.replace(/,/g, '')))
        expect(Math.max(...prices)).toBeLessThan(20)
      }
      expect(rec.reasoning).toContain('within the under £20 budget')
    }
  })

  it('"Please avoid" removes what it names', () => {
    const r = run(
      { ...base, giftPreferences: [{ group: 'Please avoid', option: 'Food and drink' }] },
      OCCASIONS.justBecause,
      10,
    )
    expect(paths(r).some((p) => within(p, 'Food & Drink'))).toBe(false)
    expect(r.candidates.find((c) => c.path === 'Food & Drink')?.excluded).toMatch(/avoid/)
    const alcohol = run(
      { ...base, giftPreferences: [{ group: 'Please avoid', option: 'Alcohol' }] },
      OCCASIONS.justBecause,
      10,
    )
    expect(alcohol.candidates.find((c) => c.path === 'Games::Drinking Games')?.excluded).toMatch(/avoid/)
  })

  it("the occasion steers by its own weight and its promo: New Baby means baby toys even for an adult's present", () => {
    const r = run(
      profile({ dateOfBirth: '1990-01-01', relationship: { name: 'Friend', type: 'Friend' } }),
      OCCASIONS.newBaby,
    )
    expect(within(r.recommendations[0]!.path, 'Baby & Toddler Toys')).toBe(true)
    expect(r.profile.ageSource).toBe('occasion')
    // The promo's share counts: Christmas lifts the categories its promo holds.
    const christmas = run(base, OCCASIONS.christmas, 10)
    expect(christmas.candidates.find((c) => c.path === 'Games::Card Games')?.signals.promo).toBeGreaterThan(0)
    expect(before.candidates.find((c) => c.path === 'Games::Card Games')?.signals.promo).toBeUndefined()
  })

  it("cat_weight scales the person's signals and occ_weight the occasion's", () => {
    const p = { ...base, interests: [cardGames(true)] }
    const heavy = run(p, { ...OCCASIONS.christmas, catWeight: 2 }, 10)
    const light = run(p, { ...OCCASIONS.christmas, catWeight: 0.5 }, 10)
    const interestOf = (r: RecommendResult) =>
      r.candidates.find((c) => c.path === 'Games::Card Games')!.signals.interest!
    expect(interestOf(heavy)).toBeCloseTo(4 * interestOf(light))
    const occasionOf = (r: RecommendResult) =>
      r.candidates.find((c) => c.path === 'Jigsaws & Puzzles::Jigsaws')!.signals.occasion!
    expect(occasionOf(run(base, { ...OCCASIONS.christmas, occWeight: 2 }, 10))).toBeCloseTo(
      2 * occasionOf(run(base, { ...OCCASIONS.christmas, occWeight: 1 }, 10)),
    )
  })
})

describe('age', () => {
  it('a toddler gets toddler categories; an adult never gets baby toys', () => {
    const toddler = run(profile({ dateOfBirth: '2023-06-01' }))
    expect(toddler.profile.ageBand).toBe('toddler')
    expect(paths(toddler).some((p) => within(p, 'Baby & Toddler Toys'))).toBe(true)
    const adult = run(profile({ dateOfBirth: '1980-06-01' }), OCCASIONS.christmas, 10)
    expect(paths(adult).some((p) => within(p, 'Baby & Toddler Toys'))).toBe(false)
    expect(adult.candidates.find((c) => c.path === 'Baby & Toddler Toys')?.excluded).toMatch(/^age/)
    expect(paths(toddler).some((p) => within(p, 'Games::Drinking Games'))).toBe(false)
  })

  it('the same interest answers a child and an adult differently', () => {
    const interests = [
      {
        name: 'Games and Puzzles',
        love: true,
        targets: [
          { path: 'Games', weight: 0.9 },
          { path: 'Jigsaws & Puzzles', weight: 0.9 },
        ],
      },
    ]
    const child = run(profile({ dateOfBirth: '2018-01-01', interests }), OCCASIONS.christmas, 10)
    const adult = run(profile({ dateOfBirth: '1970-01-01', interests }), OCCASIONS.christmas, 10)
    expect(child.candidates.find((c) => c.path === 'Games::Drinking Games')?.excluded).toMatch(/^age/)
    expect(adult.candidates.find((c) => c.path === 'Games::Drinking Games')?.excluded).toBeUndefined()
  })

  it('without a date of birth, a relationship only suggests an age, and never shows one', () => {
    const colleague = run(profile({ relationship: { name: 'Colleague', type: 'Work' } }), OCCASIONS.christmas, 10)
    expect(colleague.profile.age).toBeNull()
    expect(paths(colleague).some((p) => within(p, 'Baby & Toddler Toys'))).toBe(false)
    for (const rec of colleague.recommendations) expect(rec.reasoning).not.toMatch(/\bis \d+/)
  })
})

describe('gender is never taken from the relationship', () => {
  it('Mother and Father (Son and Daughter, ...) with the same profile get the same answer', () => {
    for (const [a, b] of [
      ['Mother', 'Father'],
      ['Son', 'Daughter'],
      ['Wife', 'Husband'],
      ['Grandmother', 'Grandfather'],
      ['Aunt', 'Uncle'],
      ['Niece', 'Nephew'],
      ['Sister', 'Brother'],
      ['Girlfriend', 'Boyfriend'],
    ] as const) {
      expect(RELATIONSHIP_ROLES[a]).toBe(RELATIONSHIP_ROLES[b])
      const answer = (name: string) =>
        run(profile({ relationship: { name, type: 'Family' }, interests: [cardGames(false)] }), OCCASIONS.christmas, 5)
      expect(answer(a).recommendations.map((r) => [r.path, r.confidence])).toEqual(
        answer(b).recommendations.map((r) => [r.path, r.confidence]),
      )
      expect(answer(a).candidates.every((c) => c.signals.gender === undefined)).toBe(true)
    }
  })
})

describe('past orders', () => {
  const sam = profile({ dateOfBirth: '2014-05-01', interests: [modelToys(true)], completeness: 40 })
  const boughtTrains = {
    path: 'Hobbies::Model Trains & Railway Sets::Rail Vehicles::Trains',
    title: 'Hornby train set',
    occasionId: OCCASIONS.christmas.id,
    date: '2024-12-10',
  }

  it('what was bought for this person for this occasion last year is not suggested again, and the reasoning says so', () => {
    const without = run(sam)
    expect(paths(without).some((p) => within(p, TRAINS))).toBe(true)
    const r = run({ ...sam, orders: [boughtTrains] })
    expect(paths(r).some((p) => within(p, TRAINS))).toBe(false)
    expect(r.candidates.find((c) => c.path === TRAINS)?.excluded).toMatch(/bought for this occasion/)
    const notes = r.recommendations.filter((x) =>
      x.reasoning.includes("not Model Trains & Railway Sets again after last year's Christmas present"),
    )
    expect(notes).toHaveLength(1)
    // The rest of the branch stays possible.
    expect(paths(r).some((p) => within(p, 'Hobbies'))).toBe(true)
  })

  it('an order for another occasion or from years ago does not block the range', () => {
    const otherOccasion = run({ ...sam, orders: [{ ...boughtTrains, occasionId: OCCASIONS.birthday.id }] })
    expect(otherOccasion.candidates.find((c) => c.path === TRAINS)?.excluded).toBeUndefined()
    const longAgo = run({ ...sam, orders: [{ ...boughtTrains, date: '2021-12-10' }] })
    expect(longAgo.candidates.find((c) => c.path === TRAINS)?.excluded).toBeUndefined()
    for (const r of [otherOccasion, longAgo])
      for (const x of r.recommendations) expect(x.reasoning).not.toContain('again')
  })
})

describe('gift history and budgets (issue 22)', () => {
  const sam = profile({ dateOfBirth: '2014-05-01', interests: [modelToys(true)], completeness: 40 })
  const givenTrains = {
    path: 'Hobbies::Model Trains & Railway Sets::Rail Vehicles::Trains',
    title: 'Hornby train set',
    occasionId: OCCASIONS.christmas.id,
    date: '2024-12-20',
  }

  it('a present given by hand blocks its range like an order, and the reasoning says so', () => {
    const r = run({ ...sam, orders: [{ ...givenTrains, source: 'gift' }] })
    expect(paths(r).some((p) => within(p, TRAINS))).toBe(false)
    expect(r.candidates.find((c) => c.path === TRAINS)?.excluded).toMatch(/bought for this occasion/)
    expect(r.recommendations.some((x) => x.reasoning.includes('not Model Trains & Railway Sets again'))).toBe(true)
  })

  it('an order marked "Didn\'t buy" does not block its range', () => {
    const r = run({ ...sam, orders: [{ ...givenTrains, notBought: true }] })
    expect(r.candidates.find((c) => c.path === TRAINS)?.excluded).toBeUndefined()
    expect(paths(r).some((p) => within(p, TRAINS))).toBe(true)
  })

  it('keeps every price band to what is left of the budget, and says so', () => {
    const top = (band: string) => Number(/£([\d,.]+)$/.exec(band)![1]!.replace(/,/g, ''))
    for (const limit of [15, 40]) {
      const r = run({ ...sam, spendLimit: limit })
      expect(r.recommendations.length).toBeGreaterThan(0)
      for (const rec of r.recommendations) {
        for (const band of rec.specificProducts) expect(top(band.priceRange)).toBeLessThanOrEqual(limit)
        expect(rec.reasoning).toContain(`£${limit}.00 left of your budget`)
      }
      // A range with nothing within the limit is never offered.
      for (const c of r.candidates) {
        const cheapest = Math.min(...model.nodes.get(c.path)!.buckets.map((b) => b.minPrice))
        if (cheapest > limit) expect(c.score).toBe(0)
      }
    }
    const unlimited = run(sam)
    const dearest = Math.max(
      ...unlimited.recommendations.flatMap((rec) => rec.specificProducts.map((b) => top(b.priceRange))),
    )
    expect(dearest).toBeGreaterThan(15)
  })

  it('cuts a chosen budget band at the limit', () => {
    const r = run({ ...sam, giftPreferences: [{ group: 'Budget', option: 'Under £20' }], spendLimit: 12 })
    for (const rec of r.recommendations)
      for (const band of rec.specificProducts)
        expect(Number(/£([\d.]+)$/.exec(band.priceRange)![1])).toBeLessThanOrEqual(12)
  })
})

describe('diversity', () => {
  it('does not answer three siblings of one branch when other evidence is there', () => {
    const r = run(
      profile({
        dateOfBirth: '1980-01-01',
        interests: [
          { name: 'Games and Puzzles', love: false, targets: [{ path: 'Games', weight: 0.9 }] },
          cardGames(false),
          { name: 'Gardening', love: false, targets: [{ path: 'Tools & Garden::Garden Tools', weight: 1 }] },
        ],
      }),
    )
    const branches = new Set(paths(r).map((p) => p.split('::')[0]))
    expect(branches.size).toBeGreaterThan(1)
    // Never a category and its own ancestor.
    for (const a of paths(r)) for (const b of paths(r)) if (a !== b) expect(within(a, b)).toBe(false)
  })

  it('stays in one branch when the evidence is all there', () => {
    const hobbyist = run(
      profile({
        dateOfBirth: '1970-01-01',
        interests: [
          modelToys(true),
          {
            name: 'Auto Racing',
            love: true,
            targets: [{ path: 'Hobbies::Slot Cars, Race Tracks & Accessories', weight: 1 }],
          },
          { name: 'Rail Travel', love: true, targets: [{ path: TRAINS, weight: 1 }] },
        ],
        completeness: 60,
      }),
      OCCASIONS.justBecause,
    )
    expect(paths(hobbyist).every((p) => within(p, 'Hobbies'))).toBe(true)
  })
})

describe('confidence reflects evidence', () => {
  it('orders name-only < bronze with an interest < gold with agreeing signals', () => {
    const nameOnly = run(profile())
    const bronze = run(profile({ dateOfBirth: '2016-05-01', interests: [modelToys(false)], completeness: 35 }))
    const gold = run(
      profile({
        dateOfBirth: '2016-05-01',
        relationship: { name: 'Grandson', type: 'Family' },
        interests: [modelToys(true)],
        selections: [
          { kind: 'lifestyle', category: 'Belongings', option: 'Collector' },
          { kind: 'taste', category: 'Style', option: 'Classic and timeless' },
        ],
        likes: [
          {
            path: 'Hobbies::Model Trains & Railway Sets::Rail Vehicles::Trains',
            title: 'Hornby',
            forPerson: true,
            forOccasion: true,
          },
        ],
        completeness: 90,
      }),
    )
    const top = (r: RecommendResult) => r.recommendations[0]!.confidence
    expect(top(nameOnly)).toBeLessThan(top(bronze))
    expect(top(bronze)).toBeLessThan(top(gold))
    expect(top(nameOnly)).toBeGreaterThanOrEqual(15)
    expect(top(nameOnly)).toBeLessThanOrEqual(40)
    expect(top(gold)).toBeGreaterThanOrEqual(75)
  })

  it('a name-only profile still gets sensible occasion answers, honestly labelled', () => {
    const r = run(profile(), OCCASIONS.newBaby)
    expect(within(r.recommendations[0]!.path, 'Baby & Toddler Toys')).toBe(true)
    const christmas = run(profile())
    expect(christmas.recommendations).toHaveLength(3)
    for (const rec of christmas.recommendations) {
      expect(rec.reasoning).toContain('With little known about Sam yet')
      expect(rec.confidence).toBeLessThan(45)
    }
  })

  it('lists the answers most confident first', () => {
    const r = run(
      profile({ dateOfBirth: '2012-01-01', interests: [modelToys(true), cardGames(false)] }),
      OCCASIONS.christmas,
      6,
    )
    const confidences = r.recommendations.map((x) => x.confidence)
    expect(confidences).toEqual([...confidences].sort((a, b) => b - a))
  })
})
