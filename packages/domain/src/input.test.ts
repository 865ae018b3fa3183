import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { affiliateIdField, idField, isStorableText, optionalSafeText, PG_INT4_MAX, safeText } from './input.ts'
import { productByIdInput, productListInput } from './catalog.ts'
import { variantKeyInput } from './variant.ts'
import { registerInput, tokenInput } from './auth.ts'
import { claimInput, pledgeInput, updateWishListItemInput } from './wish-lists.ts'
import { budgetsInput, planYearField } from './gifts.ts'
import { myOrdersInput } from './orders.ts'
import { promoPageFields } from './promo.ts'
import { likedProductsPageInput } from './likes.ts'
import { pickCountField, pickMaxPriceField } from './picks.ts'
import { recommendationCountField } from './recommendations.ts'

const firstMessage = (result: { success: boolean; error?: z.ZodError }) => result.error?.issues[0]?.message

describe('storable text', () => {
  it('refuses NUL and unpaired surrogates, keeps everything else', () => {
    expect(isStorableText('Hornby & Co. — £3.42 😀')).toBe(true)
    expect(isStorableText('a\u0000b')).toBe(false)
    expect(isStorableText('x\ud800')).toBe(false)
    expect(isStorableText('\udc00y')).toBe(false)
    expect(isStorableText('\ud83d\ude00')).toBe(true)
  })

  it('names the field in its messages, caps the length and trims', () => {
    const schema = z.object({ search: safeText({ max: 5 }) })
    expect(firstMessage(schema.safeParse({ search: 'a\u0000' }))).toBe(
      'search must not contain NUL characters or unpaired surrogates',
    )
    expect(firstMessage(schema.safeParse({ search: 'abcdef' }))).toBe('search must be at most 5 characters')
    expect(schema.parse({ search: '  abc  ' })).toEqual({ search: 'abc' })
  })

  it('turns a blank optional filter into undefined', () => {
    const schema = z.object({ q: optionalSafeText() })
    expect(schema.parse({ q: '   ' })).toEqual({ q: undefined })
    expect(schema.safeParse({ q: 'a\u0000' }).success).toBe(false)
  })

  it('is applied to listing filters, register displayName and tokens', () => {
    expect(productListInput.safeParse({ search: 'a\u0000b' }).success).toBe(false)
    expect(productListInput.safeParse({ seed: '\ud800' }).success).toBe(false)
    expect(productListInput.safeParse({ categoryLevel2: 'x'.repeat(201) }).success).toBe(false)
    expect(
      registerInput.safeParse({ email: 'a@example.com', password: 'secret1', displayName: 'a\u0000' }).success,
    ).toBe(false)
    expect(tokenInput.safeParse({ token: 'abc\u0000' }).success).toBe(false)
  })
})

describe('ids', () => {
  it('keeps row ids within PostgreSQL int4', () => {
    const schema = z.object({ id: idField })
    expect(schema.parse({ id: '2147483647' })).toEqual({ id: PG_INT4_MAX })
    for (const bad of ['2147483648', '0', '-1', '1.5', 'NaN', 'Infinity', '', 'abc', 2 ** 31]) {
      expect(firstMessage(schema.safeParse({ id: bad })), String(bad)).toBe(
        'id must be a whole number from 1 to 2147483647',
      )
    }
  })

  it('takes a number or plain digits only: never true, [1], blank, spaces, hex, exponents or a sign', () => {
    const schema = z.object({ id: idField })
    expect(schema.parse({ id: 7 })).toEqual({ id: 7 })
    expect(schema.parse({ id: '7' })).toEqual({ id: 7 })
    expect(schema.parse({ id: '07' })).toEqual({ id: 7 })
    for (const bad of [true, false, [7], ['7'], [], {}, null, undefined, ' 7 ', '0x7', '7e0', '+7', '7.', '\u0000']) {
      expect(firstMessage(schema.safeParse({ id: bad })), JSON.stringify(bad) ?? 'undefined').toBe(
        'id must be a whole number from 1 to 2147483647',
      )
    }
  })

  it('documents a strict number field as before: a required integer with its bounds', () => {
    const json = z.toJSONSchema(z.object({ id: idField, page: z.array(z.object({ id: idField })).prefault([]) }), {
      io: 'input',
    })
    expect(json).toMatchObject({
      required: ['id'],
      properties: {
        id: { type: 'integer', minimum: 1, maximum: PG_INT4_MAX },
        page: { type: 'array', default: [] },
      },
    })
  })

  it('takes affiliate-network ids up to 2^53-1 (exact JS integers)', () => {
    const schema = z.object({ awProductId: affiliateIdField })
    expect(schema.parse({ awProductId: '9007199254740991' })).toEqual({ awProductId: 9_007_199_254_740_991 })
    expect(firstMessage(schema.safeParse({ awProductId: '9007199254740992' }))).toBe(
      'awProductId must be a whole number from 1 to 9007199254740991',
    )
  })

  it('reads pounds and quantities of wish lists from numbers or decimal text only', () => {
    expect(pledgeInput.parse({ amount: '12.50' })).toEqual({ amount: 12.5 })
    expect(claimInput.parse({ quantity: '2' })).toEqual({ quantity: 2 })
    // z.coerce.number took each of these as a number: a pledge of `true` was £1, a price of "" £0.
    for (const bad of [true, [5], [], '', ' ', '0x5', '1e1', {}]) {
      expect(firstMessage(pledgeInput.safeParse({ amount: bad })), JSON.stringify(bad)).toBe(
        'amount must be an amount in pounds from £0.01 to £100,000, with at most two decimals',
      )
      expect(firstMessage(updateWishListItemInput.safeParse({ price: bad })), JSON.stringify(bad)).toBe(
        'price must be an amount in pounds from £0 to £100,000, with at most two decimals',
      )
      expect(firstMessage(claimInput.safeParse({ quantity: bad })), JSON.stringify(bad)).toBe(
        'quantity must be a whole number from 1 to 99',
      )
    }
    expect(budgetsInput.parse({})).toEqual({ byOccasion: [] })
    expect(firstMessage(budgetsInput.safeParse({ byOccasion: [{ occasionId: [2], amount: 5 }] }))).toBe(
      'occasionId must be a whole number from 1 to 2147483647',
    )
  })

  it('reads counts, limits, a plan year and a picks budget from numbers or digits only, defaults kept', () => {
    const fields = [
      [z.object({ n: recommendationCountField }), 4, 3],
      [z.object({ n: pickCountField }), 4, 8],
      [z.object({ n: planYearField }), 2026, undefined],
      [z.object({ n: pickMaxPriceField }), 40, undefined],
    ] as const
    for (const [schema, good, fallback] of fields) {
      expect(schema.parse({ n: String(good) })).toEqual({ n: good })
      expect(schema.parse({ n: good })).toEqual({ n: good })
      if (fallback !== undefined) expect(schema.parse({})).toEqual({ n: fallback })
    }
    expect(likedProductsPageInput.parse({})).toEqual({ limit: 48 })
    for (const bad of [true, [4], ['4'], {}, '0x4', '4e0', ' 4']) {
      for (const [schema] of fields) {
        expect(schema.safeParse({ n: bad }).success, `${JSON.stringify(bad)} ${JSON.stringify(schema.shape)}`).toBe(
          false,
        )
      }
      expect(firstMessage(likedProductsPageInput.safeParse({ limit: bad }))).toBe(
        'limit must be a whole number from 1 to 96',
      )
    }
  })

  it('reads listing pages, page sizes and price bands from numbers or decimal text only', () => {
    expect(productListInput.parse({})).toMatchObject({ page: 1, limit: 12 })
    expect(productListInput.parse({ page: '2', limit: '48', minPrice: '3.5', maxPrice: 40 })).toMatchObject({
      page: 2,
      limit: 48,
      minPrice: 3.5,
      maxPrice: 40,
    })
    // A blank price bound is none (z.coerce read "?maxPrice=" as £0: nothing matched).
    expect(productListInput.parse({ minPrice: '', maxPrice: '' })).toMatchObject({
      minPrice: undefined,
      maxPrice: undefined,
    })
    expect(myOrdersInput.parse({})).toEqual({ page: 1, itemsPerPage: 10 })
    expect(promoPageFields.parse({ page: '3' })).toEqual({ page: 3, limit: 12 })
    for (const bad of [true, [2], ['2'], {}, '0x2', '2e0', ' 2']) {
      const label = JSON.stringify(bad)
      expect(productListInput.safeParse({ page: bad }).success, label).toBe(false)
      expect(productListInput.safeParse({ limit: bad }).success, label).toBe(false)
      expect(productListInput.safeParse({ maxPrice: bad }).success, label).toBe(false)
      expect(myOrdersInput.safeParse({ itemsPerPage: bad }).success, label).toBe(false)
      expect(promoPageFields.safeParse({ limit: bad }).success, label).toBe(false)
    }
  })

  it('checks a product id against the column it is looked up in', () => {
    expect(productByIdInput.safeParse({ id: 2 ** 31 }).success).toBe(false)
    expect(productByIdInput.safeParse({ id: 2 ** 31, type: 'aw' }).success).toBe(true)
    expect(variantKeyInput.safeParse({ id: 2 ** 31 }).success).toBe(false)
    expect(variantKeyInput.safeParse({ id: 2 ** 31, byAwProductId: true }).success).toBe(true)
    expect(firstMessage(productByIdInput.safeParse({ id: '2147483648' }))).toBe(
      'id must be a whole number from 1 to 2147483647',
    )
  })
})
