import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createTestDatabase, type TestDatabase } from '../testing/index.ts'
import { sql } from 'drizzle-orm'
import { buildReferenceSql, parseIab, selectInterests } from './build-migration.ts'

const here = path.dirname(fileURLToPath(import.meta.url))

describe('selectInterests', () => {
  const tsv = [
    'Relational ID System\t\tContent Taxonomy v3.1 Tiered Categories',
    'Unique ID\tParent\tName\tTier 1\tTier 2\tTier 3\tTier 4',
    '239\t\tHobbies & Interests\tHobbies & Interests',
    '248\t239\tArts and Crafts\tHobbies & Interests\tArts and Crafts',
    '249\t248\tBeadwork\tHobbies & Interests\tArts and Crafts\tBeadwork',
    '483\t\tSports\tSports',
    '487\t483\tCollege Sports\tSports\tCollege Sports',
    '488\t487\tCollege Football\tSports\tCollege Sports\tCollege Football',
    '491\t483\tCricket\tSports\tCricket',
    '52\t\tBusiness and Finance\tBusiness and Finance',
    '53\t52\tBusiness\tBusiness and Finance\tBusiness',
  ].join('\n')

  it('keeps the chosen branches as category > subcategory > name and drops excluded subtrees', () => {
    const nodes = parseIab(tsv)
    expect(selectInterests(nodes, [{ tier1: 'Hobbies & Interests' }, { tier1: 'Sports', exclude: ['487'] }])).toEqual([
      {
        sourceCode: 'IAB3.1:248',
        category: 'Hobbies & Interests',
        subcategory: 'Arts and Crafts',
        name: 'Arts and Crafts',
      },
      { sourceCode: 'IAB3.1:249', category: 'Hobbies & Interests', subcategory: 'Arts and Crafts', name: 'Beadwork' },
      { sourceCode: 'IAB3.1:491', category: 'Sports', subcategory: 'Cricket', name: 'Cricket' },
    ])
    expect(selectInterests(nodes, [{ tier1: 'Sports', onlyTier2: ['Cricket'] }]).map((i) => i.name)).toEqual([
      'Cricket',
    ])
  })

  it('refuses a curation that names what the taxonomy does not have', () => {
    const nodes = parseIab(tsv)
    expect(() => selectInterests(nodes, [{ tier1: 'Sports', exclude: ['249'] }])).toThrow(
      'IAB id 249 is not under Sports',
    )
    expect(() => selectInterests(nodes, [{ tier1: 'Sports', onlyTier2: ['Krikket'] }])).toThrow(
      'IAB has no Sports > Krikket',
    )
  })

  it('builds the migration from the real taxonomy: upserts only, every statement separated', () => {
    const iab = path.resolve(here, '../../../../../shared/data/iab/Content Taxonomy 3.1.tsv')
    let source: string
    try {
      source = readFileSync(iab, 'utf8')
    } catch {
      return // ../shared is beside the checkout on developers' machines only.
    }
    const interests = selectInterests(parseIab(source))
    expect(interests).toContainEqual({
      sourceCode: 'IAB3.1:249',
      category: 'Hobbies & Interests',
      subcategory: 'Arts and Crafts',
      name: 'Beadwork',
    })
    expect(interests.some((i) => i.subcategory === 'College Sports')).toBe(false)
    expect(interests.some((i) => i.category === 'Business and Finance')).toBe(false)
    const big5 = readFileSync(path.resolve(path.dirname(iab), '../personality/big5_domains_facets.en.json'), 'utf8')
    const built = buildReferenceSql(source, big5)
    // The committed migration is exactly what the generator makes today.
    expect(readFileSync(path.resolve(here, '../../migrations/0007_profile_reference_data.sql'), 'utf8')).toBe(built)
  })
})

describe('the migrated reference data', () => {
  let t: TestDatabase
  beforeAll(async () => {
    t = await createTestDatabase()
  })
  afterAll(async () => t.close())

  const rows = async <T>(query: ReturnType<typeof sql>) => (await t.db.execute(query)).rows as T[]

  it('has the option categories the completeness caps imply, each one pair', async () => {
    const counts = await rows<{ kind: string; categories: number; pairs: number }>(sql`
      select c.kind, count(distinct c.id)::int as categories,
             count(*) filter (where n = 2)::int as pairs
        from option_categories c
        join (select category_id, count(*) as n from options group by category_id) o on o.category_id = c.id
       group by c.kind order by c.kind`)
    expect(counts).toEqual([
      { kind: 'intelligence', categories: 3, pairs: 3 },
      { kind: 'lifestyle', categories: 4, pairs: 4 },
      { kind: 'taste', categories: 5, pairs: 5 },
      { kind: 'personality', categories: 8, pairs: 8 },
    ])
    const [facet] = await rows<{ description: string }>(
      sql`select description from option_categories where kind = 'personality' and name = 'Adventurousness'`,
    )
    expect(facet!.description).toMatch(/^Big Five \(IPIP-NEO\) Openness To Experience, facet Adventurousness: /)
  })

  it('has the six promo occasions and the UK dates, grouped, with weights', async () => {
    const occasions = await rows<{ value: string; category: string }>(sql`select value, category from occasions`)
    const values = occasions.map((o) => o.value)
    for (const v of [
      'birthday',
      'anniversary',
      'wedding',
      'christmas',
      'graduation',
      'new-baby',
      'mothers-day',
      'fathers-day',
      'valentines-day',
      'easter',
      'retirement',
      'housewarming',
      'thank-you',
      'get-well',
    ]) {
      expect(values).toContain(v)
    }
    expect(new Set(occasions.map((o) => o.category))).toEqual(new Set(['Main', 'Festivals', 'Life Events', 'Other']))
  })

  it('has IAB interests, relationships with filter types, and gift preference groups with several options', async () => {
    const [interests] = await rows<{ n: number; coded: number }>(
      sql`select count(*)::int as n, count(source_code)::int as coded from interests`,
    )
    expect(interests!.n).toBeGreaterThan(250)
    expect(interests!.coded).toBe(interests!.n)
    const types = await rows<{ type: string }>(sql`select distinct type from relationships order by type`)
    expect(types.map((r) => r.type)).toEqual(['Family', 'Friend', 'Other', 'Partner', 'Work'])
    const groups = await rows<{ name: string; n: number }>(sql`
      select g.name, count(o.id)::int as n from gift_preference_groups g
        join gift_preference_options o on o.group_id = g.id group by g.name`)
    expect(groups.length).toBeGreaterThanOrEqual(4)
    for (const g of groups) expect(g.n).toBeGreaterThanOrEqual(3)
  })
})
