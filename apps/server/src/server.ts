import { ensureAdmin } from '@presently/api'
import { openDatabase, runMigrations } from '@presently/db'
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

const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, maxConnections: 20 })
const app = await buildApp({ env, db: database.db, logger })
app.log.info(
  database.kind === 'postgres'
    ? 'database: PostgreSQL server (DATABASE_URL)'
    : `database: embedded PGlite in ${env.DATA_DIR} on ${database.url}`,
)

try {
  await runMigrations(database.db)
  await seedCatalogIfEmpty(database.db, (message: string) => app.log.info(message), env.CATALOG_FEEDS)
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const outcome = await ensureAdmin(database.db, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD })
    app.log.info(`admin account ${env.ADMIN_EMAIL}: ${outcome}`)
  }
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
    const forced = setTimeout(() => process.exit(1), 10_000)
    forced.unref()
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'shutdown failed')
        process.exit(1)
      })
  })
}
