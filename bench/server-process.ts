import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export interface ServerProcess {
  /** http://127.0.0.1:PORT */
  url: string
  /** The server's process id (for reading its CPU time). */
  pid: number
  /** Its DATA_DIR (the embedded cluster lives there unless DATABASE_URL is set). */
  dataDir: string
  /** Sends SIGTERM and waits for the process to end (so a --cpu-prof profile is written). */
  stop: () => Promise<void>
}

export interface ServerProcessOptions {
  port: number
  /** Extra `node` flags, e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/prof']. */
  nodeFlags?: string[]
  /** Added to the server's environment (DATABASE_URL is passed on from this process when set). */
  env?: Record<string, string>
}

/**
 * Starts the real server (apps/server/src/server.ts) in its own process, the way `npm start` does
 * (tsx), on 127.0.0.1:`port` with a fresh DATA_DIR in the temp folder (removed by stop()). The
 * embedded database is used unless DATABASE_URL is set. Resolves once /healthz answers 200, which
 * includes the first start's catalog import.
 * @throws Error when the process exits or /healthz does not answer within 5 minutes.
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'presently-bench-server-'))
  const url = `http://127.0.0.1:${options.port}`
  const child: ChildProcess = spawn(
    process.execPath,
    [...(options.nodeFlags ?? []), '--import', 'tsx', path.join(repoRoot, 'apps/server/src/server.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(options.port),
        HOST: '127.0.0.1',
        APP_URL: url,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...options.env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  )
  let exited = false
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true
      resolve()
    }),
  )
  const deadline = Date.now() + 5 * 60_000
  for (;;) {
    if (exited) throw new Error(`the server process exited before ${url}/healthz answered`)
    if (Date.now() > deadline) {
      child.kill('SIGTERM')
      throw new Error(`${url}/healthz did not answer within 5 minutes`)
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) break
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return {
    url,
    pid: child.pid!,
    dataDir,
    stop: async () => {
      if (!exited) child.kill('SIGTERM')
      await exit
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
