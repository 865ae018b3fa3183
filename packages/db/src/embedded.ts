import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import net from 'node:net'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'

/** Name of the file in DATA_DIR that tells other processes where the running embedded server listens. */
const ADDRESS_FILE = 'embedded-server.json'

export interface EmbeddedServer {
  /** postgres:// URL of the loopback socket. */
  url: string
  /** Stops the socket server and closes PGlite (flushes to disk). */
  stop: () => Promise<void>
}

interface AddressRecord {
  url: string
  pid: number
}

/**
 * Starts PGlite (Postgres in-process, pg_trgm loaded) on `dataDir` and exposes it on a loopback
 * TCP socket, so the app, CLIs and tests all connect with node-postgres exactly as to a real
 * server. `dataDir` undefined means an in-memory database (tests).
 *
 * @param options.port 0 (default) picks a free port.
 * @param options.maxConnections concurrent client connections the multiplexer accepts (>= 20).
 */
export async function startEmbeddedServer(options: {
  dataDir?: string
  port?: number
  maxConnections?: number
}): Promise<EmbeddedServer> {
  const { dataDir, port = 0, maxConnections = 32 } = options
  if (dataDir) await mkdir(dataDir, { recursive: true })
  const pglite = await PGlite.create({
    dataDir: dataDir ? path.join(dataDir, 'pglite') : undefined,
    extensions: { pg_trgm },
  })
  const server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port, maxConnections })
  await server.start()
  const url = `postgres://postgres@${server.getServerConn()}/postgres`
  const addressFile = dataDir ? path.join(dataDir, ADDRESS_FILE) : undefined
  if (addressFile) {
    const record: AddressRecord = { url, pid: process.pid }
    await writeFile(addressFile, JSON.stringify(record))
  }
  let stopped = false
  return {
    url,
    stop: async () => {
      if (stopped) return
      stopped = true
      await server.stop()
      await pglite.close()
      if (addressFile) await rm(addressFile, { force: true })
    },
  }
}

/**
 * Finds the embedded server another process (usually the shop server) already runs on
 * `dataDir`, because PGlite's files can be opened by one process only. Returns its URL when
 * its process is alive and the port accepts connections, else undefined.
 */
export async function findRunningEmbeddedServer(dataDir: string): Promise<string | undefined> {
  let record: AddressRecord
  try {
    record = JSON.parse(await readFile(path.join(dataDir, ADDRESS_FILE), 'utf8')) as AddressRecord
  } catch {
    return undefined
  }
  if (record.pid === process.pid || !isAlive(record.pid)) return undefined
  const { hostname, port } = new URL(record.url)
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
  return reachable ? record.url : undefined
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
