import { createHash } from 'node:crypto'
import { products } from '../schema/index.ts'
import type { Db } from '../client.ts'

export type TestProductInput = Partial<typeof products.$inferInsert> & { title: string; price: number }

let sequence = 0

/** Inserts products for tests; every omitted field gets a plausible value. Returns the rows. */
export async function createTestProducts(db: Db, inputs: TestProductInput[]) {
  const rows = inputs.map((input) => {
    sequence += 1
    const sourceProductId =
      input.sourceProductId ?? createHash('md5').update(`${input.title}#${sequence}`).digest('hex')
    return {
      source: 'test',
      sourceProductId,
      awProductId: 9_000_000_000 + sequence,
      currency: 'GBP',
      categoryName: 'Hobbies',
      ...input,
    }
  })
  return db.insert(products).values(rows).returning()
}
