import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { createTestDatabase, type TestDatabase } from '../testing/index.ts'
import { buildInterestMapSql, SEED_MARKER, withSeed } from './build-interest-map.ts'
import { buildGiftInterestsSql } from './build-gift-interests.ts'
import { INTEREST_CATEGORY_MAP } from './interest-categories.ts'
import { GIFT_INTERESTS } from './gift-interests.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const migration = readFileSync(path.resolve(here, '../../migrations/0012_interest_category_map.sql'), 'utf8')

describe('the interest -> catalog mapping seed (issue 12)', () => {
  it('is in the committed migration exactly as the generator makes it today', () => {
    expect(migration).toBe(withSeed(migration))
    expect(migration).toContain(`${SEED_MARKER}\n${buildInterestMapSql()}\n`)
  })

  it('refuses a curation with a duplicate, or a weight outside (0, 1]', () => {
    expect(() =>
      buildInterestMapSql([
        { code: 'IAB3.1:1', name: 'A', targets: [['Games', 1]] },
        { code: 'IAB3.1:1', name: 'A', targets: [['Hobbies', 1]] },
      ]),
    ).toThrow('IAB3.1:1 is mapped twice')
    expect(() => buildInterestMapSql([{ code: 'IAB3.1:1', name: 'A', targets: [['Games', 1.5]] }])).toThrow(
      'not in (0, 1]',
    )
    expect(() =>
      buildInterestMapSql([
        {
          code: 'IAB3.1:1',
          name: 'A',
          targets: [
            ['Games', 1],
            ['Games', 0.5],
          ],
        },
      ]),
    ).toThrow('maps Games twice')
  })

  describe('once migrated', () => {
    let t: TestDatabase
    beforeAll(async () => {
      t = await createTestDatabase()
    })
    afterAll(async () => t.close())

    it('keys each entry on a seeded interest of the same name, and seeds every row', async () => {
      const { rows } = await t.db.execute<{ source_code: string; name: string }>(
        sql`select source_code, name from interests`,
      )
      const names = new Map(rows.map((r) => [r.source_code, r.name]))
      for (const mapping of INTEREST_CATEGORY_MAP) expect(names.get(mapping.code), mapping.code).toBe(mapping.name)
      const { rows: seeded } = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from interest_category_map`,
      )
      // The IAB curation and the gift interests of migration 0015 (issue 26).
      expect(seeded[0]!.n).toBe([...INTEREST_CATEGORY_MAP, ...GIFT_INTERESTS].reduce((s, m) => s + m.targets.length, 0))
    })

    it('re-running the seed changes nothing', async () => {
      // Its DELETE keeps only the IAB curation: the gift interests of migration 0015 (issue 26)
      // come back when their own seed (build-gift-interests.ts) runs after it.
      const read = async () =>
        (await t.db.execute(sql`select source_code, category_path, weight from interest_category_map order by 1, 2`))
          .rows
      const iab = (rows: Record<string, unknown>[]) => rows.filter((r) => String(r.source_code).startsWith('IAB'))
      const before = await read()
      for (const statement of buildInterestMapSql().split('--> statement-breakpoint'))
        await t.db.execute(sql.raw(statement))
      expect(await read()).toEqual(iab(before))
      for (const statement of buildGiftInterestsSql().split('--> statement-breakpoint'))
        await t.db.execute(sql.raw(statement))
      expect(await read()).toEqual(before)
    })
  })
})
