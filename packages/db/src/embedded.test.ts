import { spawn } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { EmbeddedDatabaseError, findRunningCluster, startEmbeddedCluster, type EmbeddedCluster } from './embedded.ts'

/**
 * The embedded default of issue 8: a real PostgreSQL server per DATA_DIR, started, shared,
 * recovered and stopped by the shop. Each case makes its own folder under the system temp dir
 * (reachable by the "postgres" OS user when the tests run as root).
 */
const here = path.dirname(fileURLToPath(import.meta.url))
const folders: string[] = []
const clusters: EmbeddedCluster[] = []

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'presently-embedded-test-'))
  await chmod(dir, 0o755)
  folders.push(dir)
  return dir
}

async function start(dataDir: string) {
  const cluster = await startEmbeddedCluster({ dataDir, settings: { fsync: 'off' } })
  clusters.push(cluster)
  return cluster
}

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(text)).rows as T[]
  } finally {
    await client.end()
  }
}

afterAll(async () => {
  for (const cluster of clusters) await cluster.stop()
  for (const dir of folders) await rm(dir, { recursive: true, force: true })
})

describe('startEmbeddedCluster', { timeout: 60_000 }, () => {
  it('creates a UTF-8 cluster on loopback with a private random password, and keeps data across restarts', async () => {
    const dataDir = await tempDir()
    const cluster = await start(dataDir)
    expect(cluster.owned).toBe(true)
    const url = new URL(cluster.url)
    expect(url.hostname).toBe('127.0.0.1')
    expect(url.password.length).toBeGreaterThanOrEqual(24)
    expect(statSync(path.join(dataDir, 'postgres-password')).mode & 0o777).toBe(0o600)

    const [settings] = await query<{ encoding: string; listen: string; sockets: string; version: string }>(
      cluster.url,
      `select pg_encoding_to_char(encoding) as encoding, current_setting('listen_addresses') as listen,
              current_setting('unix_socket_directories') as sockets, current_setting('server_version_num') as version
         from pg_database where datname = current_database()`,
    )
    expect(settings).toEqual({
      encoding: 'UTF8',
      listen: '127.0.0.1',
      sockets: '',
      version: expect.stringMatching(/^17/),
    })
    // A wrong password is refused: the password is what keeps other local users out.
    const wrong = new URL(cluster.url)
    wrong.password = 'not-the-password'
    await expect(query(wrong.toString(), 'select 1')).rejects.toThrow(/password authentication failed/)

    await query(cluster.url, 'create table kept (v text); insert into kept values ($$still here$$)')
    await cluster.stop()
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false)
    const again = await start(dataDir)
    expect(await query(again.url, 'select v from kept')).toEqual([{ v: 'still here' }])
  })

  it('shares a cluster whose owner is alive, and only the owner stops it', async () => {
    const dataDir = await tempDir()
    const owner = await start(dataDir)
    const guest = await startEmbeddedCluster({ dataDir })
    expect(guest.owned).toBe(false)
    expect(guest.url).toBe(owner.url)
    await guest.stop()
    expect(await query(owner.url, 'select 1 as ok')).toEqual([{ ok: 1 }])
    expect(await findRunningCluster(dataDir)).toMatchObject({ ownerAlive: true })
  })

  it('recovers a cluster whose process was killed (kill -9) and one with a stale postmaster.pid', async () => {
    const dataDir = await tempDir()
    // A separate process starts the cluster and is then killed without any chance to clean up.
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('${path.join(here, 'embedded.ts')}').then(async (m) => {
           await m.startEmbeddedCluster({ dataDir: ${JSON.stringify(dataDir)} })
           console.log('ready')
           setInterval(() => {}, 1000)
         })`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve())
      child.once('exit', (code) => reject(new Error(`child exited early (${code})`)))
    })
    const orphan = await findRunningCluster(dataDir)
    expect(orphan).toBeDefined()
    child.kill('SIGKILL')
    await new Promise((resolve) => child.once('exit', resolve))
    expect(await findRunningCluster(dataDir)).toMatchObject({ pid: orphan!.pid, ownerAlive: false })

    const progress: string[] = []
    const recovered = await startEmbeddedCluster({ dataDir, onProgress: (m) => progress.push(m) })
    clusters.push(recovered)
    expect(recovered.owned).toBe(true)
    expect(progress.join('\n')).toContain(`stopping the PostgreSQL server (pid ${orphan!.pid})`)
    expect(await query(recovered.url, 'select 1 as ok')).toEqual([{ ok: 1 }])
    await recovered.stop()

    // A postmaster.pid naming a process that is not PostgreSQL (pid reuse after a reboot).
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid')
    await writeFile(pidFile, `${process.pid}\n${path.join(dataDir, 'postgres')}\n0\n5432\n\n127.0.0.1\n`)
    const afterStale = await start(dataDir)
    expect(await query(afterStale.url, 'select 1 as ok')).toEqual([{ ok: 1 }])
    expect((await readFile(pidFile, 'utf8')).split('\n')[0]).not.toBe(String(process.pid))
  })

  it('starts a server that died (SIGKILL) again on the same port, and restart() keeps the port', async () => {
    const dataDir = await tempDir()
    const progress: string[] = []
    const cluster = await startEmbeddedCluster({
      dataDir,
      settings: { fsync: 'off' },
      onProgress: (m) => progress.push(m),
    })
    clusters.push(cluster)
    await query(cluster.url, 'create table kept (v int); insert into kept values (1)')
    const before = await findRunningCluster(dataDir)
    process.kill(before!.pid, 'SIGKILL')
    // Same URL, same port: a pool only has to reconnect.
    let rows: Array<{ v: number }> = []
    for (let i = 0; i < 150 && rows.length === 0; i++) {
      rows = await query<{ v: number }>(cluster.url, 'select v from kept').catch(() => [])
      if (rows.length === 0) await new Promise((resolve) => setTimeout(resolve, 200))
    }
    expect(rows).toEqual([{ v: 1 }])
    expect(progress.join('\n')).toMatch(/PostgreSQL exited unexpectedly .*starting it again on port/)
    expect((await findRunningCluster(dataDir))!.pid).not.toBe(before!.pid)

    await cluster.restart!({ downForMs: 100 })
    expect(await query(cluster.url, 'select v from kept')).toEqual([{ v: 1 }])
  })

  it('refuses the PGlite data of an earlier version, says what to do and changes nothing', async () => {
    const dataDir = await tempDir()
    await mkdir(path.join(dataDir, 'pglite', 'base'), { recursive: true })
    await writeFile(path.join(dataDir, 'pglite', 'PG_VERSION'), '17\n')
    const error = await startEmbeddedCluster({ dataDir }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(EmbeddedDatabaseError)
    expect((error as Error).message).toContain('made by an earlier version of Presently (PGlite: pglite)')
    expect((error as Error).message).toContain(`mv ${dataDir} ${dataDir}-pglite-backup`)
    expect(await readFile(path.join(dataDir, 'pglite', 'PG_VERSION'), 'utf8')).toBe('17\n')
    expect(existsSync(path.join(dataDir, 'postgres'))).toBe(false)
  })

  it.runIf(process.getuid?.() === 0)('lets the cluster through a DATA_DIR of mode 700 (its own folder)', async () => {
    const dataDir = await tempDir()
    await chmod(dataDir, 0o700)
    const cluster = await start(dataDir)
    expect(await query(cluster.url, 'select 1 as ok')).toEqual([{ ok: 1 }])
    expect(statSync(dataDir).mode & 0o777).toBe(0o701)
  })

  it.runIf(process.getuid?.() === 0)('names the folder the "postgres" OS user cannot enter', async () => {
    const outer = await tempDir()
    await chmod(outer, 0o700)
    const error = await startEmbeddedCluster({ dataDir: path.join(outer, 'data') }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(EmbeddedDatabaseError)
    expect((error as Error).message).toContain(`cannot enter ${outer}`)
    expect((error as Error).message).toContain('DATA_DIR=/var/lib/presently')
  })
})

describe('withStartupLock', { timeout: 60_000 }, () => {
  it('lets two instances migrate one empty database together: one migrates, the other finds it done', async () => {
    const dataDir = await tempDir()
    const cluster = await start(dataDir)
    const { createDb } = await import('./client.ts')
    const { runMigrations, withStartupLock, appliedMigrationCount, shippedMigrationCount } =
      await import('./migrate/migrate.ts')
    const a = createDb(cluster.url, { max: 3 })
    const b = createDb(cluster.url, { max: 3 })
    const order: string[] = []
    const instance = (name: string, db: typeof a.db) =>
      withStartupLock(db, async () => {
        order.push(`${name} in`)
        await runMigrations(db)
        order.push(`${name} out`)
      })
    await Promise.all([instance('a', a.db), instance('b', b.db)])
    // Never interleaved.
    expect(['a in,a out,b in,b out', 'b in,b out,a in,a out']).toContain(order.join(','))
    expect(await appliedMigrationCount(a.db)).toBe(shippedMigrationCount())
    await a.pool.end()
    await b.pool.end()
  })
})
