import { eq, occasions, sql, type Db } from '@presently/db'
import { GIFT_INTEREST_CATEGORY } from '@presently/db'
import { ukToday, type ExchangeIdea } from '@presently/domain'
import { planPicks, productPicks, type InterestInput, type ProfileInput } from '@presently/recommender'
import { catalogVersionOf } from '../catalog-version.ts'
import { catalogModelFor } from '../recommendations/catalog-model.ts'
import { loadPickProducts } from '../picks/load-pick-inputs.ts'

/** Ideas shown on a participant's page. */
export const EXCHANGE_IDEAS = 6

interface KnownInterest extends InterestInput {
  pattern: RegExp
}

const interestCache = new WeakMap<Db, Promise<KnownInterest[]>>()

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The shop's gift interests with their catalog targets and a pattern of their name and aliases. */
function giftInterests(db: Db): Promise<KnownInterest[]> {
  let promise = interestCache.get(db)
  if (!promise) {
    promise = db
      .execute<{ name: string; aliases: string[] | null; targets: { path: string; weight: number }[] | null }>(
        sql`select i.name, i.aliases,
                   (select json_agg(json_build_object('path', m.category_path, 'weight', m.weight))
                      from interest_category_map m where m.source_code = i.source_code) as targets
              from interests i where i.category = ${GIFT_INTEREST_CATEGORY}`,
      )
      .then((result) =>
        result.rows.map((r) => {
          const words = [r.name, ...(r.aliases ?? [])].filter((w) => w.trim().length >= 3).map(escape)
          return {
            name: r.name,
            love: true,
            aliases: r.aliases ?? [],
            targets: (r.targets ?? []).map((t) => ({ path: t.path, weight: Number(t.weight) })),
            pattern: new RegExp(`\\b(${words.join('|')})\\b`, 'i'),
          }
        }),
      )
    promise.catch(() => interestCache.delete(db))
    interestCache.set(db, promise)
  }
  return promise
}

/**
 * Gift ideas for a giftee within the exchange's limit (issue 36): the picks engine
 * (packages/recommender planPicks/productPicks, as the person pages use it) on what the giftee
 * said: their list's catalog products count as liked, and the shop's gift interests named in
 * their hints ("loves cooking and gardening") as interests. Products on their list are not
 * offered again; every idea costs at most `limitPounds`. Each idea carries the engine's reason.
 */
export async function exchangeIdeas(
  db: Db,
  input: {
    gifteeId: number
    gifteeName: string
    hints: string
    items: readonly { productId: number | null }[]
    limitPounds: number
  },
): Promise<ExchangeIdea[]> {
  const [occasion] = await db
    .select({
      id: occasions.id,
      value: occasions.value,
      label: occasions.label,
      catWeight: occasions.catWeight,
      occWeight: occasions.occWeight,
    })
    .from(occasions)
    .where(eq(occasions.value, 'christmas'))
  if (!occasion) return []
  const productIds = input.items.flatMap((i) => (i.productId === null ? [] : [i.productId]))
  const likedRows = productIds.length
    ? (
        await db.execute<{ path: string | null; title: string }>(
          sql`select case when category_name is null then null else concat_ws('::', category_name, category_level1, category_level2, category_level3) end as path, title
                from products where id in ${sql.raw(`(${productIds.map((id) => Number(id)).join(',')})`)}`,
        )
      ).rows
    : []
  const interests = input.hints.trim() ? (await giftInterests(db)).filter((i) => i.pattern.test(input.hints)) : []
  const profile: ProfileInput = {
    id: input.gifteeId,
    name: input.gifteeName,
    dateOfBirth: null,
    gender: null,
    relationship: null,
    selections: [],
    giftPreferences: [],
    interests: interests.map(({ pattern: _pattern, ...interest }) => interest),
    events: [],
    likes: likedRows.map((r) => ({ path: r.path, title: r.title, forPerson: true, forOccasion: true })),
    orders: [],
    completeness: 0,
    spendLimit: input.limitPounds,
  }
  const today = ukToday()
  const catalogVersion = await catalogVersionOf(db)
  const model = await catalogModelFor(db, catalogVersion, { staleWhileBuilding: true })
  const occasionInput = {
    id: occasion.id,
    value: occasion.value,
    label: occasion.label,
    catWeight: Number(occasion.catWeight),
    occWeight: Number(occasion.occWeight),
  }
  const plan = planPicks(profile, occasionInput, model, today)
  const products = await loadPickProducts(db, {
    catalogVersion,
    paths: plan.topPaths,
    terms: plan.terms,
    likedIds: productIds,
    maxPrice: input.limitPounds,
  })
  const result = productPicks(plan, products, {
    count: EXCHANGE_IDEAS,
    today,
    budget: { max: input.limitPounds, source: 'query' },
    excludedProductIds: productIds,
    dismissed: [],
    liked: productIds.map((productId) => ({ productId, strength: 1 })),
    seed: `exchange:${input.gifteeId}`,
  })
  return result.picks
    .filter((pick) => pick.product.price <= input.limitPounds)
    .map((pick) => ({
      productId: pick.product.id,
      awProductId: pick.product.awProductId,
      title: pick.product.title,
      price: pick.product.price,
      image: pick.product.imageUrl,
      reason: pick.reason,
    }))
}
