import { z } from 'zod'

/**
 * Building blocks of every input schema at the API boundary (REST and tRPC alike), so that no
 * value a column or PostgreSQL's text type cannot hold gets past validation and turns into a
 * 500 (docs/decisions/api-boundary.md).
 */

/** The largest PostgreSQL `integer` (int4): every serial id column. */
export const PG_INT4_MAX = 2_147_483_647

/**
 * The largest affiliate-network id accepted. products.aw_product_id is a PostgreSQL bigint,
 * read into a JS number, which is exact only up to 2^53 - 1; larger ids would round, so they are
 * refused rather than silently matching another product.
 */
export const AFFILIATE_ID_MAX = Number.MAX_SAFE_INTEGER

/** Default cap of a free-text field (characters, not bytes). */
export const TEXT_MAX_LENGTH = 200

/** A lone UTF-16 surrogate: not encodable as UTF-8, so never valid text. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** The field's name for a message: the last key of the issue's path ("search"), or `fallback`. */
function fieldName(path: readonly PropertyKey[] | undefined, fallback: string): string {
  const last = path?.[path.length - 1]
  return typeof last === 'string' ? last : fallback
}

/**
 * True for text PostgreSQL can store and UTF-8 can encode: no NUL character (PostgreSQL text
 * cannot hold U+0000: "invalid byte sequence for encoding UTF8: 0x00") and no unpaired
 * surrogate.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value)
}

/**
 * A string that is safe to store and to search with: at most `max` characters (default
 * {@link TEXT_MAX_LENGTH}), no NUL, no lone surrogate; trimmed unless `trim: false`.
 * Messages name the field: "search must be at most 200 characters", "search must not contain NUL
 * characters or unpaired surrogates". Pass `tooLong` to word the length message yourself (a
 * form's own text).
 */
export function safeText(options: { max?: number; trim?: boolean; tooLong?: string } = {}) {
  const max = options.max ?? TEXT_MAX_LENGTH
  const base = options.trim === false ? z.string() : z.string().trim()
  return base
    .max(max, {
      error: (issue) => options.tooLong ?? `${fieldName(issue.path, 'Text')} must be at most ${max} characters`,
    })
    .refine(isStorableText, {
      error: (issue) => `${fieldName(issue.path, 'Text')} must not contain NUL characters or unpaired surrogates`,
    })
}

/**
 * An optional free-text filter: blank becomes undefined, so "?search=" means no search.
 * Same checks as {@link safeText}.
 */
export function optionalSafeText(options: { max?: number } = {}) {
  return safeText(options)
    .optional()
    .transform((v) => (v ? v : undefined))
}

/** A number written in plain decimal: digits, and a fraction after a point ("12", "12.50"). */
const DECIMAL_TEXT = /^\d+(\.\d+)?$/

/**
 * A number given as a JSON number (tRPC, REST bodies) or as plain decimal text (a REST path or
 * query parameter, or "12.50" in a body), then checked by `schema`. Anything else reaches
 * `schema` as it is and is refused with the schema's own message: true, [5], {}, null, "", " 1 ",
 * "0x10", "1e3", "+1". (z.coerce.number took true as 1, [5] as 5, "" and [] as 0, "0x10" as 16:
 * a pledge of `true` pounds was £1, a price of "" was £0.) The JSON Schema of the input is
 * `schema`'s (zod documents a preprocess by its target), so the OpenAPI document is unchanged.
 */
export function numberInput<T extends z.ZodType<number, number>>(schema: T) {
  const read = z.transform((value: unknown) =>
    typeof value === 'string' && DECIMAL_TEXT.test(value) ? Number(value) : value,
  )
  // A transform lets an absent key through (optin "optional"), so the field would leave the
  // JSON Schema's `required`: here `schema` decides whether the field may be absent.
  read._zod.optin = undefined
  return read.pipe(schema)
}

/**
 * A whole number in [1, max], given as a number (tRPC) or as the digits of a path or query
 * parameter (REST). "abc", "1.5", "NaN", "Infinity", "", " 1 ", "0x1", true, [1] and anything past
 * `max` are refused with "id must be a whole number from 1 to 2147483647" (the field's own name).
 */
function positiveInteger(max: number) {
  const message = (issue: { path?: PropertyKey[] }) =>
    `${fieldName(issue.path, 'id')} must be a whole number from 1 to ${max}`
  return numberInput(
    z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(max, { error: message }),
  )
}

/** A row id of an int4 (serial) column: 1..2147483647. */
export const idField = positiveInteger(PG_INT4_MAX)

/** An affiliate-network product id (awProductId, a bigint column): 1..2^53-1. */
export const affiliateIdField = positiveInteger(AFFILIATE_ID_MAX)

/**
 * The id of a product read that may be a shop id or, with the flag `isAffiliate`, an
 * affiliate-network id: the range follows the column the id is looked up in.
 */
export function checkProductIdRange(id: number, isAffiliate: boolean, ctx: z.RefinementCtx, path: PropertyKey[]): void {
  if (!isAffiliate && id > PG_INT4_MAX) {
    ctx.addIssue({
      code: 'custom',
      path,
      message: `${fieldName(path, 'id')} must be a whole number from 1 to ${PG_INT4_MAX}`,
    })
  }
}

/**
 * The dates every date input accepts (issue 25): years 0001 to 9999, written "YYYY-MM-DD".
 * PostgreSQL's `date` has no year 0 ("0000-01-01" is "date/time field value out of range", a 500
 * before this rule), and years past 9999 need more than the four digits the ISO form and the
 * calendar feed use. Narrower rules sit on top (a date of birth runs from 1900 to today, spec
 * account-area §5). docs/decisions/event-dates.md.
 */
export const STORABLE_DATE_MIN = '0001-01-01'
/** The last date a date input accepts (see {@link STORABLE_DATE_MIN}). */
export const STORABLE_DATE_MAX = '9999-12-31'

const ISO_DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * True for "YYYY-MM-DD" that names a real calendar day (no 31 April, 29 February only in leap
 * years) from {@link STORABLE_DATE_MIN} to {@link STORABLE_DATE_MAX}: every such string is one
 * PostgreSQL's `date` column stores as given (proved by the property test
 * packages/api/src/services/events/date-storage.test.ts).
 */
export function isStorableIsoDate(value: string): boolean {
  return isCalendarDate(value) && value >= STORABLE_DATE_MIN
}

/** "YYYY-MM-DD" naming a real day of the proleptic Gregorian calendar, year 0000 included. */
function isCalendarDate(value: string): boolean {
  const match = ISO_DATE_SHAPE.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (month < 1 || month > 12 || day < 1) return false
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0
  return day <= days
}

/**
 * The shared date schema of every date input (event dates, date of birth, and later gift and
 * list dates): a string "YYYY-MM-DD" that exists in the calendar and that PostgreSQL can store.
 * Not a date at all answers `invalidMessage` (the form's own text, "Please enter a valid date");
 * a real-looking date outside 0001..9999 (year 0) answers "date must be a date from 0001-01-01 to
 * 9999-12-31", naming the field (issue 25).
 */
export function isoDateField(invalidMessage: string) {
  return (
    z
      .string({ error: invalidMessage })
      .refine((value) => isCalendarDate(value), { error: invalidMessage })
      // Not `abort` on the refine above: an aborted issue changes which branch a union (dobInput)
      // reports. A string that is no date at all passes this one.
      .refine((value) => !isCalendarDate(value) || isStorableIsoDate(value), {
        error: (issue) =>
          `${fieldName(issue.path, 'date')} must be a date from ${STORABLE_DATE_MIN} to ${STORABLE_DATE_MAX}`,
      })
  )
}

/** A page number of a paginated listing: 1..100000 (default 1); a number or digits only. */
export const pageField = numberInput(z.number().int().min(1).max(100_000)).prefault(1)

/** A page size from 1 to `max` (default `fallback`); a number or digits only. */
export function pageSizeField(max: number, fallback: number) {
  return numberInput(z.number().int().min(1).max(max)).prefault(fallback)
}

/**
 * An optional amount of a listing's filter, from 0 to `max`: a number or decimal text; blank
 * ("?maxPrice=", a form's empty field) is none, as an absent one (z.coerce read it as 0).
 */
export function optionalAmountField(max: number) {
  return z.preprocess((v) => (v === '' ? undefined : v), numberInput(z.number().min(0).max(max)).optional())
}
