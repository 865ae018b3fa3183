import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { createTestDatabase, type TestDatabase } from '../testing/index.ts'
import { buildGiftInterestsSql, giftInterestsMigration } from './build-gift-interests.ts'
import { GIFT_INTEREST_CATEGORY, GIFT_INTERESTS, IAB_INTEREST_ALIASES } from './gift-interests.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
// The newest seed made by the generator (0017 first, 0033 with issue 43's interests, 0040 with issue 40's): each is the
// whole list as upserts, so the last one run is what the data file says today.
const migration = readFileSync(path.resolve(here, '../../migrations/0040_issue40_gift_interests_sql.sql'), 'utf8')

describe('gift interests and aliases (issue 26 item 5)', () => {
  it('are in the committed migration exactly as the generator makes them today', () => {
    expect(migration).toBe(giftInterestsMigration())
  })

  it('name LEGO, model railways, jigsaws, baking, history, running, gardening, cooking and wine', () => {
    const names = GIFT_INTERESTS.map((i) => i.name)
    for (const name of [
      'LEGO',
      'Model Railways',
      'Jigsaws',
      'Baking',
      'History',
      'Running',
      'Gardening',
      'Cooking',
      'Wine',
    ])
      expect(names).toContain(name)
    expect(GIFT_INTERESTS.find((i) => i.name === 'LEGO')!.targets[0]![0]).toBe('Figures & Playsets::Accessories')
  })

  it('refuses a duplicate, an alias not in lower case, or a bad weight', () => {
    const lego = GIFT_INTERESTS[0]!
    expect(() => buildGiftInterestsSql([lego, lego], [])).toThrow('listed twice')
    expect(() => buildGiftInterestsSql([{ ...lego, aliases: ['Bricks'] }], [])).toThrow('not lower case')
    expect(() => buildGiftInterestsSql([{ ...lego, targets: [['Games', 2]] }], [])).toThrow('not in (0, 1]')
  })

  describe('once migrated', () => {
    let t: TestDatabase
    beforeAll(async () => {
      t = await createTestDatabase()
    })
    afterAll(async () => t.close())

    it('seeds each gift interest with its aliases under its own category, and the IAB aliases', async () => {
      const { rows } = await t.db.execute<{ name: string; category: string; aliases: string[] }>(
        sql`select name, category, aliases from interests where source_code = 'PRESENTLY:lego'`,
      )
      expect(rows[0]).toEqual({
        name: 'LEGO',
        category: GIFT_INTEREST_CATEGORY,
        aliases: [...GIFT_INTERESTS[0]!.aliases],
      })
      for (const alias of IAB_INTEREST_ALIASES) {
        const { rows: iab } = await t.db.execute<{ aliases: string[] }>(
          sql`select aliases from interests where source_code = ${alias.code} and name = ${alias.name}`,
        )
        expect(iab[0]?.aliases, alias.name).toEqual([...alias.aliases])
      }
      const { rows: others } = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from interests where aliases <> '{}' and source_code not like 'PRESENTLY:%'`,
      )
      expect(others[0]!.n).toBe(IAB_INTEREST_ALIASES.length)
    })

    it('re-running the seed changes nothing', async () => {
      const read = () =>
        t.db.execute(
          sql`select i.source_code, i.name, i.aliases, m.category_path, m.weight from interests i
               left join interest_category_map m on m.source_code = i.source_code order by 1, 4`,
        )
      const before = await read()
      for (const statement of buildGiftInterestsSql().split('--> statement-breakpoint'))
        await t.db.execute(sql.raw(statement))
      expect((await read()).rows).toEqual(before.rows)
    })
  })
})
