import { fork } from 'node:child_process'
import path from 'node:path'
import { createInterface } from 'node:readline'
import {
  CatalogImportError,
  type CatalogImportErrorCode,
  type CatalogImportRunner,
  type ImportJobOptions,
  type ImportSummary,
} from '@presently/db/import'
import type { ChildImportReply, ChildImportRequest } from './protocol.ts'

/** Where a child's output lines go: the server's logger (pino's signature). */
export interface ChildLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
}

/**
 * The child's entry and node flags. Compiled (dist/, `npm start`): dist/catalog-import-child.js,
 * built beside dist/server.js (build.ts). From source (tsx, vitest): child.ts through tsx's loader.
 * Of the server's own flags, --enable-source-maps and the young generation's size
 * (--max-semi-space-size: a million-row refresh peaks 305 -> 277 MB with it, feed-refresh.md) are
 * passed on; the old-space cap (--max-old-space-size) is the server's, and the child's old space
 * keeps Node's default.
 */
function childEntry(): { file: string; execArgv: string[] } {
  const inherited = process.execArgv.filter(isInheritedFlag)
  if (import.meta.filename.endsWith('.ts'))
    return { file: path.join(import.meta.dirname, 'child.ts'), execArgv: ['--import', 'tsx', ...inherited] }
  return { file: path.join(import.meta.dirname, 'catalog-import-child.js'), execArgv: inherited }
}

/** Whether the catalog-import child runs with this flag of the server's too (childEntry). */
export function isInheritedFlag(flag: string): boolean {
  return flag === '--enable-source-maps' || flag.startsWith('--max-semi-space-size=')
}

/**
 * Runs one catalog import (importCatalog) in a child process of its own (child.ts; issue 44,
 * docs/decisions/catalog-jobs-process.md), so a big feed's import is held in the child's heap,
 * not in the server's capped one. The database URL goes over IPC (never argv, never logged); the
 * child's output lines go to `log` (stdout as info, stderr as warn) tagged with its pid.
 *
 * @param options.databaseUrl postgres:// URL of the shop's database (the child opens 2 connections).
 * @param options.onStart told the child's process id once it runs (tests).
 * @returns the import's summary, as importCatalog returns it.
 * @throws CatalogImportError (same code, message, committed) when the import failed on the file;
 *   Error with the child's message for any other failure; Error "catalog import process exited
 *   (code N, signal S) before it finished" when the child died (out of memory, killed).
 */
export function runImportInChild(
  job: ImportJobOptions,
  options: { databaseUrl: string; log: ChildLog; onStart?: (pid: number) => void },
): Promise<ImportSummary> {
  const { file, execArgv } = childEntry()
  const child = fork(file, [], { execArgv, stdio: ['ignore', 'pipe', 'pipe', 'ipc'], serialization: 'advanced' })
  const pid = child.pid
  if (pid !== undefined) options.onStart?.(pid)
  for (const [stream, level] of [
    [child.stdout, 'info'],
    [child.stderr, 'warn'],
  ] as const) {
    if (stream) createInterface({ input: stream }).on('line', (line) => options.log[level]({ importPid: pid }, line))
  }
  return new Promise<ImportSummary>((resolve, reject) => {
    let reply: ChildImportReply | undefined
    child.once('message', (message: ChildImportReply) => {
      reply = message
    })
    child.once('error', (err) => reject(err))
    child.once('close', (code, signal) => {
      if (reply?.kind === 'done') return resolve(reply.summary)
      if (reply?.kind === 'failed') {
        const { name, message, code: importCode, committed } = reply.error
        const error =
          importCode !== undefined
            ? new CatalogImportError(importCode as CatalogImportErrorCode, message, committed)
            : Object.assign(new Error(message), { name })
        return reject(error)
      }
      reject(new Error(`catalog import process exited (code ${code}, signal ${signal}) before it finished`))
    })
    const request: ChildImportRequest = { databaseUrl: options.databaseUrl, options: job }
    child.send(request)
  })
}

/** A CatalogImportRunner that runs each import in a child process (runImportInChild). */
export function childImportRunner(options: { databaseUrl: string; log: ChildLog }): CatalogImportRunner {
  return (job) => runImportInChild(job, options)
}
