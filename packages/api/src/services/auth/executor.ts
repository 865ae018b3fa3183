import type { Db } from '@presently/db'

/** A transaction handed to `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
/** Where a query can run: the database or an open transaction. */
export type Executor = Db | Tx
