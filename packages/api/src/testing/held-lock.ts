import type pg from 'pg'

/** A transaction left open on its own connection, holding the row locks its statements took. */
export interface HeldTransaction {
  /** The backend's process id (pg_backend_pid()). */
  pid: number
  /** Commits and gives the connection back. */
  commit: () => Promise<void>
  /** Rolls back and gives the connection back. */
  rollback: () => Promise<void>
}

/**
 * Opens a transaction on a connection of `pool`, runs `statements` in it and leaves it open: an
 * uncommitted DELETE or UPDATE (or a SELECT ... FOR UPDATE) that the code under test then meets.
 * With waitUntilBlocking it replays races deterministically (no sleeps): the other side starts,
 * the test waits until it queues on this transaction's locks, then commits. Test helper.
 */
export async function holdTransaction(
  pool: pg.Pool,
  statements: { text: string; values?: unknown[] }[],
): Promise<HeldTransaction> {
  const client = await pool.connect()
  let done = false
  const end = async (how: 'commit' | 'rollback') => {
    if (done) return
    done = true
    try {
      await client.query(how)
    } finally {
      client.release()
    }
  }
  try {
    await client.query('begin')
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid')
    for (const s of statements) await client.query(s.text, s.values)
    return { pid: rows[0]!.pid, commit: () => end('commit'), rollback: () => end('rollback') }
  } catch (err) {
    await end('rollback')
    throw err
  }
}

/**
 * Resolves once at least `count` other backends wait on a lock that backend `pid` holds
 * (pg_blocking_pids), polling every 10 ms.
 * @throws Error after `timeoutMs` (default 10 s) with nobody waiting: the code under test did not
 *   meet the held locks (it finished or failed first).
 */
export async function waitUntilBlocking(pool: pg.Pool, pid: number, count = 1, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const { rows } = await pool.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))',
      [pid],
    )
    if ((rows[0]?.n ?? 0) >= count) return
    if (Date.now() > deadline) throw new Error(`nothing waited on backend ${pid} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
