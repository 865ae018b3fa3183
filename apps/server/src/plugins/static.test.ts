import { mkdtemp, writeFile, mkdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Fastify, { type FastifyInstance } from 'fastify'
import { registerStatic } from './static.ts'

let dir: string
let app: FastifyInstance

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'presently-static-'))
  await mkdir(path.join(dir, 'assets'))
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>')
  await writeFile(path.join(dir, 'assets', 'app.js'), 'console.log(1)')
  app = Fastify({ logger: false })
  await registerStatic(app, dir)
})
afterAll(async () => {
  await app.close()
  await rm(dir, { recursive: true, force: true })
})

describe('SPA serving', () => {
  it('serves files and immutable caching for hashed assets', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app.js' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toContain('immutable')
  })
  it('falls back to index.html for client routes, whatever the Accept header', async () => {
    for (const url of ['/', '/category/hobbies', '/product/4824126136?person=1']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: '*/*' } })
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain('<div id="root">')
    }
  })
  it('serves files added after start (a rebuilt dist)', async () => {
    await writeFile(path.join(dir, 'assets', 'new.js'), 'console.log(2)')
    expect((await app.inject({ method: 'GET', url: '/assets/new.js' })).statusCode).toBe(200)
  })
  it('answers 404 for a missing asset and an unknown API path', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404)
    const api = await app.inject({ method: 'GET', url: '/api/unknown' })
    expect(api.statusCode).toBe(404)
    expect(api.json().success).toBe(false)
  })
})
