import pg from 'pg'
import { createDb, type Db } from './client.ts'

/**
 * Read replicas (issue 42, docs/decisions/read-replicas.md): PostgreSQL hot standbys fed by
 * streaming replication from the primary. The shop sends public reads that tolerate a short lag
 * to one of them and everything else to the primary. This module keeps, per replica, a pool, its
 * replay position (LSN) and its lag, measured against the primary's WAL position over time, and
 * hands out a Drizzle client per replica whose queries fall back to the primary when the replica
 * does not answer.
 */

/** A write-ahead-log position (pg_lsn "X/Y") as a bigint, so positions compare with < and >. */
export type Lsn = bigint

/** Parses pg_lsn text ("16/B374D848") into a bigint; undefined for null or anything else. */
export function parseLsn(text: string | null | undefined): Lsn | undefined {
  if (!text) return undefined
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text)
  if (!match) return undefined
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`)
}

/** Formats a bigint LSN back into pg_lsn text. */
export function formatLsn(lsn: Lsn): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`
}

/** What /readyz and the logs say of a replica: never its password. */
export interface ReplicaStatus {
  /** host:port/database of its URL. */
  name: string
  /** Reads are sent to it (answering, a standby, within the lag bound). */
  inUse: boolean
  /** Seconds it is behind the primary, at the last check; null while it does not answer. */
  lagSeconds: number | null
  /** Its replay position at the last check, pg_lsn text; null while it does not answer. */
  replayLsn: string | null
  /** Why it is not in use, when it is not. */
  reason?: string
}

export interface ReplicaSetOptions {
  /** The primary: its pool is sampled for pg_current_wal_lsn() and takes reads a replica could not answer. */
  primary: Db
  /** postgres:// URLs of the replicas (DATABASE_REPLICA_URLS). */
  urls: string[]
  /** A replica further behind than this is not used (REPLICA_MAX_LAG_SECONDS, default 5). */
  maxLagSeconds?: number
  /** How often positions are read, ms (default 500). */
  checkIntervalMs?: number
  /** Connections per replica pool (default 10). */
  poolSize?: number
  /** Told when a replica is dropped or taken back (the server logs it). */
  onChange?: (status: ReplicaStatus) => void
  /** Told of a failed check of the primary's position (the server logs it). */
  onError?: (error: unknown) => void
}

/**
 * A connection failure of a replica, as opposed to an error of the query itself: the replica is
 * down, restarting, refusing connections, or cancelled the query for a replication conflict.
 * Such a query is run again on the primary.
 */
export function isReplicaFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string') {
    if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN)$/.test(code))
      return true
    // 08: connection exception; 57P01-03: shut down or starting; 40001: on a standby, a query
    // cancelled by a conflict with recovery (replaying a vacuum of rows it still needed).
    if (/^08/.test(code) || /^57P0[123]$/.test(code) || code === '40001') return true
  }
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
    error.message,
  )
}

/**
 * A node-postgres pool on a replica whose one-shot queries (all Drizzle sends outside a
 * transaction) are answered by the primary's pool when the replica fails to (isReplicaFailure):
 * a stopped or restarting replica costs a slower answer, never a failed one. Transactions
 * (connect()) are not redirected: reads on a replica never open one.
 */
class ReplicaPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    private readonly fallback: pg.Pool,
    private readonly onFailure: (error: unknown) => void,
  ) {
    super(config)
  }

  // node-postgres's query() has callback and promise forms; Drizzle uses the promise form only.
  override query(...args: unknown[]): never {
    // Called with `this` below: the pool's own query(), whichever form the caller used.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const ownQuery = super.query as (...a: unknown[]) => unknown
    if (typeof args[args.length - 1] === 'function') return ownQuery.apply(this, args) as never
    const fallback = this.fallback
    return (ownQuery.apply(this, args) as Promise<unknown>).catch((error: unknown) => {
      if (!isReplicaFailure(error)) throw error
      this.onFailure(error)
      return (fallback.query as (...a: unknown[]) => Promise<unknown>).apply(fallback, args)
    }) as never
  }
}

/** A replica's Drizzle client and what the set knows of it. */
export interface Replica {
  readonly name: string
  readonly db: Db
  /** Its replay position at the last check (a lower bound of where it is now); undefined while it does not answer. */
  readonly replayLsn: Lsn | undefined
  /** Answering, a standby, and within the lag bound at the last check. */
  readonly inUse: boolean
}

interface ReplicaState {
  name: string
  db: Db
  pool: pg.Pool
  replayLsn: Lsn | undefined
  lagSeconds: number | null
  inUse: boolean
  reason: string | undefined
  checking: boolean
}

/** Where replica Drizzle clients came from: their primary, and the set that knows their position. */
const replicaOrigin = new WeakMap<Db, { primary: Db; state: ReplicaState }>()

/**
 * The primary behind `db` when `db` is a replica's client of a ReplicaSet, else `db` itself.
 * Caches keyed by database (the catalog version, memoised reads) use it, so a replica's reads
 * share the primary's keys.
 */
export function primaryOf(db: Db): Db {
  return replicaOrigin.get(db)?.primary ?? db
}

/**
 * Whether `db` may be read as of `lsn`: true for a primary; for a replica's client, true when its
 * last known replay position is at or past `lsn` and it is in use. A replica's position only moves
 * forward, so a true answer holds for every later query on it.
 */
export function hasReplayed(db: Db, lsn: Lsn | undefined): boolean {
  const origin = replicaOrigin.get(db)
  if (!origin) return true
  const { state } = origin
  return state.inUse && lsn !== undefined && state.replayLsn !== undefined && state.replayLsn >= lsn
}

/** A database name that can be printed: host:port/database, never the user or password. */
export function replicaName(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`
  } catch {
    return 'replica'
  }
}

/**
 * The replicas of one primary, checked every `checkIntervalMs`:
 * - the primary's pg_current_wal_lsn() is sampled and kept for the last maxLag + 10 s;
 * - each replica answers pg_is_in_recovery() and pg_last_wal_replay_lsn();
 * - its lag is 0 when it has replayed the newest primary position sampled before it was asked,
 *   else the age of the oldest sample it has not reached. This is true lag while the primary is
 *   idle too (a replay timestamp would grow with nothing to replay).
 * A replica is in use while it answers as a standby within maxLagSeconds; dropping and taking
 * back are reported through onChange. With no URLs the set is empty and every read is the
 * primary's.
 */
export class ReplicaSet {
  readonly maxLagSeconds: number
  private readonly primary: Db
  private readonly states: ReplicaState[]
  private readonly samples: { at: number; lsn: Lsn }[] = []
  private readonly timer: NodeJS.Timeout | undefined
  private next = 0
  private closed = false
  private readonly onChange: ((status: ReplicaStatus) => void) | undefined
  private readonly onError: ((error: unknown) => void) | undefined
  private firstCheck: Promise<void> | undefined

  constructor(options: ReplicaSetOptions) {
    this.primary = options.primary
    this.maxLagSeconds = options.maxLagSeconds ?? 5
    this.onChange = options.onChange
    this.onError = options.onError
    const primaryPool = options.primary.$client
    this.states = options.urls.map((url) => {
      const name = replicaName(url)
      const state: ReplicaState = {
        name,
        db: undefined as unknown as Db,
        pool: undefined as unknown as pg.Pool,
        replayLsn: undefined,
        lagSeconds: null,
        inUse: false,
        reason: 'not checked yet',
        checking: false,
      }
      const { db, pool } = createDb(url, {
        max: options.poolSize ?? 10,
        applicationName: 'presently-replica-read',
        makePool: (config) =>
          new ReplicaPool(config, primaryPool, (error) =>
            this.mark(state, false, `does not answer (${(error as Error).message})`),
          ),
      })
      state.db = db
      state.pool = pool
      replicaOrigin.set(db, { primary: options.primary, state })
      return state
    })
    if (this.states.length > 0) {
      this.firstCheck = this.check()
      this.timer = setInterval(() => void this.check(), options.checkIntervalMs ?? 500)
      this.timer.unref()
    }
  }

  /** Whether any replica was configured. */
  get configured(): boolean {
    return this.states.length > 0
  }

  /** Resolves after the first round of checks (tests, start-up). */
  async ready(): Promise<void> {
    await this.firstCheck
  }

  /**
   * A replica in use that has replayed at least `minLsn` (round robin among them), or undefined
   * when none has: the caller reads the primary.
   */
  pick(minLsn: Lsn | undefined): Replica | undefined {
    const count = this.states.length
    for (let i = 0; i < count; i += 1) {
      const state = this.states[(this.next + i) % count]!
      if (!state.inUse || state.replayLsn === undefined) continue
      if (minLsn !== undefined && state.replayLsn < minLsn) continue
      this.next = (this.next + i + 1) % count
      return state
    }
    return undefined
  }

  /** Every replica's state, for /readyz. */
  status(): ReplicaStatus[] {
    return this.states.map((state) => this.statusOf(state))
  }

  /** The primary's WAL position now (after a write: the position a later read must have reached). */
  async primaryLsn(): Promise<Lsn | undefined> {
    const { rows } = await this.primary.$client.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')
    return parseLsn(rows[0]?.lsn)
  }

  /** Stops checking and ends every replica pool. */
  async close(): Promise<void> {
    this.closed = true
    if (this.timer) clearInterval(this.timer)
    await Promise.all(this.states.map((state) => state.pool.end().catch(() => {})))
  }

  private statusOf(state: ReplicaState): ReplicaStatus {
    return {
      name: state.name,
      inUse: state.inUse,
      lagSeconds:
        state.lagSeconds === null || !Number.isFinite(state.lagSeconds) ? null : Math.round(state.lagSeconds * 10) / 10,
      replayLsn: state.replayLsn === undefined ? null : formatLsn(state.replayLsn),
      ...(state.inUse ? {} : { reason: state.reason }),
    }
  }

  private mark(state: ReplicaState, inUse: boolean, reason?: string): void {
    const was = state.inUse
    state.inUse = inUse
    state.reason = inUse ? undefined : reason
    if (!inUse && reason?.startsWith('does not answer')) {
      state.lagSeconds = null
    }
    if (was !== inUse && !this.closed) this.onChange?.(this.statusOf(state))
  }

  /** One round: the primary's position, then every replica's. */
  private async check(): Promise<void> {
    if (this.closed) return
    const now = Date.now()
    try {
      const lsn = await this.primaryLsn()
      if (lsn !== undefined) this.samples.push({ at: now, lsn })
    } catch (error) {
      this.onError?.(error)
    }
    const keepMs = (this.maxLagSeconds + 10) * 1000
    while (this.samples.length > 1 && now - this.samples[0]!.at > keepMs) this.samples.shift()
    await Promise.all(this.states.map((state) => this.checkReplica(state)))
  }

  private async checkReplica(state: ReplicaState): Promise<void> {
    if (state.checking) return
    state.checking = true
    const client = new pg.Client({ ...state.pool.options, connectionTimeoutMillis: 2000 })
    client.on('error', () => {})
    try {
      await client.connect()
      const { rows } = await client.query<{ standby: boolean; lsn: string | null }>(
        'select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as lsn',
      )
      const row = rows[0]
      const replayLsn = parseLsn(row?.lsn)
      if (!row?.standby || replayLsn === undefined) {
        state.replayLsn = undefined
        state.lagSeconds = null
        this.mark(state, false, 'not a standby')
        return
      }
      state.replayLsn = replayLsn
      state.lagSeconds = this.lagOf(replayLsn)
      if (state.lagSeconds > this.maxLagSeconds) {
        this.mark(
          state,
          false,
          Number.isFinite(state.lagSeconds)
            ? `${state.lagSeconds.toFixed(1)} s behind (bound ${this.maxLagSeconds} s)`
            : 'catching up',
        )
      } else {
        this.mark(state, true)
      }
    } catch (error) {
      state.replayLsn = undefined
      this.mark(state, false, `does not answer (${(error as Error).message})`)
    } finally {
      state.checking = false
      await client.end().catch(() => {})
    }
  }

  /**
   * Seconds since the primary first held a position this replica has not replayed (0: caught up).
   * Behind even the oldest position kept, the lag is at least that sample's age and has no upper
   * bound: Infinity, so a replica found far behind at start-up is not used until it catches up.
   */
  private lagOf(replayLsn: Lsn): number {
    const newest = this.samples[this.samples.length - 1]
    if (!newest || replayLsn >= newest.lsn) return 0
    const oldestAhead = this.samples.find((sample) => sample.lsn > replayLsn)!
    if (oldestAhead === this.samples[0]) return Number.POSITIVE_INFINITY
    return (Date.now() - oldestAhead.at) / 1000
  }
}
