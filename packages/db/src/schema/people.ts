import {
  boolean,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { users } from './auth.ts'

/** Relationship types of a person to the user (spec account-area §3 "Relationship"). */
export const relationships = pgTable('relationships', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  /** Grouping shown as the My People filter buttons, e.g. "Family", "Friend". */
  type: text().notNull(),
  sortOrder: integer().notNull().default(0),
})

/** Occasions (spec browsing-and-purchase §3 "Occasion", account-area §3). */
export const occasions = pgTable('occasions', {
  id: serial().primaryKey(),
  value: text().notNull().unique(),
  label: text().notNull(),
  category: text().notNull().default('Main'),
  catWeight: real().notNull().default(1),
  occWeight: real().notNull().default(1),
  sortOrder: integer().notNull().default(0),
})

/**
 * Interests a person can Like or Love (spec account-area §3 "Interest"), built from the IAB
 * Content Taxonomy 3.1: category is its tier 1, subcategory its tier 2, name the node itself.
 */
export const interests = pgTable(
  'interests',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    category: text().notNull(),
    subcategory: text().notNull(),
    /** The taxonomy node it comes from, e.g. "IAB3.1:248" (docs/decisions/profile-reference-data.md). */
    sourceCode: text().unique('interests_source_code_key'),
    /**
     * Other words people type for it ("lego", "bricks"), matched by the profile form's interest
     * search (issue 26; packages/db/src/reference/gift-interests.ts).
     */
    aliases: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [unique('interests_path_key').on(t.category, t.subcategory, t.name)],
)

export const optionKind = pgEnum('option_kind', ['intelligence', 'lifestyle', 'taste', 'personality'])

/** Option categories of the one-choice profile sections (spec account-area §3 "Option category"). */
export const optionCategories = pgTable(
  'option_categories',
  {
    id: serial().primaryKey(),
    kind: optionKind().notNull(),
    name: text().notNull(),
    /** What the choice tells about the person, and where the pair comes from. */
    description: text().notNull().default(''),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [unique('option_categories_kind_name_key').on(t.kind, t.name)],
)

/** Options of an option category, shown in pairs with "OR" between (spec account-area §2). */
export const options = pgTable(
  'options',
  {
    id: serial().primaryKey(),
    categoryId: integer()
      .notNull()
      .references(() => optionCategories.id, { onDelete: 'cascade' }),
    label: text().notNull(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [unique('options_category_label_key').on(t.categoryId, t.label)],
)

/** Gift preference groups, where several options may be chosen (spec account-area §2). */
export const giftPreferenceGroups = pgTable('gift_preference_groups', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  sortOrder: integer().notNull().default(0),
})

export const giftPreferenceOptions = pgTable(
  'gift_preference_options',
  {
    id: serial().primaryKey(),
    groupId: integer()
      .notNull()
      .references(() => giftPreferenceGroups.id, { onDelete: 'cascade' }),
    label: text().notNull(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [unique('gift_preference_options_group_label_key').on(t.groupId, t.label)],
)

export const gender = pgEnum('gender', ['male', 'female', 'other'])
export const orientation = pgEnum('orientation', ['straight', 'gay', 'lesbian', 'bisexual', 'pansexual', 'asexual'])

/** People a user buys for (spec account-area §3 "Person"). */
export const people = pgTable(
  'people',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    relationshipId: integer().references(() => relationships.id, { onDelete: 'set null' }),
    dateOfBirth: date({ mode: 'string' }),
    gender: gender(),
    orientation: orientation(),
    email: text(),
    phone: text(),
    address: text(),
    notes: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('people_user_id_idx').on(t.userId)],
)

/** One option per option category for a person (intelligence, lifestyle, taste, personality). */
export const personSelections = pgTable(
  'person_selections',
  {
    personId: integer()
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    categoryId: integer()
      .notNull()
      .references(() => optionCategories.id, { onDelete: 'cascade' }),
    optionId: integer()
      .notNull()
      .references(() => options.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.personId, t.categoryId] })],
)

/** Gift preferences of a person: several per group. */
export const personGiftPreferences = pgTable(
  'person_gift_preferences',
  {
    personId: integer()
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    optionId: integer()
      .notNull()
      .references(() => giftPreferenceOptions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.personId, t.optionId] })],
)

/** Interests of a person; isPrimary true is "Love", false is "Like" (spec account-area §4). */
export const personInterests = pgTable(
  'person_interests',
  {
    personId: integer()
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    interestId: integer()
      .notNull()
      .references(() => interests.id, { onDelete: 'cascade' }),
    isPrimary: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.personId, t.interestId] })],
)
