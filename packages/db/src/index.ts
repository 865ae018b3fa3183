export * from 'drizzle-orm'
export * as schema from './schema/index.ts'
export * from './schema/index.ts'
export { createDb, createPool, dedicatedClientOf, openDatabase, type Database, type Db } from './client.ts'
export {
  startEmbeddedCluster,
  startTemporaryCluster,
  findRunningCluster,
  EmbeddedDatabaseError,
  type EmbeddedCluster,
  type StartClusterOptions,
} from './embedded.ts'
export {
  runMigrations,
  migrationsFolder,
  shippedMigrationCount,
  appliedMigrationCount,
  withStartupLock,
} from './migrate/migrate.ts'
export { isDatabaseUnavailable } from './unavailable.ts'
export {
  ReplicaSet,
  hasReplayed,
  primaryOf,
  parseLsn,
  formatLsn,
  replicaName,
  isReplicaFailure,
  type Lsn,
  type Replica,
  type ReplicaStatus,
  type ReplicaSetOptions,
} from './replicas.ts'
export { anyOf } from './any-of.ts'
export { perDatabase } from './per-database.ts'
export { queryNamed, prepareNamed, queryPrepared, type PreparedNamed } from './named-query.ts'
export * from './catalog/index.ts'
export { GIFT_INTEREST_CATEGORY } from './reference/gift-interests.ts'
export { countHit } from './rate-limit-counters.ts'
