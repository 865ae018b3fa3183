import {
  asc,
  eq,
  giftPreferenceGroups,
  giftPreferenceOptions,
  interests,
  occasions,
  optionCategories,
  options,
  relationships,
  type Db,
} from '@presently/db'
import type {
  GiftPreferenceGroupOutput,
  InterestListItem,
  OccasionOutput,
  OptionCategoryOutput,
  RelationshipOutput,
} from '@presently/domain'

/** The option sections of the profile form (spec account-area §3 "Option category"). */
export type OptionKind = 'intelligence' | 'lifestyle' | 'taste' | 'personality'

/** GET /api/relationships: [{id, name, type}] in picker order (spec account-area §7). */
export async function listRelationships(db: Db): Promise<RelationshipOutput[]> {
  return db
    .select({ id: relationships.id, name: relationships.name, type: relationships.type })
    .from(relationships)
    .orderBy(asc(relationships.sortOrder), asc(relationships.name))
}

/**
 * GET /api/occasions: [{id, value, label, name, category, cat_weight, occ_weight}]
 * (spec browsing-and-purchase §3, account-area §3; category default "Main", weights 1).
 */
export async function listOccasions(db: Db): Promise<OccasionOutput[]> {
  const rows = await db.select().from(occasions).orderBy(asc(occasions.sortOrder), asc(occasions.label))
  return rows.map((o) => ({
    id: o.id,
    value: o.value,
    label: o.label,
    name: o.label,
    category: o.category,
    cat_weight: o.catWeight,
    occ_weight: o.occWeight,
  }))
}

/**
 * GET /api/interests: [{id, name, category, subcategory, aliases}] sorted by category,
 * subcategory, name (aliases: issue 26).
 */
export async function listInterests(db: Db): Promise<InterestListItem[]> {
  return db
    .select({
      id: interests.id,
      name: interests.name,
      category: interests.category,
      subcategory: interests.subcategory,
      aliases: interests.aliases,
    })
    .from(interests)
    .orderBy(asc(interests.category), asc(interests.subcategory), asc(interests.name))
}

/** GET /api/intelligence, /lifestyle, /taste, /personality: categories with their options. */
export async function listOptionCategories(db: Db, kind: OptionKind): Promise<OptionCategoryOutput[]> {
  const rows = await db
    .select({
      id: optionCategories.id,
      name: optionCategories.name,
      description: optionCategories.description,
      sortOrder: optionCategories.sortOrder,
      optionId: options.id,
      label: options.label,
      optionSortOrder: options.sortOrder,
    })
    .from(optionCategories)
    .leftJoin(options, eq(options.categoryId, optionCategories.id))
    .where(eq(optionCategories.kind, kind))
    .orderBy(asc(optionCategories.sortOrder), asc(optionCategories.id), asc(options.sortOrder), asc(options.id))
  return groupOptions(rows, (r) => ({ id: r.id, name: r.name, description: r.description, sortOrder: r.sortOrder }))
}

/** GET /api/gift-preferences: groups with their options. */
export async function listGiftPreferenceGroups(db: Db): Promise<GiftPreferenceGroupOutput[]> {
  const rows = await db
    .select({
      id: giftPreferenceGroups.id,
      name: giftPreferenceGroups.name,
      sortOrder: giftPreferenceGroups.sortOrder,
      optionId: giftPreferenceOptions.id,
      label: giftPreferenceOptions.label,
      optionSortOrder: giftPreferenceOptions.sortOrder,
    })
    .from(giftPreferenceGroups)
    .leftJoin(giftPreferenceOptions, eq(giftPreferenceOptions.groupId, giftPreferenceGroups.id))
    .orderBy(asc(giftPreferenceGroups.sortOrder), asc(giftPreferenceGroups.id), asc(giftPreferenceOptions.sortOrder))
  return groupOptions(rows, (r) => ({ id: r.id, name: r.name, sortOrder: r.sortOrder }))
}

/** Folds joined (group, option) rows into groups with `options`, keeping the row order. */
function groupOptions<
  R extends { id: number; optionId: number | null; label: string | null; optionSortOrder: number | null },
  G,
>(rows: R[], head: (row: R) => G): Array<G & { options: Array<{ id: number; label: string; sortOrder: number }> }> {
  const groups = new Map<number, G & { options: Array<{ id: number; label: string; sortOrder: number }> }>()
  for (const row of rows) {
    let group = groups.get(row.id)
    if (!group) {
      group = { ...head(row), options: [] }
      groups.set(row.id, group)
    }
    if (row.optionId !== null && row.label !== null) {
      group.options.push({ id: row.optionId, label: row.label, sortOrder: row.optionSortOrder ?? 0 })
    }
  }
  return [...groups.values()]
}
