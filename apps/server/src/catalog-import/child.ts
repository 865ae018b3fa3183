/**
 * The child process of a catalog import (docs/decisions/catalog-jobs-process.md): forked by
 * runImportInChild (run-in-child.ts), it receives one ChildImportRequest over IPC (the database
 * URL travels there, never in argv or the environment's listing), runs importCatalog on a pool of
 * its own, answers one ChildImportReply, closes its pool and exits. Its heap is Node's default,
 * not the server's capped one. It exits with code 1 when the server goes away (IPC closed).
 */
import { createDb } from '@presently/db'
import { CatalogImportError, importCatalog } from '@presently/db/import'
import type { ChildImportReply, ChildImportRequest } from './protocol.ts'

/** Sends `reply` and resolves once it is written to the channel. */
function send(reply: ChildImportReply): Promise<void> {
  return new Promise((resolve, reject) => {
    process.send!(reply, undefined, {}, (error) => (error ? reject(error) : resolve()))
  })
}

async function run(request: ChildImportRequest): Promise<void> {
  const { db, pool } = createDb(request.databaseUrl, { max: 2, applicationName: 'presently catalog import' })
  try {
    const summary = await importCatalog(db, request.options)
    await send({ kind: 'done', summary })
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err))
    await send({
      kind: 'failed',
      error: {
        name: error.name,
        message: error.message,
        ...(error instanceof CatalogImportError ? { code: error.code, committed: error.committed } : {}),
      },
    })
  } finally {
    await pool.end()
  }
}

if (!process.send) {
  console.error('catalog-import child: start it with child_process.fork (an IPC channel)')
  process.exit(2)
}
let answered = false
// The server is gone (stopped, crashed): an import nobody waits for stops with it.
process.on('disconnect', () => {
  if (!answered) process.exit(1)
})
process.once('message', (request: ChildImportRequest) => {
  run(request).then(
    () => {
      answered = true
      process.disconnect()
    },
    (err: unknown) => {
      console.error(`catalog-import child: ${(err as Error).message}`)
      process.exit(1)
    },
  )
})
