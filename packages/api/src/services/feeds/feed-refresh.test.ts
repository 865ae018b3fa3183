import { once } from 'node:events'
import { mkdtemp, readFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, products } from '@presently/db'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { createOutsideFetcher, testOnlyAllowList } from '@presently/outside-fetch'
import { listFeeds, runFeedRefresh, type FeedConfig } from './feed-refresh.ts'

const CSV = (price: string) => `id,title,price,currency\nf1,Feed Train Set,${price},GBP\nf2,Feed Kite,9.00,GBP\n`

describe('a scheduled feed download and refresh (issue 39)', () => {
  let t: TestDatabase
  let server: http.Server
  let origin: string
  let body = CSV('30.00')
  let dir: string
  beforeAll(async () => {
    t = await createTestDatabase()
    dir = await mkdtemp(path.join(os.tmpdir(), 'presently-feed-'))
    server = http.createServer((req, res) => {
      if (req.url === '/big.csv') {
        res.end('x'.repeat(4096))
        return
      }
      res.setHeader('content-type', 'text/csv')
      res.end(body)
    })
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }, 60_000)
  afterAll(async () => {
    server?.close()
    await t?.close()
  })

  const feed = (url: string): FeedConfig => ({
    name: 'Toy feed',
    file: path.join(dir, 'toy-feed.csv'),
    url,
    schedule: '0 6 * * *',
    mapping: { source: 'toy_feed', merchant: 'Toy Feed' },
  })
  const limits = { maxBytes: 1024, timeoutMs: 5000 }

  it('downloads through the guarded fetcher, imports, refreshes, and lists the last run', async () => {
    const fetcher = createOutsideFetcher({
      userAgent: 'PresentlyBot/1.0 (test)',
      testAllowList: testOnlyAllowList([origin]),
    })
    const feeds = [feed(`${origin}/feed.csv?token=secret`)]
    let alertRuns = 0
    const afterImport = () => {
      alertRuns++
      return Promise.resolve({ emails: 0, alerts: 0 })
    }
    const first = await runFeedRefresh(t.db, feeds, 'Toy feed', { fetcher, limits, afterImport })
    expect(first).toMatchObject({ status: 'completed', refresh: false, new: 2 })
    body = CSV('24.00')
    const second = await runFeedRefresh(t.db, feeds, 'Toy feed', { fetcher, limits, afterImport })
    expect(second).toMatchObject({ status: 'completed', refresh: true, unchanged: 1, changed: 1, new: 0, withdrawn: 0 })
    expect(alertRuns).toBe(2)
    const [train] = await t.db.select().from(products).where(eq(products.sourceProductId, 'f1'))
    expect(train?.price).toBe(24)
    const [listed] = await listFeeds(t.db, feeds)
    // The URL is shown without its query (it may hold a token).
    expect(listed).toMatchObject({
      name: 'Toy feed',
      schedule: '0 6 * * *',
      lastRun: { status: 'completed', changed: 1 },
    })
    expect(listed?.location).not.toContain('secret')
  })

  it('a refused or too large download fails the run and leaves the last file and the catalog alone', async () => {
    const before = await readFile(path.join(dir, 'toy-feed.csv'), 'utf8')
    // Without the test allow-list, 127.0.0.1 is a private address: refused.
    const guarded = createOutsideFetcher({ userAgent: 'PresentlyBot/1.0 (test)' })
    const refused = await runFeedRefresh(t.db, [feed(`${origin}/feed.csv`)], 'Toy feed', { fetcher: guarded, limits })
    expect(refused).toMatchObject({ status: 'failed', importId: null })
    expect(refused.error).toMatch(/download failed/)
    const fetcher = createOutsideFetcher({
      userAgent: 'PresentlyBot/1.0 (test)',
      testAllowList: testOnlyAllowList([origin]),
    })
    const big = await runFeedRefresh(t.db, [feed(`${origin}/big.csv`)], 'Toy feed', { fetcher, limits })
    expect(big).toMatchObject({ status: 'failed' })
    expect(await readFile(path.join(dir, 'toy-feed.csv'), 'utf8')).toBe(before)
    await expect(runFeedRefresh(t.db, [], 'Nope', { limits })).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})
