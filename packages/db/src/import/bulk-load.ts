import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import type pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import type { Db } from '../client.ts'
import { COLUMNS, UPDATE_SQL, type Row } from './product-columns.ts'

/** What the bulk path needs of a database or a transaction: plain SQL. */
export type SqlExecutor = Pick<Db, 'execute'>

/**
 * Estimated feed rows at or above which an import may take the bulk path. Below it the ten
 * indexes are cheap enough to maintain row by row (the shipped 10,000-row catalog takes ~2 s),
 * and the exclusive lock is not worth taking.
 */
export const BULK_MIN_ROWS = 50_000
/**
 * The bulk path is taken only when the feed brings at least this many times more rows than the
 * products table holds: rebuilding an index costs about the same per row as it holds, so a
 * rebuild over existing rows must be paid for by new ones (docs/decisions/catalog-import.md).
 */
export const BULK_MIN_GROWTH = 4
/**
 * Bytes per feed row assumed when estimating rows from the file size: the generated bench feed
 * has ~215, Awin and PromptCloud rows several hundred to thousands, so a feed is never taken
 * for longer than it is by much (the shipped catalog, 568 KB of gzip, counts as ~11,000 rows).
 */
const BYTES_PER_ROW = 200
/** A gzip feed is estimated at this many times its compressed size. */
const GZIP_RATIO = 4

/**
 * Rows a feed file probably holds, from its size: BYTES_PER_ROW a row, a gzip file GZIP_RATIO
 * times its size. An estimate for shouldBulkLoad, nothing else.
 *
 * @param feedBytes size of the file in bytes.
 */
export function estimateFeedRows(feedBytes: number, gzip: boolean): number {
  return Math.floor((feedBytes * (gzip ? GZIP_RATIO : 1)) / BYTES_PER_ROW)
}

/**
 * Whether an import takes the bulk path (drop products' secondary indexes, load, rebuild them,
 * in one transaction): when the feed is long (≥ BULK_MIN_ROWS estimated rows) and the products
 * table is small beside it (≤ 1/BULK_MIN_GROWTH of the estimate): the seed of an empty shop, or
 * a first big feed. Rule and threshold: docs/decisions/catalog-import.md "Writes".
 *
 * @param estimatedRows estimateFeedRows of the file.
 * @param existingProducts rows in products now (a count capped just above
 *   estimatedRows / BULK_MIN_GROWTH is enough).
 */
export function shouldBulkLoad(options: { estimatedRows: number; existingProducts: number }): boolean {
  return options.estimatedRows >= BULK_MIN_ROWS && options.existingProducts * BULK_MIN_GROWTH <= options.estimatedRows
}

/**
 * Rows in products, counted up to `limit` (a bounded scan: the bulk decision only needs to know
 * whether the table is small).
 */
export async function countProductsUpTo(db: SqlExecutor, limit: number): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from products limit ${Math.max(0, Math.floor(limit))}) t`,
  )
  return Number(result.rows[0]?.n ?? 0)
}

/** A secondary index of a table and the statement that recreates it. */
export interface SecondaryIndex {
  schema: string
  name: string
  /** CREATE INDEX ... exactly as PostgreSQL holds it (pg_get_indexdef). */
  definition: string
}

/**
 * The indexes of `products` that no upsert relies on: every index except the primary key, the
 * unique indexes (ON CONFLICT (source, source_product_id) and the affiliate-id check need them)
 * and any index behind a constraint; with `unique`, the unique indexes too (for a load into an
 * empty table, where nothing can conflict). Definitions come from the database
 * (pg_get_indexdef), so the migrations stay the one source of truth for what they are.
 *
 * @returns the indexes by name.
 */
export async function listSecondaryIndexes(
  db: SqlExecutor,
  options: { unique?: boolean } = {},
): Promise<SecondaryIndex[]> {
  const result = await db.execute<{ schema: string; name: string; definition: string }>(sql`
    select n.nspname as schema, c.relname as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    join pg_namespace n on n.oid = c.relnamespace
    where i.indrelid = 'products'::regclass
      and not i.indisprimary and (${options.unique ?? false} or not i.indisunique)
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
    order by c.relname`)
  return result.rows.map((r) => ({ schema: r.schema, name: r.name, definition: r.definition }))
}

/**
 * Starts a bulk load inside the caller's transaction `tx`: takes an ACCESS EXCLUSIVE lock on
 * products (readers and writers of products wait until the transaction ends) and drops its
 * secondary indexes, and its unique ones too when the table is empty (nothing can conflict
 * then: the importer refuses a second row with the same id or affiliate id). Because
 * PostgreSQL DDL is transactional, a rollback (an error, a killed process, a lost connection)
 * brings every index back with the table as it was.
 *
 * @returns the dropped indexes, for finishBulkLoad, and whether the table was empty.
 */
export async function startBulkLoad(tx: SqlExecutor): Promise<{ indexes: SecondaryIndex[]; empty: boolean }> {
  await tx.execute(sql`lock table products in access exclusive mode`)
  const probe = await tx.execute<{ empty: boolean }>(sql`select not exists (select 1 from products) as empty`)
  const empty = probe.rows[0]?.empty === true
  const indexes = await listSecondaryIndexes(tx, { unique: empty })
  for (const index of indexes) {
    await tx.execute(sql`drop index ${sql.identifier(index.schema)}.${sql.identifier(index.name)}`)
  }
  return { indexes, empty }
}

/**
 * Ends a bulk load inside the same transaction: recreates `indexes` from their definitions
 * (one sorted build each instead of a million insertions) and refreshes the planner's
 * statistics of products' columns, for the statements the import runs next (overrides,
 * variants, promos).
 *
 * Not `search_vector` and not the expression indexes: search_vector keeps 1,000 statistics
 * (migration 0029), which makes ANALYZE sample 300,000 rows and evaluate every index expression
 * (four regexp_replace, an ICU collation) on each of them: 15.2 s at 1,000,000 products against
 * 1.6 s for the columns alone (issue 24, docs/decisions/catalog-import.md). The import analyzes
 * the whole table once at its end, after overrides and variants have changed the rows.
 */
export async function finishBulkLoad(tx: SqlExecutor, indexes: readonly SecondaryIndex[]): Promise<void> {
  for (const index of indexes) await tx.execute(sql.raw(index.definition))
  const columns = await tx.execute<{ list: string }>(sql`
    select string_agg(quote_ident(attname), ', ' order by attnum) as list
    from pg_attribute
    where attrelid = 'products'::regclass and attnum > 0 and not attisdropped and attname <> 'search_vector'`)
  await tx.execute(sql.raw(`analyze products (${columns.rows[0]?.list ?? ''})`))
}

/**
 * ANALYZE of the whole products table as the end of an import runs it (issue 24): the same
 * statistics as a plain `analyze products`, in a third of the time when `search_vector` keeps more
 * statistics than the default (migration 0029 sets 1,000 for the gift picks' estimates).
 *
 * ANALYZE draws one sample for the table, 300 rows per unit of its highest target, and evaluates
 * every index expression (products_category_idx's four regexp_replace, the ICU collation of
 * products_listing_name_idx) on each sampled row: at 1,000 that is 300,000 rows and 15.2 s at
 * 1,000,000 products, of which 8.6 s the expressions. So, in one transaction, search_vector's
 * target drops to the default for an ANALYZE of everything (30,000 rows), goes back, and
 * search_vector alone is analyzed at its own target: 4.8-7.3 s against 22-27 s measured side by
 * side on a loaded machine. The target change is transactional: a failure leaves it as it was.
 * With no raised target on search_vector, or for a role that does not own products, a plain ANALYZE.
 */
export async function analyzeProducts(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // ALTER TABLE needs the table's owner (a role that may only write rows gets a plain ANALYZE).
    const result = await tx.execute<{ target: number | null; default_target: string; owner: boolean }>(sql`
      select a.attstattarget as target, current_setting('default_statistics_target') as default_target,
             pg_has_role(c.relowner, 'USAGE') as owner
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      where a.attrelid = 'products'::regclass and a.attname = 'search_vector' and not a.attisdropped`)
    const row = result.rows[0]
    const target = Number(row?.target ?? -1)
    if (!row?.owner || !(target > Number(row.default_target))) {
      await tx.execute(sql`analyze products`)
      return
    }
    await tx.execute(sql`alter table products alter column search_vector set statistics -1`)
    await tx.execute(sql`analyze products`)
    await tx.execute(sql.raw(`alter table products alter column search_vector set statistics ${Math.trunc(target)}`))
    await tx.execute(sql`analyze products (search_vector)`)
  })
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' }
const NEEDS_ESCAPE = /[\\\t\n\r]/
const ESCAPED = /[\\\t\n\r]/g

/** One value in COPY's text format: \N for null, t/f for booleans, backslash escapes for \, tab, newline, CR. */
function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N'
  if (typeof value === 'number') return String(value)
  if (typeof value === 'boolean') return value ? 't' : 'f'
  if (typeof value !== 'string') throw new TypeError(`a ${typeof value} cannot be written by COPY`)
  const text = value
  return NEEDS_ESCAPE.test(text) ? text.replace(ESCAPED, (c) => COPY_ESCAPES[c] ?? c) : text
}

const COLUMN_NAMES = COLUMNS.map(([name]) => name).join(', ')

/** One product as a line of COPY text: the COLUMNS in order, tab-separated, newline-ended. */
function copyLine(product: Row): string {
  let text = ''
  for (let i = 0; i < COLUMNS.length; i++) {
    if (i > 0) text += '\t'
    text += copyValue((COLUMNS[i] as (typeof COLUMNS)[number])[2](product))
  }
  return text + '\n'
}

/** What one batch of the bulk path did. */
export interface BulkBatchResult {
  inserted: number
  updated: number
  /** Rows left out because another product already holds their affiliate id, by line. */
  taken: { line: number; awProductId: number }[]
}

/**
 * The bulk path of an import (issue 14; docs/decisions/catalog-import.md "Writes"), on one
 * connection in one transaction:
 * 1. start(): BEGIN, ACCESS EXCLUSIVE lock on products, its secondary indexes dropped
 *    (startBulkLoad), a temporary table import_rows (line + the written columns);
 * 2. writeBatch(), once per batch: COPY FROM STDIN of the batch into import_rows (text
 *    format), the rows whose affiliate id another product holds set aside (inside one
 *    transaction the unique index refusing them would abort everything), one
 *    INSERT INTO products SELECT ... FROM import_rows ORDER BY line with the same
 *    ON CONFLICT (source, source_product_id) DO UPDATE as the row-by-row path, TRUNCATE. The
 *    caller parses the next batch meanwhile;
 * 3. commit(): indexes rebuilt from their definitions, ANALYZE, COMMIT.
 * abort() rolls everything back (indexes included); so does PostgreSQL when the process or the
 * connection dies first.
 */
export class BulkLoad {
  private done = false

  private constructor(
    private readonly client: pg.PoolClient,
    private readonly tx: SqlExecutor,
    private readonly indexes: SecondaryIndex[],
    /** products was empty: plain INSERTs, no unique indexes until commit (startBulkLoad). */
    private readonly empty: boolean,
  ) {}

  /**
   * Checks a connection out of `db`'s pool and starts the load (step 1).
   *
   * @throws the database's error (the connection is given back, nothing stays).
   */
  static async start(db: Db): Promise<BulkLoad> {
    const client = await db.$client.connect()
    const tx = drizzle({ client, casing: 'snake_case' })
    try {
      await client.query('begin')
      const { indexes, empty } = await startBulkLoad(tx)
      // Into an empty table every batch is COPYed straight into products; otherwise through a
      // staging table, from which the upsert reads (ON CONFLICT needs an INSERT).
      if (!empty) {
        await client.query(
          `create temporary table import_rows (line integer not null, ${COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ')}) on commit drop`,
        )
      }
      return new BulkLoad(client, tx, indexes, empty)
    } catch (error) {
      await client.query('rollback').catch(() => undefined)
      client.release(error as Error)
      throw error
    }
  }

  /**
   * Writes one batch (rows with their first line in the feed, in feed order) into products
   * (step 2).
   *
   * @returns inserted and updated counts, and the rows left out as affiliate id collisions.
   * @throws the database's error; the caller must then abort().
   */
  async writeBatch(rows: readonly { product: Row; line: number }[]): Promise<BulkBatchResult> {
    if (this.empty) {
      // Every row is new and unique (the caller refuses repeated ids and affiliate ids): COPY
      // them, in feed order, straight into products (no staging table, no second INSERT).
      let text = ''
      for (const { product } of rows) text += copyLine(product)
      const copied = await this.copy(`copy products (${COLUMN_NAMES}) from stdin`, text)
      return { inserted: copied, updated: 0, taken: [] }
    }
    let text = ''
    for (const { product, line } of rows) text += String(line) + '\t' + copyLine(product)
    await this.copy(`copy import_rows (line, ${COLUMN_NAMES}) from stdin`, text)
    const taken = await this.tx.execute<{ line: number; aw_product_id: number }>(sql`
      select r.line, r.aw_product_id from import_rows r
      join products p on p.aw_product_id = r.aw_product_id
      where (p.source, p.source_product_id) <> (r.source, r.source_product_id)
      order by r.line`)
    const skip = taken.rows.map((r) => Number(r.line))
    const result = await this.client.query<{ inserted: number; updated: number }>(
      `with written as (
        insert into products (${COLUMN_NAMES})
        select ${COLUMN_NAMES} from import_rows where line <> all($1::int[]) order by line
        ${UPDATE_SQL}
      )
      select count(*) filter (where inserted)::int as inserted, count(*) filter (where not inserted)::int as updated
      from written`,
      [skip],
    )
    await this.client.query('truncate import_rows')
    const counts = result.rows[0]
    return {
      inserted: Number(counts?.inserted ?? 0),
      updated: Number(counts?.updated ?? 0),
      taken: taken.rows.map((r) => ({ line: Number(r.line), awProductId: Number(r.aw_product_id) })),
    }
  }

  /** Sends `text` (rows in COPY's text format) through `statement`; resolves to the rows copied. */
  private async copy(statement: string, text: string): Promise<number> {
    const copy = this.client.query(copyFrom(statement))
    await new Promise<void>((resolve, reject) => {
      copy.on('error', reject)
      copy.on('finish', resolve)
      copy.end(text)
    })
    return copy.rowCount ?? 0
  }

  /** Rebuilds the dropped indexes, analyzes products and commits (step 3); the connection goes back. */
  async commit(): Promise<void> {
    try {
      await finishBulkLoad(this.tx, this.indexes)
      await this.client.query('commit')
    } catch (error) {
      await this.abort(error as Error)
      throw error
    }
    this.done = true
    this.client.release()
  }

  /**
   * Rolls the whole load back (indexes included) and gives the connection back; a connection
   * that cannot roll back is closed, which makes PostgreSQL roll back. Never throws.
   */
  async abort(cause?: Error): Promise<void> {
    if (this.done) return
    this.done = true
    const rolledBack = await this.client.query('rollback').then(
      () => true,
      () => false,
    )
    this.client.release(rolledBack ? undefined : (cause ?? new Error('rollback failed')))
  }
}
