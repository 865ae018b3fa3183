import { sql } from 'drizzle-orm'
import type { Db } from '../client.ts'
import { deferCatalogVersionBump } from './catalog-version.ts'
import { splitVariantName, trigramSimilarity } from './variant-names.ts'

interface Candidate {
  id: number
  title: string
  brand: string | null
  price: number
  size: string | null
  colour: string | null
  merchantId: string | null
  hasDescription: boolean
  source: string
  itemGroupId: string | null
}

/**
 * Products read per query by groupVariants. Each page's rows are in memory at once: at 1,000,000
 * products, pages of 50,000 peaked at 301-317 MB of RSS in a process of its own (the import's
 * 300 MB line, issue 24), pages of 10,000 at 220-230 MB, in the same time (9.6-14.4 s either way).
 */
const PAGE = 10_000

/**
 * Groups variants of one base product into variant groups (spec browsing-and-purchase §3
 * "Variant group"): first the products of one feed that share the feed's item-group id
 * (matchMethod "item_group_id", issue 14); then, among the rest, enabled products of the same
 * brand whose titles are equal once size and colour words (and the feed's size/colour
 * attributes) are removed. For each group of 2+:
 * baseProductName is that shared base, primaryVariantId the member with a description, then the
 * cheapest, then the lowest id; matchMethod "feed_attributes" when the feed named the size or
 * colour, else "title_base_name"; similarityScore the mean trigram similarity (0..1) of the
 * members' titles to the primary's. Each member gets variant_type ("size", "colour",
 * "size/colour") and variant_value (the removed words). Products that no longer form a group are
 * released, and groups left without members are deleted unless manually reviewed.
 * Runs after every import. With `deferCatalogVersion` (a feed refresh, issue 39) the catalog
 * version is not bumped: the caller bumps it once at its end.
 * @returns the number of groups and of grouped products.
 */
export async function groupVariants(
  db: Db,
  options: { deferCatalogVersion?: boolean } = {},
): Promise<{ groups: number; products: number }> {
  type Member = Candidate & { value: string; type: string | null }
  type Group = { base: string; members: Member[]; byItemGroup: boolean }
  // Two reads in pages of PAGE rows by id (issue 24: a million products within the importer's
  // 300 MB). The first counts, in a fixed-size table of hashes, each item-group key and each
  // brand + base-name key; the second keeps an object only for the products whose key may occur
  // twice. A product whose keys both occur once can join no group, and leaving it out changes
  // nothing below (its key would stay a group of one, and groups keep their order), so the
  // result is the same as reading every product in.
  const sketch = new KeyCounts()
  await readCandidates(db, (c) => {
    if (c.itemGroupId) sketch.add(itemGroupKey(c))
    const key = titleKey(c)
    if (key !== null) sketch.add(key)
  })
  const candidates: Member[] = []
  await readCandidates(db, (c) => {
    const key = titleKey(c)
    if ((c.itemGroupId && sketch.mayRepeat(itemGroupKey(c))) || (key !== null && sketch.mayRepeat(key))) {
      candidates.push({ ...c, value: '', type: null })
    }
  })

  const byItemGroup = new Map<string, Member[]>()
  for (const c of candidates) {
    if (!c.itemGroupId) continue
    const key = itemGroupKey(c)
    const parts = splitVariantName(c.title, c)
    c.value = [c.size, c.colour].filter(Boolean).join(' / ') || parts.value
    c.type = c.size && c.colour ? 'size/colour' : c.size ? 'size' : c.colour ? 'colour' : parts.type
    const members = byItemGroup.get(key)
    if (members) members.push(c)
    else byItemGroup.set(key, [c])
  }
  const grouped = new Set<number>()
  const usedKeys = new Set<string>()
  const groups: Group[] = []
  for (const [key, members] of byItemGroup) {
    if (members.length < 2) continue
    const first = [...members].sort((a, b) => a.id - b.id)[0]!
    let base = splitVariantName(first.title, first).base || first.title.toLowerCase()
    // Two item groups (or a title group) with one brand and base name still stay apart.
    if (usedKeys.has(`${(first.brand ?? '').toLowerCase()}\u0000${base}`)) base = `${base} [${key.split('\u0000')[1]}]`
    usedKeys.add(`${(first.brand ?? '').toLowerCase()}\u0000${base}`)
    groups.push({ base, members, byItemGroup: true })
    for (const m of members) grouped.add(m.id)
  }

  // A key seen once keeps its one member (no array): most products have no variants.
  const byKey = new Map<string, Member | Group>()
  for (const c of candidates) {
    if (grouped.has(c.id)) continue
    const parts = splitVariantName(c.title, c)
    if (!parts.base) continue
    const key = `${(c.brand ?? '').toLowerCase()}\u0000${parts.base}`
    c.value = parts.value
    c.type = parts.type
    const entry = byKey.get(key)
    if (!entry) byKey.set(key, c)
    else if ('members' in entry) entry.members.push(c)
    else byKey.set(key, { base: parts.base, members: [entry, c], byItemGroup: false })
  }
  for (const [key, group] of byKey) {
    if ('members' in group && !usedKeys.has(key)) groups.push(group)
  }

  const groupRows = groups.map((g) => {
    const primary = [...g.members].sort(
      (a, b) => Number(b.hasDescription) - Number(a.hasDescription) || a.price - b.price || a.id - b.id,
    )[0]!
    const similarity =
      g.members.reduce((sum, m) => sum + trigramSimilarity(m.title, primary.title), 0) / g.members.length
    return {
      baseProductName: g.base,
      brandName: primary.brand,
      merchantId: primary.merchantId,
      descriptionHash: null as string | null,
      primaryVariantId: primary.id,
      matchMethod: g.byItemGroup
        ? 'item_group_id'
        : g.members.some((m) => m.size || m.colour)
          ? 'feed_attributes'
          : 'title_base_name',
      similarityScore: Math.round(similarity * 1000) / 1000,
    }
  })

  if (groupRows.length) {
    const hashes = await db.execute<{ id: number; hash: string | null }>(
      sql`select id, md5(long_description) as hash from products where id = any(${sql.param(groupRows.map((g) => g.primaryVariantId))}::int[])`,
    )
    const hashById = new Map(hashes.rows.map((r) => [Number(r.id), r.hash]))
    for (const g of groupRows) g.descriptionHash = hashById.get(g.primaryVariantId) ?? null
  }

  await db.transaction(async (tx) => {
    if (options.deferCatalogVersion) await deferCatalogVersionBump(tx)
    const saved = groupRows.length
      ? (
          await tx.execute<{ id: number; base_product_name: string; brand_name: string | null }>(sql`
            insert into variant_groups (base_product_name, brand_name, merchant_id, description_hash, primary_variant_id, match_method, similarity_score)
            select x.base_product_name, x.brand_name, x.merchant_id, x.description_hash, x.primary_variant_id, x.match_method, x.similarity_score
            from jsonb_to_recordset(${JSON.stringify(groupRows.map(snake))}::jsonb) as x(
              base_product_name text, brand_name text, merchant_id text, description_hash text,
              primary_variant_id int, match_method text, similarity_score real)
            on conflict (brand_name, base_product_name) do update set
              merchant_id = excluded.merchant_id,
              description_hash = excluded.description_hash,
              primary_variant_id = case when variant_groups.manually_reviewed then variant_groups.primary_variant_id else excluded.primary_variant_id end,
              match_method = excluded.match_method,
              similarity_score = excluded.similarity_score,
              updated_at = now()
            returning id, base_product_name, brand_name`)
        ).rows
      : []
    const groupId = new Map(saved.map((r) => [`${r.brand_name ?? ''}\u0000${r.base_product_name}`, Number(r.id)]))
    const memberRows = groups.flatMap((g, i) => {
      const id = groupId.get(`${groupRows[i]!.brandName ?? ''}\u0000${g.base}`)
      return g.members.map((m) => ({ id: m.id, group_id: id, type: m.type, value: m.value || null }))
    })
    await tx.execute(sql`
      update products p set variant_group_id = null, variant_type = null, variant_value = null
      where p.variant_group_id is not null
        and p.id not in (select (x->>'id')::int from jsonb_array_elements(${JSON.stringify(memberRows)}::jsonb) x)`)
    if (memberRows.length) {
      await tx.execute(sql`
        update products p set variant_group_id = x.group_id, variant_type = x.type, variant_value = x.value
        from jsonb_to_recordset(${JSON.stringify(memberRows)}::jsonb) as x(id int, group_id int, type text, value text)
        where p.id = x.id
          and (p.variant_group_id, p.variant_type, p.variant_value) is distinct from (x.group_id, x.type, x.value)`)
    }
    await tx.execute(sql`
      update products p set variant_secondary = v.secondary
      from (
        select p2.id, coalesce(p2.id <> vg.primary_variant_id, false) as secondary
        from products p2 left join variant_groups vg on vg.id = p2.variant_group_id
      ) v
      where v.id = p.id and p.variant_secondary is distinct from v.secondary`)
    await tx.execute(sql`
      delete from variant_groups vg
      where not vg.manually_reviewed and not exists (select 1 from products p where p.variant_group_id = vg.id)`)
  })
  return { groups: groups.length, products: groups.reduce((n, g) => n + g.members.length, 0) }
}

/** Products probed per query by mayFormVariantGroups. */
const PROBE_CHUNK = 100
/** Matches read per probe query at most; more, and mayFormVariantGroups says "regroup" (memory bound). */
const PROBE_MATCHES_MAX = 20_000

/**
 * Whether any of the products `ids` (new or changed by a feed refresh, not in a variant group)
 * may now form a variant group with another product (issue 39): another enabled, visible product
 * still sold with the same feed and item-group id, or with the same brand and base name
 * (groupVariants' title rule). Found without reading the catalog: the item-group test is one
 * query, the title test looks up the products whose title (search_vector's weight A, its GIN index) holds
 * every word of the base name and compares their keys here. When none of `ids` can, groupVariants
 * would give the same groups as before (a product without a partner forms no group and changes no
 * other group's name), so a refresh leaves them alone. Answers true (regroup) when it cannot tell: a
 * product whose own search vector does not hold its base name's words (stop words only, words
 * glued by "/" or "." in the title), so that a lookup by them would not find it. A partner whose
 * title glues the base name's words where the product's does not ("Kite/Flyer" beside "Kite
 * Flyer") is not found: the next full regroup (any import that is not a refresh, a grouped
 * product's change) groups them (docs/decisions/feed-refresh.md).
 * @returns true when groupVariants should run.
 */
export async function mayFormVariantGroups(db: Db, ids: readonly number[]): Promise<boolean> {
  if (ids.length === 0) return false
  const visible = sql`not p.disabled and not p.category_hidden and p.withdrawn_at is null`
  const rows = await db.execute<{
    id: number
    title: string
    brand: string | null
    size: string | null
    colour: string | null
    source: string
    item_group_id: string | null
  }>(sql`select p.id, p.title, p.brand, p.size, p.colour, p.source, p.item_group_id from products p
         where p.id = any(${sql.param([...ids])}::int[]) and ${visible}`)
  const grouped = rows.rows.filter((r) => r.item_group_id !== null)
  if (grouped.length > 0) {
    const partner = await db.execute(sql`
      select 1 from unnest(${sql.param(grouped.map((r) => Number(r.id)))}::int[],
                           ${sql.param(grouped.map((r) => r.source))}::text[],
                           ${sql.param(grouped.map((r) => r.item_group_id))}::text[]) as k(id, source, item_group_id)
      join products p on p.source = k.source and p.item_group_id = k.item_group_id and p.id <> k.id
      where ${visible} limit 1`)
    if (partner.rows.length > 0) return true
  }
  const probes: { id: number; key: string; query: string; brand: string | null }[] = []
  for (const r of rows.rows) {
    const key = titleKey({ title: r.title, brand: r.brand, size: r.size, colour: r.colour })
    if (key === null) continue
    // The base's words are [a-z0-9]+, nothing for to_tsquery to escape; ":A" is the title's weight.
    const words = (key.split('\u0000')[1] ?? '').split(' ')
    const brand = (r.brand ?? '').toLowerCase()
    probes.push({
      id: Number(r.id),
      key,
      query: words.map((word) => `${word}:A`).join(' & '),
      // Narrowed by brand in SQL only where lower() cannot differ from JavaScript's (printable ASCII).
      brand: /[^ -~]/.test(brand) ? null : brand,
    })
  }
  for (let i = 0; i < probes.length; i += PROBE_CHUNK) {
    const chunk = probes.slice(i, i + PROBE_CHUNK)
    // The probe itself is among its own matches unless its title's words do not reach its search
    // vector as the base's words (stop words only, words glued by "/" or "."): then say "regroup".
    const found = await db.execute<{
      probe: number
      id: number
      title: string
      brand: string | null
      size: string | null
      colour: string | null
    }>(sql`
      select k.id as probe, p.id, p.title, p.brand, p.size, p.colour
      from unnest(${sql.param(chunk.map((c) => c.id))}::int[], ${sql.param(chunk.map((c) => c.query))}::text[],
                  ${sql.param(chunk.map((c) => c.brand))}::text[]) as k(id, query, brand)
      cross join lateral (
        select p.id, p.title, p.brand, p.size, p.colour from products p
        where p.search_vector @@ to_tsquery('english', k.query) and ${visible}
          and (k.brand is null or lower(coalesce(p.brand, '')) = k.brand)
      ) p
      limit ${PROBE_MATCHES_MAX}`)
    if (found.rows.length >= PROBE_MATCHES_MAX) return true
    const keyOf = new Map(chunk.map((c) => [c.id, c.key]))
    const selfFound = new Set<number>()
    for (const f of found.rows) {
      const probe = Number(f.probe)
      if (Number(f.id) === probe) {
        selfFound.add(probe)
        continue
      }
      if (titleKey({ title: f.title, brand: f.brand, size: f.size, colour: f.colour }) === keyOf.get(probe)) return true
    }
    if (selfFound.size < chunk.length) return true
  }
  return false
}

/** Reads the enabled, visible products in pages of PAGE by id, handing each to `take`. */
async function readCandidates(db: Db, take: (candidate: Candidate) => void): Promise<void> {
  for (let lastId = 0; ;) {
    const page = await db.execute<{
      id: number
      title: string
      brand: string | null
      price: string
      size: string | null
      colour: string | null
      merchant_id: string | null
      has_description: boolean
      source: string
      item_group_id: string | null
      // The description's md5 is read for the primaries only (groupVariants).
    }>(sql`select id, title, brand, price, size, colour, merchant_id, long_description is not null as has_description,
                  source, item_group_id
           from products where not disabled and not category_hidden and withdrawn_at is null and id > ${lastId}
           order by id limit ${PAGE}`)
    for (const r of page.rows) {
      take({
        id: Number(r.id),
        title: r.title,
        brand: r.brand,
        price: Number(r.price),
        size: r.size,
        colour: r.colour,
        merchantId: r.merchant_id,
        hasDescription: r.has_description,
        source: r.source,
        itemGroupId: r.item_group_id,
      })
    }
    const last = page.rows.at(-1)
    if (!last || page.rows.length < PAGE) return
    lastId = Number(last.id)
  }
}

/** The key of a product's item group: its feed and the feed's item-group id. */
function itemGroupKey(c: Candidate): string {
  return `${c.source}\u0000${c.itemGroupId}`
}

/** The title rule's key, brand and base name, or null when the title has no base name. */
function titleKey(c: Pick<Candidate, 'title' | 'brand' | 'size' | 'colour'>): string | null {
  const base = splitVariantName(c.title, c).base
  return base ? `${(c.brand ?? '').toLowerCase()}\u0000${base}` : null
}

/**
 * How often keys occur, approximately and never under: a count (saturating at 2) per hash of
 * the key in a fixed table of 2^24 bytes (16 MB). Two keys may share a count, so mayRepeat can
 * say yes for a key seen once, never no for a key seen twice.
 */
class KeyCounts {
  private readonly counts = new Uint8Array(1 << 24)

  add(key: string): void {
    const slot = hashKey(key)
    if ((this.counts[slot] as number) < 2) this.counts[slot] = (this.counts[slot] as number) + 1
  }

  mayRepeat(key: string): boolean {
    return (this.counts[hashKey(key)] as number) >= 2
  }
}

/** FNV-1a over the key's UTF-16 code units, folded to 24 bits. */
function hashKey(key: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193)
  return (h ^ (h >>> 24)) & 0xffffff
}

function snake(row: {
  baseProductName: string
  brandName: string | null
  merchantId: string | null
  descriptionHash: string | null
  primaryVariantId: number
  matchMethod: string
  similarityScore: number
}) {
  return {
    base_product_name: row.baseProductName,
    brand_name: row.brandName,
    merchant_id: row.merchantId,
    description_hash: row.descriptionHash,
    primary_variant_id: row.primaryVariantId,
    match_method: row.matchMethod,
    similarity_score: row.similarityScore,
  }
}
