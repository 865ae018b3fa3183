/**
 * Builds the SQL of the profile reference data migration (spec account-area §3: relationships,
 * occasions, interests, intelligence/lifestyle/taste/personality option categories, gift
 * preference groups) from profile-reference.ts, the IAB Content Taxonomy 3.1 TSV and the Big Five
 * facets JSON. Every statement is an upsert on the table's natural key, so running it twice
 * changes nothing and a later migration can re-run it with edits.
 *
 *   npx tsx src/reference/build-migration.ts <iab.tsv> <big5.json> <out.sql>
 */
import { readFileSync, writeFileSync } from 'node:fs'
import {
  GIFT_PREFERENCE_GROUPS,
  IAB_BRANCHES,
  INTELLIGENCE,
  LIFESTYLE,
  OCCASIONS,
  PERSONALITY,
  RELATIONSHIPS,
  TASTE,
  type OptionCategorySeed,
} from './profile-reference.ts'

/** One node of the IAB Content Taxonomy: unique id, parent id and its tier names. */
interface IabNode {
  id: string
  parent: string
  tiers: string[]
}

/** An interest row: IAB tier 1 as category, tier 2 as subcategory, the node's own name. */
export interface InterestSeed {
  sourceCode: string
  category: string
  subcategory: string
  name: string
}

/** Parses the IAB TSV (two header lines; columns id, parent, name, tier 1..4). */
export function parseIab(tsv: string): IabNode[] {
  return tsv
    .split(/\r?\n/)
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => {
      const cols = line.split('\t')
      return {
        id: (cols[0] ?? '').trim(),
        parent: (cols[1] ?? '').trim(),
        tiers: cols
          .slice(3, 7)
          .map((c) => c.trim())
          .filter(Boolean),
      }
    })
}

/**
 * The interests IAB_BRANCHES selects from `nodes`.
 * @throws Error naming an excluded id or tier-2 name that the taxonomy does not have (a typo).
 */
export function selectInterests(nodes: IabNode[], branches: typeof IAB_BRANCHES = IAB_BRANCHES): InterestSeed[] {
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const chosen: InterestSeed[] = []
  for (const branch of branches) {
    const excluded = new Set(branch.exclude ?? [])
    for (const id of excluded) {
      if (byId.get(id)?.tiers[0] !== branch.tier1) throw new Error(`IAB id ${id} is not under ${branch.tier1}`)
    }
    for (const name of branch.onlyTier2 ?? []) {
      if (!nodes.some((n) => n.tiers[0] === branch.tier1 && n.tiers[1] === name && n.tiers.length === 2)) {
        throw new Error(`IAB has no ${branch.tier1} > ${name}`)
      }
    }
    const isExcluded = (node: IabNode): boolean => {
      for (let n: IabNode | undefined = node; n; n = byId.get(n.parent)) if (excluded.has(n.id)) return true
      return false
    }
    for (const node of nodes) {
      const [tier1, tier2] = node.tiers
      if (tier1 !== branch.tier1 || !tier2 || isExcluded(node)) continue
      if (branch.onlyTier2 && !branch.onlyTier2.includes(tier2)) continue
      chosen.push({ sourceCode: `IAB3.1:${node.id}`, category: tier1, subcategory: tier2, name: node.tiers.at(-1)! })
    }
  }
  return chosen
}

/** The first sentence of a facet description, and its domain and title, from the Big Five JSON. */
function facetDescription(big5: unknown, seed: OptionCategorySeed): string {
  if (!seed.facet) return seed.description ?? ''
  const domains = big5 as Array<{
    domain: string
    title: string
    facets: Array<{ facet: number; title: string; text: string }>
  }>
  const domain = domains.find((d) => d.domain === seed.facet!.domain)
  const facet = domain?.facets.find((f) => f.facet === seed.facet!.number)
  if (!domain || !facet) throw new Error(`no Big Five facet ${seed.facet.domain}${seed.facet.number}`)
  const first = /^.*?[.!?](\s|$)/.exec(facet.text.replace(/\s+/g, ' ').trim())?.[0].trim() ?? facet.text
  return `Big Five (IPIP-NEO) ${domain.title}, facet ${facet.title}: ${first}`
}

const q = (value: string | number): string =>
  typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`

function optionCategorySql(kind: string, seeds: readonly OptionCategorySeed[], big5: unknown): string[] {
  const statements: string[] = []
  seeds.forEach((seed, index) => {
    statements.push(
      `INSERT INTO "option_categories" ("kind", "name", "description", "sort_order") VALUES (${q(kind)}, ${q(seed.name)}, ${q(facetDescription(big5, seed))}, ${index + 1})\n` +
        `  ON CONFLICT ("kind", "name") DO UPDATE SET "description" = excluded."description", "sort_order" = excluded."sort_order";`,
    )
    seed.options.forEach((label, optionIndex) => {
      statements.push(
        `INSERT INTO "options" ("category_id", "label", "sort_order")\n` +
          `  SELECT "id", ${q(label)}, ${optionIndex + 1} FROM "option_categories" WHERE "kind" = ${q(kind)} AND "name" = ${q(seed.name)}\n` +
          `  ON CONFLICT ("category_id", "label") DO UPDATE SET "sort_order" = excluded."sort_order";`,
      )
    })
  })
  return statements
}

/** The whole migration: statements separated by drizzle's breakpoint marker. */
export function buildReferenceSql(iabTsv: string, big5Json: string): string {
  const big5: unknown = JSON.parse(big5Json)
  const interests = selectInterests(parseIab(iabTsv))
  const statements: string[] = []
  statements.push(
    `INSERT INTO "relationships" ("name", "type", "sort_order") VALUES\n` +
      RELATIONSHIPS.map((r, i) => `  (${q(r.name)}, ${q(r.type)}, ${i + 1})`).join(',\n') +
      `\n  ON CONFLICT ("name") DO UPDATE SET "type" = excluded."type", "sort_order" = excluded."sort_order";`,
  )
  statements.push(
    `INSERT INTO "occasions" ("value", "label", "category", "cat_weight", "occ_weight", "sort_order") VALUES\n` +
      OCCASIONS.map(
        (o, i) => `  (${q(o.value)}, ${q(o.label)}, ${q(o.category)}, ${o.catWeight}, ${o.occWeight}, ${i + 1})`,
      ).join(',\n') +
      `\n  ON CONFLICT ("value") DO UPDATE SET "label" = excluded."label", "category" = excluded."category",` +
      ` "cat_weight" = excluded."cat_weight", "occ_weight" = excluded."occ_weight", "sort_order" = excluded."sort_order";`,
  )
  statements.push(
    `INSERT INTO "interests" ("source_code", "category", "subcategory", "name") VALUES\n` +
      interests.map((i) => `  (${q(i.sourceCode)}, ${q(i.category)}, ${q(i.subcategory)}, ${q(i.name)})`).join(',\n') +
      `\n  ON CONFLICT ("source_code") DO UPDATE SET "category" = excluded."category", "subcategory" = excluded."subcategory", "name" = excluded."name";`,
  )
  statements.push(...optionCategorySql('intelligence', INTELLIGENCE, big5))
  statements.push(...optionCategorySql('lifestyle', LIFESTYLE, big5))
  statements.push(...optionCategorySql('taste', TASTE, big5))
  statements.push(...optionCategorySql('personality', PERSONALITY, big5))
  GIFT_PREFERENCE_GROUPS.forEach((group, index) => {
    statements.push(
      `INSERT INTO "gift_preference_groups" ("name", "sort_order") VALUES (${q(group.name)}, ${index + 1})\n` +
        `  ON CONFLICT ("name") DO UPDATE SET "sort_order" = excluded."sort_order";`,
    )
    group.options.forEach((label, optionIndex) => {
      statements.push(
        `INSERT INTO "gift_preference_options" ("group_id", "label", "sort_order")\n` +
          `  SELECT "id", ${q(label)}, ${optionIndex + 1} FROM "gift_preference_groups" WHERE "name" = ${q(group.name)}\n` +
          `  ON CONFLICT ("group_id", "label") DO UPDATE SET "sort_order" = excluded."sort_order";`,
      )
    })
  })
  const header = [
    '-- Profile reference data (spec account-area §3), generated by packages/db/src/reference/build-migration.ts',
    '-- from profile-reference.ts, the IAB Content Taxonomy 3.1 (IAB Tech Lab, CC BY 3.0) and the Big Five',
    '-- facets of @alheimsins/b5-result-text (MIT). Upserts: re-running changes nothing.',
    '-- Sources and choices: docs/decisions/profile-reference-data.md',
  ].join('\n')
  return `${header}\n${statements.join('\n--> statement-breakpoint\n')}\n`
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [iabPath, big5Path, outPath] = process.argv.slice(2)
  if (!iabPath || !big5Path || !outPath) {
    console.error('usage: tsx src/reference/build-migration.ts <iab.tsv> <big5.json> <out.sql>')
    process.exit(1)
  }
  const sql = buildReferenceSql(readFileSync(iabPath, 'utf8'), readFileSync(big5Path, 'utf8'))
  writeFileSync(outPath, sql)
  console.log(`wrote ${outPath}`)
}
