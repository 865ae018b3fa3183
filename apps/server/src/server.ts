import cluster, { type Worker } from 'node:cluster'
import type { Socket } from 'node:net'
import os from 'node:os'
import { pino } from 'pino'
import { ensureAdmin } from '@presently/api'
import { EmbeddedDatabaseError, openDatabase, runMigrations, withStartupLock, type Database } from '@presently/db'
import { seedCatalogIfEmpty } from '@presently/db/import'
import { childImportRunner, type ChildLog } from './catalog-import/run-in-child.ts'
import { parseEnv, type Env } from './env.ts'
import { LOG_HOOKS } from './plugins/secret-urls.ts'

let env: Env
try {
  env = parseEnv()
} catch (err) {
  console.error((err as Error).message)
  process.exit(1)
}

// Every line of every logger passes the secret rule (issue 41), the primary's too.
const logger =
  process.stdout.isTTY && env.NODE_ENV !== 'production'
    ? {
        level: env.LOG_LEVEL,
        hooks: LOG_HOOKS,
        transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
      }
    : { level: env.LOG_LEVEL, hooks: LOG_HOOKS }

/** What the starting process writes to (the Fastify app's logger, or the primary's own). */
interface StartLog extends ChildLog {
  info(message: string): void
  info(obj: object, message: string): void
}

/**
 * Opens the database (DATABASE_URL, else the embedded cluster in DATA_DIR: started here, or the one
 * another process of the shop runs there). Exits the process with 1 when it cannot.
 */
async function open(maxConnections: number): Promise<Database> {
  try {
    return await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      maxConnections,
      // The shop drains requests before the embedded cluster stops (see the signal handlers below).
      signals: 'caller',
      onProgress: (message) => console.log(`database: ${message}`),
    })
  } catch (err) {
    console.error(err instanceof EmbeddedDatabaseError ? err.message : err)
    process.exit(1)
  }
}

function describe(database: Database): string {
  return database.kind === 'postgres'
    ? 'database: PostgreSQL server (DATABASE_URL)'
    : database.kind === 'embedded'
      ? `database: embedded PostgreSQL in ${env.DATA_DIR}/postgres on ${new URL(database.url).host}`
      : `database: the embedded PostgreSQL another process runs on ${env.DATA_DIR} (${new URL(database.url).host})`
}

/**
 * Migrations, the first catalog import and the bootstrap admin, once per start. Instances starting
 * together on one database take turns (issue 15): one migrates and imports.
 */
async function startupTasks(database: Database, log: StartLog): Promise<void> {
  await withStartupLock(database.db, async () => {
    await runMigrations(database.db)
    // The import runs in a child process with its own heap (docs/decisions/catalog-jobs-process.md).
    await seedCatalogIfEmpty(database.db, (message: string) => log.info(message), env.CATALOG_FEEDS, {
      runImport: childImportRunner({ databaseUrl: database.url, log }),
    })
    if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
      const outcome = await ensureAdmin(database.db, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD })
      log.info(`admin account ${env.ADMIN_EMAIL}: ${outcome}`)
    }
  })
}

/**
 * One whole server: the Fastify app on PORT, its pool of 20 connections, its jobs. "single" is the
 * default (WEB_CONCURRENCY=1) and does the start-up tasks itself; a "worker" of the primary below
 * finds them done and leaves announcing the shop to the primary.
 */
async function runServer(role: 'single' | 'worker'): Promise<void> {
  // Imported here, so a primary (which serves nothing) never loads the app's modules.
  const { buildApp } = await import('./app.ts')
  const database = await open(20)
  const app = await buildApp({ env, db: database.db, logger, jobsDatabaseUrl: database.url })
  if (role === 'single') app.log.info(describe(database))
  try {
    if (role === 'single') await startupTasks(database, app.log)
    await app.listen({ port: env.PORT, host: env.HOST })
    if (role === 'single') app.log.info(`Presently is running at ${env.APP_URL}`)
  } catch (err) {
    app.log.error({ err }, 'start failed')
    await app.close()
    await database.close()
    process.exit(1)
  }

  // The open connections: a shutdown closes those that have sent nothing and logs what is left.
  const sockets = new Set<Socket>()
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  let closing = false
  const shutDown = (reason: string) => {
    if (closing) return
    closing = true
    app.log.info(`${reason}, shutting down`)
    // Draining is bounded: whatever still runs after 10 s is cut off.
    const forced = setTimeout(() => process.exit(1), 10_000)
    forced.unref()
    // Fastify closes idle keep-alive sockets once, when closing starts; a socket busy then turns
    // idle when its request is answered and would hold close() open until the client drops it.
    // A connection accepted as closing began that has sent nothing is closed too: Node counts it
    // as busy (closeIdleConnections leaves it) and close() would wait for the client to hang up
    // (CI: one such connection held a shutdown the full 10 s with every request answered).
    const drain = setInterval(() => {
      app.server.closeIdleConnections()
      for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy()
    }, 100)
    drain.unref()
    // A connection still open 5 s in (a request that slow, or one half sent) is logged with what
    // else keeps the process up, then closed outright.
    const stuck = setTimeout(() => {
      app.log.warn(
        {
          listening: app.server.listening,
          connections: [...sockets].map((socket) => ({
            remotePort: socket.remotePort,
            bytesRead: socket.bytesRead,
            bytesWritten: socket.bytesWritten,
          })),
          afterResponseTasks: app.afterResponse.pending(),
          resources: process.getActiveResourcesInfo(),
        },
        'still closing after 5 s; closing every connection',
      )
      app.server.closeAllConnections()
    }, 5000)
    stuck.unref()
    app.server.once('close', () => app.log.info('every connection closed'))
    // Each step is logged, so a shutdown cut off by the 10 s bound says where it stood.
    void app
      .close()
      .finally(() => {
        clearInterval(drain)
        clearTimeout(stuck)
      })
      .then(() => app.log.info('requests drained and plugins closed; stopping the database'))
      .then(() => database.close())
      .then(() => app.log.info('database stopped'))
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'shutdown failed')
        process.exit(1)
      })
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => shutDown(`${signal} received`))
  // A worker whose primary is gone (killed outright) stops too, rather than serving on alone.
  if (role === 'worker') process.on('disconnect', () => shutDown('the primary process is gone'))
}

/**
 * WEB_CONCURRENCY > 1 (issue 24, docs/decisions/server-processes.md): this process owns the
 * database (starts the embedded cluster, runs the start-up tasks) and serves nothing itself; it
 * forks WEB_CONCURRENCY node:cluster workers that share PORT (the primary hands each new
 * connection to the next worker). A worker that exits after it listened is replaced (more than 5
 * in a minute stops the shop with exit 1); one that exits before it listened stops the shop with 1.
 * SIGINT/SIGTERM: each worker drains (10 s bound), then the database stops, then exit 0 (1 when a
 * worker had to be killed after 12 s).
 */
async function runPrimary(): Promise<void> {
  const log = pino(logger)
  const database = await open(4)
  log.info(describe(database))
  try {
    await startupTasks(database, log)
  } catch (err) {
    log.error({ err }, 'start failed')
    await database.close()
    process.exit(1)
  }

  const processes = env.WEB_CONCURRENCY
  const listening = new Set<number>()
  const restarts: number[] = []
  let announced = false
  let closing = false
  let finishing = false
  let exitCode = 0
  const alive = (): Worker[] => Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead())

  const finish = async (code: number) => {
    if (finishing) return
    finishing = true
    try {
      await database.close()
      log.info('database stopped')
    } catch (err) {
      log.error({ err }, 'stopping the database failed')
      code = 1
    }
    // pino writes asynchronously; flush before exiting.
    log.flush(() => process.exit(code))
  }
  const shutDown = (reason: string, code: number) => {
    if (closing) return
    closing = true
    log.info(`${reason}, stopping ${alive().length} server processes`)
    exitCode = code
    for (const worker of alive()) worker.process.kill('SIGTERM')
    setTimeout(() => {
      const stuck = alive()
      for (const worker of stuck) worker.process.kill('SIGKILL')
      if (stuck.length > 0) log.error(`${stuck.length} server processes did not stop within 12 s`)
      void finish(1)
    }, 12_000).unref()
    if (alive().length === 0) void finish(code)
  }

  // Workers that fill every core collect their garbage on their own thread: V8's parallel helpers
  // would only take turns with the other workers for the same cores (bench:picks, two processes on
  // two cores, five A/B pairs: p95 11.5-13.4 -> 11.1-12.7 ms; docs/decisions/server-processes.md).
  if (processes >= os.availableParallelism())
    cluster.setupPrimary({ execArgv: [...process.execArgv, '--single-threaded-gc'] })
  const fork = () => {
    const worker = cluster.fork()
    worker.once('listening', () => {
      listening.add(worker.id)
      if (!announced && listening.size === processes) {
        announced = true
        log.info(`Presently is running at ${env.APP_URL} (${processes} server processes)`)
      }
    })
  }
  cluster.on('exit', (worker, code, signal) => {
    const hadListened = listening.delete(worker.id)
    const how = signal ? `signal ${signal}` : `code ${code}`
    if (closing) {
      if (alive().length === 0) void finish(exitCode)
      return
    }
    if (!hadListened) {
      shutDown(`a server process (pid ${worker.process.pid}) exited with ${how} before it listened`, 1)
      return
    }
    const now = Date.now()
    restarts.push(now)
    while (restarts.length > 0 && restarts[0]! < now - 60_000) restarts.shift()
    if (restarts.length > 5) {
      shutDown('server processes keep exiting (more than 5 in a minute)', 1)
      return
    }
    log.error(`server process ${worker.process.pid} exited with ${how}; starting another`)
    fork()
  })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => shutDown(`${signal} received`, 0))
  for (let i = 0; i < processes; i++) fork()
}

if (env.WEB_CONCURRENCY > 1 && cluster.isPrimary) await runPrimary()
else await runServer(cluster.isPrimary ? 'single' : 'worker')
