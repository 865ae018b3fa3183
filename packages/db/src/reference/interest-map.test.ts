import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { createTestDatabase, type TestDatabase } from '../testing/index.ts'
import { buildInterestMapSql, SEED_MARKER, withSeed } from './build-interest-map.ts'
import { INTEREST_CATEGORY_MAP } from './interest-categories.ts'

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
      expect(seeded[0]!.n).toBe(INTEREST_CATEGORY_MAP.reduce((s, m) => s + m.targets.length, 0))
    })

    it('re-running the seed changes nothing', async () => {
      const before = await t.db.execute(
        sql`select source_code, category_path, weight from interest_category_map order by 1, 2`,
      )
      for (const statement of buildInterestMapSql().split('--> statement-breakpoint'))
        await t.db.execute(sql.raw(statement))
      const after = await t.db.execute(
        sql`select source_code, category_path, weight from interest_category_map order by 1, 2`,
      )
      expect(after.rows).toEqual(before.rows)
    })
  })
})
