import { mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, products } from '@presently/db'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { createMailer } from '@presently/email'
import { envDefaults, type Env } from '../env.ts'
import { registerPrices } from './prices.ts'

/**
 * The server's feed refreshes (the agenda job and the staff "run now") import in a child process
 * when the server knows its database URL (issue 44, docs/decisions/catalog-jobs-process.md).
 * Proof: the child connects with the URL it is given, the test's own pool never imports, so a URL
 * nobody answers fails the run and the job while the same run in this process would succeed.
 */
describe('feed refreshes through the catalog-import child', () => {
  let t: TestDatabase
  let app: FastifyInstance
  let env: Env
  beforeAll(async () => {
    t = await createTestDatabase()
    const dir = await mkdtemp(path.join(os.tmpdir(), 'presently-prices-child-'))
    const file = path.join(dir, 'toys.csv')
    await writeFile(file, 'id,title,price,currency\np1,Process Train,12.00,GBP\np2,Process Kite,7.50,GBP\n')
    await writeFile(
      path.join(dir, 'toys.mapping.json'),
      JSON.stringify({ name: 'Toys', source: 'process_toys', merchant: 'Toys', schedule: '0 6 * * *' }),
    )
    env = { ...envDefaults(), APP_URL: 'http://localhost:3000', DATA_DIR: dir, CATALOG_FEEDS: [file] }
    app = Fastify({ logger: false })
  }, 60_000)
  afterAll(async () => {
    await app?.close()
    await t?.close()
  })

  const setUp = (catalogDatabaseUrl: string) =>
    registerPrices(app, {
      db: t.db,
      mailer: createMailer({ db: t.db, logger: app.log, from: env.MAIL_FROM }),
      env,
      catalogDatabaseUrl,
    })

  it('a child that cannot import fails the scheduled job and the staff run; with the URL both import', async () => {
    const broken = await setUp('postgres://nobody@127.0.0.1:1/none')
    const job = broken.jobs.find((j) => j.name === 'feed-refresh:Toys')!
    await expect(job.run()).rejects.toThrow(/catalog_imports/)
    expect(await broken.feeds.runNow('Toys')).toMatchObject({ status: 'failed', importId: null })
    expect(await t.db.select().from(products).where(eq(products.source, 'process_toys'))).toHaveLength(0)

    const working = await setUp(t.url)
    await working.jobs.find((j) => j.name === 'feed-refresh:Toys')!.run()
    expect(await working.feeds.runNow('Toys')).toMatchObject({ status: 'completed', refresh: true, unchanged: 2 })
    expect(await t.db.select().from(products).where(eq(products.source, 'process_toys'))).toHaveLength(2)
  }, 60_000)
})
