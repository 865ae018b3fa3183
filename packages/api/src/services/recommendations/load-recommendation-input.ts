import type pg from 'pg'
import type { Db } from '@presently/db'
import {
  applicableBudget,
  completenessPercent,
  occasionAnchor,
  occasionYear,
  remainingPence,
  spentFor,
  type BudgetSource,
} from '@presently/domain'
import type { OccasionInput, OptionKind, ProfileInput } from '@presently/recommender'
import { cachedUserRead } from '../account-cache.ts'
import type { DataVersions } from '../auth/session.ts'

/** What one round trip answers: the catalog version, the occasion and the person (or nulls). */
export interface RecommendationInput {
  catalogVersion: string
  occasion: OccasionInput | null
  profile: ProfileInput | null
  /** The person's budget for this occasion and its spend this occasion year (issue 22); null without a person. */
  budget: BudgetForOccasion | null
}

/** What is left of the budget for this occasion (issue 22), in pence. */
export interface BudgetForOccasion {
  maxPence: number | null
  spentPence: number
  remainingPence: number | null
  source: BudgetSource
  year: number
}

interface PersonRow {
  id: number
  name: string
  dateOfBirth: string | null
  gender: 'male' | 'female' | 'other' | null
  orientation: string | null
  relationshipId: number | null
  relationship: { name: string; type: string } | null
  selections: { kind: OptionKind; categoryId: number; category: string; option: string }[]
  giftPreferences: { group: string; option: string }[]
  interests: { name: string; love: boolean; aliases: string[]; targets: { path: string; weight: number }[] }[]
  events: { occasionId: number; date: string }[]
  likes: { path: string | null; title: string; forPerson: boolean; forOccasion: boolean }[]
  orders: {
    path: string | null
    title: string
    occasionId: number | null
    date: string
    source: 'order' | 'gift'
    notBought: boolean
  }[]
  /** Budgets in pence (issue 22): the person's default and this occasion's own. */
  budgetDefault: number | null
  budgetOccasion: number | null
  /** Bought orders and presents by hand for this occasion over the last ~2 years (pence, UK date). */
  spend: { pricePaidPence: number | null; givenOn: string }[]
}

/** The most recent orders of a person the engine reads (older ones say little more). */
const ORDERS_READ = 50

const productPath = (alias: string) =>
  `case when ${alias}.category_name is null then null else concat_ws('::', ${alias}.category_name, ${alias}.category_level1, ${alias}.category_level2, ${alias}.category_level3) end`

/** $1 occasion label or value, $2 user id, $3 person id, $4 orders read. */
const QUERY = `
  with occ as (
    select id, value, label, cat_weight, occ_weight from occasions
     where lower(label) = lower($1) or lower(value) = lower($1)
     order by (lower(label) = lower($1)) desc, id
     limit 1
  )
  select
    (select version::text from catalog_state where id = 1) as catalog_version,
    (select row_to_json(occ) from occ) as occasion,
    (select json_build_object(
       'id', p.id,
       'name', p.name,
       'dateOfBirth', p.date_of_birth,
       'gender', p.gender,
       'orientation', p.orientation,
       'relationshipId', p.relationship_id,
       'relationship', (select json_build_object('name', r.name, 'type', r.type) from relationships r where r.id = p.relationship_id),
       'selections', coalesce((
          select json_agg(json_build_object('kind', c.kind, 'categoryId', c.id, 'category', c.name, 'option', o.label) order by c.kind, c.sort_order)
            from person_selections s
            join option_categories c on c.id = s.category_id
            join options o on o.id = s.option_id
           where s.person_id = p.id), '[]'::json),
       'giftPreferences', coalesce((
          select json_agg(json_build_object('group', g.name, 'option', o.label) order by g.sort_order, o.sort_order)
            from person_gift_preferences pg
            join gift_preference_options o on o.id = pg.option_id
            join gift_preference_groups g on g.id = o.group_id
           where pg.person_id = p.id), '[]'::json),
       'interests', coalesce((
          select json_agg(json_build_object('name', i.name, 'love', pi.is_primary, 'aliases', coalesce(i.aliases, '{}'), 'targets', coalesce(t.targets, '[]'::json)) order by i.id)
            from person_interests pi
            join interests i on i.id = pi.interest_id
            left join lateral (
              select json_agg(json_build_object('path', x.category_path, 'weight', x.weight)) as targets
                from (
                  select m.category_path, m.weight from interest_category_map m where m.source_code = i.source_code
                  union all
                  select m.category_path, m.weight * 0.8
                    from interests g join interest_category_map m on m.source_code = g.source_code
                   where g.category = i.category and g.subcategory = i.subcategory and g.name = i.subcategory
                     and g.id <> i.id
                     and not exists (select 1 from interest_category_map own where own.source_code = i.source_code)
                ) x
            ) t on true
           where pi.person_id = p.id), '[]'::json),
       'events', coalesce((
          select json_agg(json_build_object('occasionId', e.occasion_id, 'date', e.date))
            from event_people ep join events e on e.id = ep.event_id
           where ep.person_id = p.id and e.user_id = $2), '[]'::json),
       'likes', coalesce((
          select json_agg(json_build_object('path', x.path, 'title', x.title, 'forPerson', x.for_person, 'forOccasion', x.for_occasion))
            from (
              select ${productPath('pr')} as path, pr.title,
                     bool_or(a.person_id = p.id) as for_person,
                     coalesce(bool_or(a.occasion_id = (select id from occ)), false) as for_occasion
                from product_likes l
                join product_like_associations a on a.product_like_id = l.id
                join products pr on pr.id = l.product_id
               where l.user_id = $2
                 and (a.person_id = p.id or (a.person_id is null and a.occasion_id = (select id from occ)))
               group by l.id, pr.id
              union all
              -- Issue 23: the catalog items of wish lists the user linked to this person count
              -- as liked for this person (and for the list's occasion).
              select ${productPath('wp')} as path, wp.title, true as for_person,
                     coalesce(bool_or(wl.occasion_id = (select id from occ)), false) as for_occasion
                from wish_list_people wlp
                join wish_lists wl on wl.id = wlp.list_id and wl.deleted_at is null
                join wish_list_items wi on wi.list_id = wl.id and wi.deleted_at is null
                join products wp on wp.id = wi.product_id
               where wlp.user_id = $2 and wlp.person_id = p.id
               group by wp.id
            ) x), '[]'::json),
       'orders', coalesce((
          select json_agg(json_build_object('path', y.path, 'title', y.title, 'occasionId', y.occasion_id, 'date', y.day, 'source', y.source, 'notBought', y.not_bought))
            from (
              select * from (
                select ${productPath('pr')} as path, pr.title, ct.occasion_id,
                       to_char(ct.created_at at time zone 'Europe/London', 'YYYY-MM-DD') as day,
                       'order' as source, coalesce(ct.outcome = 'not_bought', false) as not_bought, ct.created_at as at
                  from click_throughs ct
                  join products pr on pr.id = ct.product_id
                 where ct.user_id = $2 and ct.person_id = p.id
                union all
                select ${productPath('gp')} as path, g.title, g.occasion_id, to_char(g.given_on, 'YYYY-MM-DD') as day,
                       'gift' as source, false as not_bought, g.given_on::timestamptz as at
                  from gifts g
                  join products gp on gp.id = g.product_id
                 where g.user_id = $2 and g.person_id = p.id
              ) u
               order by u.at desc
               limit $4
            ) y), '[]'::json),
       'budgetDefault', (select b.amount_pence from budgets b where b.person_id = p.id and b.occasion_id is null),
       'budgetOccasion', (select b.amount_pence from budgets b where b.person_id = p.id and b.occasion_id = (select id from occ)),
       'spend', coalesce((
          select json_agg(json_build_object('pricePaidPence', s.pence, 'givenOn', s.day))
            from (
              select ct.price_paid_pence as pence, to_char(ct.created_at at time zone 'Europe/London', 'YYYY-MM-DD') as day
                from click_throughs ct
               where ct.user_id = $2 and ct.person_id = p.id and ct.outcome = 'bought'
                 and ct.occasion_id = (select id from occ) and ct.created_at > now() - interval '800 days'
              union all
              select g.price_paid_pence, to_char(g.given_on, 'YYYY-MM-DD')
                from gifts g
               where g.user_id = $2 and g.person_id = p.id
                 and g.occasion_id = (select id from occ) and g.given_on > current_date - 800
            ) s), '[]'::json)
     )
     from people p
     where p.id = $3 and p.user_id = $2) as person
`

/** The node-postgres pool under a Drizzle database (drizzle() keeps it as $client). */
function clientOf(db: Db): pg.Pool {
  const client = db.$client
  if (!client) throw new Error('the database has no node-postgres client ($client)')
  return client
}

/**
 * Everything the engine needs about one person for one occasion, in ONE query (issue 12): the
 * catalog version (to find the cached catalog model), the occasion by label or value
 * (case-insensitive; the label wins), and, only if `personId` is `userId`'s own person, the
 * profile: relationship, option selections and gift preferences with their labels, interests
 * with Love/Like and their catalog targets (interest_category_map; an interest without its own
 * rows borrows those of its subcategory's general interest at 0.8), events, the user's liked
 * products associated with this person or (with no person) this occasion, the catalog items of
 * wish lists the user linked to this person (issue 23, as liked for the person), and the user's
 * latest orders (click-throughs) for this person with the UK date they were made.
 *
 * Another user's person, or an unknown id, gives profile null; an unknown occasion gives
 * occasion null. Completeness is computed as the people list computes it (spec account-area §9).
 * With `versions`, read through the per-user cache (readRecommendationInput); the answer is frozen.
 */
export async function loadRecommendationInput(
  db: Db,
  userId: number,
  personId: number,
  occasionLabel: string,
  today: string,
  versions?: DataVersions | null,
): Promise<RecommendationInput> {
  return (await readRecommendationInput(db, userId, personId, occasionLabel, today, undefined, versions)).input
}

/**
 * More a caller reads in the same round trip as the recommendation input: `columns`, a select
 * list that may use $1 (the occasion label or value), $2 (the user id), $3 (the person id) and the
 * `occ` CTE (the occasion's id); `name` names the statement (one per list of columns). The picks
 * read the user's history with the person this way (issue 20: one query per call, not two).
 */
export interface InputExtra {
  name: string
  columns: string
}

/**
 * loadRecommendationInput, and with `extra` its columns of the same row (keyed by their aliases),
 * in one round trip; `extraRow` is empty without `extra`.
 *
 * With `versions` (the caller's users.data_version and catalog version, read with the session),
 * the answer is kept per user, person, occasion label, date, extra and both versions
 * (cachedUserRead, issue 24; docs/decisions/recommendation-input-cache.md): every table it reads
 * moves the user's data version on a write (migrations 0026 and 0031), the products it names move
 * the catalog version, and the reference data (occasions, interests and their catalog map) lives
 * at most the cache's 10 minutes. The engine still computes every answer from it. The value is
 * frozen, as it is shared by the requests that hit it: callers must copy what they change.
 */
export async function readRecommendationInput(
  db: Db,
  userId: number,
  personId: number,
  occasionLabel: string,
  today: string,
  extra?: InputExtra,
  versions?: DataVersions | null,
): Promise<{ input: RecommendationInput; extraRow: Record<string, unknown> }> {
  return cachedUserRead(
    { db, user: { id: userId }, versions },
    {
      call: `recommendation input${extra ? ` ${extra.name}` : ''}`,
      input: [personId, occasionLabel, today],
      catalog: true,
    },
    async () => {
      // A named (prepared) statement: PostgreSQL plans this query once per connection instead of
      // on every call, which is most of its cost (planning ~3-5 ms, running it well under 1 ms).
      const { rows } = await clientOf(db).query<
        {
          catalog_version: string | null
          occasion: { id: number; value: string; label: string; cat_weight: number; occ_weight: number } | null
          person: PersonRow | null
        } & Record<string, unknown>
      >({
        name: extra ? extra.name : 'presently_recommendation_input_v4',
        text: extra ? `${QUERY}, ${extra.columns}` : QUERY,
        values: [occasionLabel, userId, personId, ORDERS_READ],
      })
      const row = rows[0]
      return deepFreeze({ input: toInput(row, today), extraRow: row ?? {} })
    },
  )
}

/** `value` and everything reachable from it, frozen (a shared cache entry must not be changed). */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}

function toInput(
  row:
    | {
        catalog_version: string | null
        occasion: { id: number; value: string; label: string; cat_weight: number; occ_weight: number } | null
        person: PersonRow | null
      }
    | undefined,
  today: string,
): RecommendationInput {
  const occasion = row?.occasion
  const person = row?.person
  return {
    catalogVersion: row?.catalog_version ?? '0',
    occasion: occasion
      ? {
          id: occasion.id,
          value: occasion.value,
          label: occasion.label,
          catWeight: Number(occasion.cat_weight),
          occWeight: Number(occasion.occ_weight),
        }
      : null,
    profile: person ? toProfile(person) : null,
    budget: person && occasion ? budgetFor(person, occasion, today) : null,
  }
}

/** The budget that applies and its spend in the occasion year `today` falls in (gift-budget.ts rules). */
function budgetFor(person: PersonRow, occasion: { id: number; value: string }, today: string): BudgetForOccasion {
  const eventDates = person.events.filter((e) => e.occasionId === occasion.id).map((e) => e.date)
  eventDates.sort()
  const anchor = occasionAnchor(occasion.value, eventDates[0])
  const year = occasionYear(today, anchor)
  const spentPence = spentFor(
    person.spend.map((s) => ({ ...s, occasionId: occasion.id })),
    occasion.id,
    year,
    anchor,
  )
  const byOccasion = new Map<number, number>()
  if (person.budgetOccasion !== null) byOccasion.set(occasion.id, person.budgetOccasion)
  const { maxPence, source } = applicableBudget({ defaultPence: person.budgetDefault, byOccasion }, occasion.id)
  return { maxPence, spentPence, remainingPence: remainingPence(maxPence, spentPence), source, year }
}

function toProfile(person: PersonRow): ProfileInput {
  const kindSelections = (kind: OptionKind) =>
    person.selections.filter((s) => s.kind === kind).map((s) => ({ categoryId: s.categoryId }))
  const completeness = completenessPercent({
    name: person.name,
    relationshipId: person.relationshipId,
    gender: person.gender,
    orientation: person.orientation,
    intelligenceSelections: kindSelections('intelligence'),
    lifestyleSelections: kindSelections('lifestyle'),
    tasteSelections: kindSelections('taste'),
    personalitySelections: kindSelections('personality'),
    giftPreferenceSelections: person.giftPreferences,
    interests: person.interests,
    events: person.events,
  })
  return {
    id: person.id,
    name: person.name,
    dateOfBirth: person.dateOfBirth,
    gender: person.gender,
    relationship: person.relationship,
    selections: person.selections.map((s) => ({ kind: s.kind, category: s.category, option: s.option })),
    giftPreferences: person.giftPreferences,
    interests: person.interests.map((i) => ({
      name: i.name,
      love: i.love,
      aliases: i.aliases,
      targets: i.targets.map((t) => ({ path: t.path, weight: Number(t.weight) })),
    })),
    events: person.events,
    likes: person.likes,
    orders: person.orders,
    completeness,
  }
}
