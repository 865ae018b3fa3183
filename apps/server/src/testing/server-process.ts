import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** A real server process started by spawnServer. */
export interface SpawnedServer {
  child: ChildProcess
  /** Everything it has written so far, stdout and stderr interleaved (JSON log lines at info). */
  output: () => string
  /** Resolves with its exit code. */
  exited: Promise<number | null>
}

/**
 * The real server (src/server.ts) in a process of its own, run from source with tsx (`npm start`
 * runs the same source compiled to dist/; a test needs no build step): the
 * embedded PostgreSQL in `dataDir` (DATABASE_URL cleared), PORT `port`, NODE_ENV=production, logs
 * at info, no built SPA, then `env` on top (e.g. WEB_CONCURRENCY). The caller stops or kills it.
 */
export function spawnServer(options: { dataDir: string; port: number; env?: Record<string, string> }): SpawnedServer {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: options.dataDir,
      PORT: String(options.port),
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      WEB_DIST: '/nonexistent',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, output: () => output, exited }
}
