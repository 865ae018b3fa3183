import {
  and,
  asc,
  desc,
  eq,
  inArray,
  occasions,
  productLikeAssociations,
  productLikes,
  products,
  sql,
  type Db,
  type SQL,
} from '@presently/db'
import type { AssociationOutput, LikedProduct, LikedProductsPage } from '@presently/domain'
import { assertOwnPerson } from './ownership.ts'

interface LikeRow {
  id: number
  productId: number
  awProductId: number
  productTitle: string
  productImage: string | null
  productCategory: string | null
  price: number
  disabled: boolean
  likedAt: Date
}

/** The user's likes matching `where` (all of them without), newest first, with their associations. */
async function readLikes(
  db: Db,
  userId: number,
  options: {
    where?: SQL
    /** At most this many likes (the first ones in the list's order). */
    limit?: number
    occasionLabel?: (associations: (AssociationOutput & { label: string | null })[]) => string | null
  } = {},
): Promise<LikedProduct[]> {
  const likesQuery = db
    .select({
      id: productLikes.id,
      productId: products.id,
      awProductId: products.awProductId,
      productTitle: products.title,
      productImage: products.imageUrl,
      productCategory: products.categoryName,
      price: products.price,
      disabled: products.disabled,
      likedAt: productLikes.createdAt,
    })
    .from(productLikes)
    .innerJoin(products, eq(products.id, productLikes.productId))
    .where(and(eq(productLikes.userId, userId), options.where))
    .orderBy(desc(productLikes.createdAt), desc(productLikes.id))
    .$dynamic()
  const narrowed = options.where !== undefined || options.limit !== undefined
  // One query for every like's associations (never one per card). For the whole list it does not
  // depend on the likes' ids, so both queries run at once (issue 24).
  const associationsOf = (ids: number[] | undefined) =>
    db
      .select({
        id: productLikeAssociations.id,
        productLikeId: productLikeAssociations.productLikeId,
        personId: productLikeAssociations.personId,
        occasionId: productLikeAssociations.occasionId,
        label: occasions.label,
      })
      .from(productLikeAssociations)
      .innerJoin(productLikes, eq(productLikes.id, productLikeAssociations.productLikeId))
      .leftJoin(occasions, eq(occasions.id, productLikeAssociations.occasionId))
      .where(
        and(eq(productLikes.userId, userId), ids ? inArray(productLikeAssociations.productLikeId, ids) : undefined),
      )
      .orderBy(asc(productLikeAssociations.id))
  let rows: LikeRow[]
  let associations: Awaited<ReturnType<typeof associationsOf>>
  if (narrowed) {
    rows = await (options.limit !== undefined ? likesQuery.limit(options.limit) : likesQuery)
    if (rows.length === 0) return []
    associations = await associationsOf(rows.map((r) => r.id))
  } else {
    ;[rows, associations] = await Promise.all([likesQuery, associationsOf(undefined)])
    if (rows.length === 0) return []
  }
  const byLike = new Map<number, (AssociationOutput & { label: string | null })[]>()
  for (const a of associations) {
    const list = byLike.get(a.productLikeId) ?? []
    list.push(a)
    byLike.set(a.productLikeId, list)
  }
  const firstOccasion = (list: (AssociationOutput & { label: string | null })[]) =>
    list.find((a) => a.label !== null)?.label ?? null
  const occasionLabel = options.occasionLabel ?? firstOccasion
  return rows.map((row) => {
    const list = byLike.get(row.id) ?? []
    return {
      ...row,
      likedAt: row.likedAt.toISOString(),
      occasionLabel: occasionLabel(list),
      associations: list.map(({ id, productLikeId, personId, occasionId }) => ({
        id,
        productLikeId,
        personId,
        occasionId,
      })),
    }
  })
}

/**
 * GET /api/get-liked-products (spec account-area §3 "Liked product", §7): every product the user
 * liked, newest like first, disabled ones included (marked `disabled`, shown as unavailable),
 * each with its associations and the label of its first occasion.
 */
export function listLikedProducts(db: Db, userId: number): Promise<LikedProduct[]> {
  return readLikes(db, userId)
}

/**
 * One page of the liked list for the web app (issue 24): the likes after the `cursor` like in
 * the list's order (newest first; ties by id), at most `limit`, each as in listLikedProducts,
 * with the user's total and the next page's cursor (null after the last page). A cursor that is
 * not one of the user's likes (another user's, or unliked meanwhile) answers an empty page.
 */
export async function listLikedProductsPage(
  db: Db,
  userId: number,
  input: { cursor?: number; limit: number },
): Promise<LikedProductsPage> {
  const after =
    input.cursor === undefined
      ? undefined
      : sql`(${productLikes.createdAt}, ${productLikes.id}) < (
          select c.created_at, c.id from ${productLikes} c where c.id = ${input.cursor} and c.user_id = ${userId})`
  // One more than asked tells whether another page follows.
  const [items, [count]] = await Promise.all([
    readLikes(db, userId, { where: after, limit: input.limit + 1 }),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(productLikes)
      .where(eq(productLikes.userId, userId)),
  ])
  const page = items.slice(0, input.limit)
  return {
    items: page,
    total: count?.total ?? 0,
    nextCursor: items.length > input.limit ? (page.at(-1)?.id ?? null) : null,
  }
}

/**
 * GET /api/get-liked-products as the JSON text itself, built by PostgreSQL (issue 24): the same
 * answer as the route's schema serialises `listLikedProducts` (same fields in the schema's
 * order, same values; a test compares them), without turning 2,000 rows into objects, checking
 * them against the zod schema and serialising them again in Node, which was most of the
 * route's CPU (docs/decisions/account-speed.md). `likedAt` is ISO 8601 in UTC with
 * milliseconds, as Date#toISOString writes it; `price` a JSON number.
 * @returns a JSON array, '[]' for no likes.
 */
export async function likedProductsJson(db: Db, userId: number): Promise<string> {
  const result = await db.execute<{ body: string }>(sql`
    select coalesce(json_agg(l.item order by l.created_at desc, l.id desc), '[]')::text as body
    from (
      select pl.created_at, pl.id, (
        select row_to_json(r) from (
          select pl.id, p.id as "productId", p.aw_product_id as "awProductId", p.title as "productTitle",
            p.image_url as "productImage", p.category_name as "productCategory", p.price::float8 as price,
            (select o.label from ${productLikeAssociations} a join ${occasions} o on o.id = a.occasion_id
              where a.product_like_id = pl.id order by a.id limit 1) as "occasionLabel",
            p.disabled,
            to_char(pl.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "likedAt",
            coalesce((select json_agg(row_to_json(x) order by x.id) from (
              select a.id, a.product_like_id as "productLikeId", a.person_id as "personId", a.occasion_id as "occasionId"
              from ${productLikeAssociations} a where a.product_like_id = pl.id) x), '[]') as associations
        ) r) as item
      from ${productLikes} pl join ${products} p on p.id = pl.product_id
      where pl.user_id = ${userId}
    ) l`)
  return result.rows[0]?.body ?? '[]'
}

/** An occasion label or value matching `label` (case-insensitive; "birthday" finds "Birthday"). */
function occasionMatches(label: string): SQL {
  return sql`(lower(${occasions.label}) = lower(${label}) or lower(${occasions.value}) = lower(${label}))`
}

/**
 * GET /api/get-liked-products/person/{personId}/occasion/{occasionLabel} (spec account-area §7;
 * the Person page's gift ideas): the user's likes that are for this person and occasion. A like
 * counts when one of its associations is for the person with that occasion or with no
 * occasion, or for that occasion with no person (docs/decisions/likes.md). occasionLabel is the
 * matched occasion's label.
 * @throws AppError NOT_FOUND "Person not found" for another user's person.
 */
export async function listPersonOccasionLikes(
  db: Db,
  userId: number,
  input: { personId: number; occasionLabel: string },
): Promise<LikedProduct[]> {
  await assertOwnPerson(db, userId, input.personId)
  const [occasion] = await db
    .select({ id: occasions.id, label: occasions.label })
    .from(occasions)
    .where(occasionMatches(input.occasionLabel))
    .orderBy(asc(occasions.id))
    .limit(1)
  const occasionId = occasion?.id ?? null
  const matching = sql`exists (
    select 1 from ${productLikeAssociations} a
    where a.product_like_id = ${productLikes.id}
      and (
        (a.person_id = ${input.personId} and (a.occasion_id is null or a.occasion_id = ${occasionId}))
        or (a.person_id is null and a.occasion_id = ${occasionId})
      )
  )`
  return readLikes(db, userId, { where: matching, occasionLabel: () => occasion?.label ?? null })
}
