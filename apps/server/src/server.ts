import { ensureAdmin } from '@presently/api'
import { EmbeddedDatabaseError, openDatabase, runMigrations, withStartupLock, type Database } from '@presently/db'
import { seedCatalogIfEmpty } from '@presently/db/import'
import { buildApp } from './app.ts'
import { parseEnv } from './env.ts'

let env
try {
  env = parseEnv()
} catch (err) {
  console.error((err as Error).message)
  process.exit(1)
}

const logger =
  process.stdout.isTTY && env.NODE_ENV !== 'production'
    ? {
        level: env.LOG_LEVEL,
        transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
      }
    : { level: env.LOG_LEVEL }

let database: Database
try {
  database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    maxConnections: 20,
    // The shop drains requests before the embedded cluster stops (see the signal handlers below).
    signals: 'caller',
    onProgress: (message) => console.log(`database: ${message}`),
  })
} catch (err) {
  console.error(err instanceof EmbeddedDatabaseError ? err.message : err)
  process.exit(1)
}
const app = await buildApp({ env, db: database.db, logger, jobsDatabaseUrl: database.url })
app.log.info(
  database.kind === 'postgres'
    ? 'database: PostgreSQL server (DATABASE_URL)'
    : database.kind === 'embedded'
      ? `database: embedded PostgreSQL in ${env.DATA_DIR}/postgres on ${new URL(database.url).host}`
      : `database: the embedded PostgreSQL another process runs on ${env.DATA_DIR} (${new URL(database.url).host})`,
)

try {
  // Instances starting together on one database take turns (issue 15): one migrates and imports.
  await withStartupLock(database.db, async () => {
    await runMigrations(database.db)
    await seedCatalogIfEmpty(database.db, (message: string) => app.log.info(message), env.CATALOG_FEEDS)
    if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
      const outcome = await ensureAdmin(database.db, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD })
      app.log.info(`admin account ${env.ADMIN_EMAIL}: ${outcome}`)
    }
  })
  await app.listen({ port: env.PORT, host: env.HOST })
  app.log.info(`Presently is running at ${env.APP_URL}`)
} catch (err) {
  app.log.error({ err }, 'start failed')
  await app.close()
  await database.close()
  process.exit(1)
}

let closing = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return
    closing = true
    app.log.info(`${signal} received, shutting down`)
    // Draining is bounded: whatever still runs after 10 s is cut off.
    const forced = setTimeout(() => process.exit(1), 10_000)
    forced.unref()
    // Fastify closes idle keep-alive sockets once, when closing starts; a socket busy then turns
    // idle when its request is answered and would hold close() open until the client drops it.
    const drain = setInterval(() => app.server.closeIdleConnections(), 100)
    drain.unref()
    // Each step is logged, so a shutdown cut off by the 10 s bound says where it stood.
    void app
      .close()
      .finally(() => clearInterval(drain))
      .then(() => app.log.info('requests drained and plugins closed; stopping the database'))
      .then(() => database.close())
      .then(() => app.log.info('database stopped'))
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'shutdown failed')
        process.exit(1)
      })
  })
}
