import { mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, products } from '@presently/db'
import { CatalogImportError, seedCatalogIfEmpty } from '@presently/db/import'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { runFeedRefresh, type FeedConfig } from '@presently/api'
import { childImportRunner, runImportInChild } from './run-in-child.ts'

const CSV = 'id,title,price,currency\nc1,Child Train Set,30.00,GBP\nc2,Child Kite,9.00,GBP\n'

describe('catalog imports in a child process (issue 44, catalog-jobs-process.md)', () => {
  let t: TestDatabase
  let dir: string
  const lines: { level: string; line: string }[] = []
  const log = {
    info: (_obj: object, line: string) => void lines.push({ level: 'info', line }),
    warn: (_obj: object, line: string) => void lines.push({ level: 'warn', line }),
  }
  beforeAll(async () => {
    t = await createTestDatabase()
    dir = await mkdtemp(path.join(os.tmpdir(), 'presently-child-import-'))
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })

  const feed = (file: string): FeedConfig => ({
    name: 'Child feed',
    file,
    url: null,
    schedule: '0 6 * * *',
    mapping: { source: 'child_feed', merchant: 'Child Feed' },
  })
  const limits = { maxBytes: 1024, timeoutMs: 5000 }

  it("seeds an empty shop's CATALOG_FEEDS through the child (the start-up import)", async () => {
    const file = path.join(dir, 'child-seed.csv')
    await writeFile(file, CSV)
    await writeFile(
      path.join(dir, 'child-seed.mapping.json'),
      JSON.stringify({ source: 'child_seed', merchant: 'Seed' }),
    )
    const pids: number[] = []
    const summaries = await seedCatalogIfEmpty(t.db, undefined, [file], {
      runImport: (job) => runImportInChild(job, { databaseUrl: t.url, log, onStart: (pid) => pids.push(pid) }),
    })
    expect(pids).toHaveLength(1)
    expect(summaries).toMatchObject([{ source: 'child_seed', imported: 2 }])
    expect(await t.db.select().from(products).where(eq(products.source, 'child_seed'))).toHaveLength(2)
  }, 60_000)

  it('imports in another process, whose rows the server then reads', async () => {
    const file = path.join(dir, 'child-feed.csv')
    await writeFile(file, CSV)
    const pids: number[] = []
    const summary = await runImportInChild(
      { file, mapping: { source: 'child_feed', merchant: 'Child Feed' } },
      { databaseUrl: t.url, log, onStart: (pid) => pids.push(pid) },
    )
    expect(pids).toHaveLength(1)
    expect(pids[0]).not.toBe(process.pid)
    expect(summary).toMatchObject({ read: 2, imported: 2, skipped: 0, source: 'child_feed' })
    const rows = await t.db.select().from(products).where(eq(products.source, 'child_feed'))
    expect(rows.map((row) => row.title).sort()).toEqual(['Child Kite', 'Child Train Set'])
  }, 60_000)

  it('rejects with the import error of the child, code and message kept', async () => {
    const missing = path.join(dir, 'no-such-feed.csv')
    const failure = await runImportInChild({ file: missing }, { databaseUrl: t.url, log }).catch((err: unknown) => err)
    expect(failure).toBeInstanceOf(CatalogImportError)
    expect((failure as CatalogImportError).code).toBe('FILE_NOT_FOUND')
    expect((failure as Error).message).toContain('no-such-feed.csv')
  }, 60_000)

  it('rejects when the child dies before it answers, and the database URL reaches no log line', async () => {
    const failure = await runImportInChild(
      { file: path.join(dir, 'child-feed.csv') },
      { databaseUrl: t.url, log, onStart: (pid) => process.kill(pid, 'SIGKILL') },
    ).catch((err: unknown) => err)
    expect((failure as Error).message).toMatch(/catalog import process exited \(code null, signal SIGKILL\)/)
    expect(lines.some(({ line }) => line.includes(t.url))).toBe(false)
  }, 60_000)

  it("a feed refresh through the child runner: a failed child fails the run (the job's error)", async () => {
    const runImport = childImportRunner({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none', log })
    const file = path.join(dir, 'child-feed.csv')
    const failed = await runFeedRefresh(t.db, [feed(file)], 'Child feed', { limits, runImport })
    expect(failed.status).toBe('failed')
    expect(failed.error).toBeTruthy()
    expect(failed.importId).toBeNull()

    const done = await runFeedRefresh(t.db, [feed(file)], 'Child feed', {
      limits,
      runImport: childImportRunner({ databaseUrl: t.url, log }),
    })
    expect(done).toMatchObject({ status: 'completed', read: 2 })
  }, 60_000)
})
