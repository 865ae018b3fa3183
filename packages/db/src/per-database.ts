import type { Db } from './client.ts'

/**
 * A value kept per database handle: the returned function gives `make(db)`'s value for `db`,
 * made on its first call for that handle and kept while the handle lives (a WeakMap, so a test's
 * database and its caches go together). For what a module holds per database: prepared
 * statements, caches, memoised answers.
 *
 * @param make builds the value for one handle (called once per handle).
 * @returns `(db) => value`.
 */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const values = new WeakMap<Db, T>()
  return (db) => {
    let value = values.get(db)
    if (value === undefined) {
      value = make(db)
      values.set(db, value)
    }
    return value
  }
}
