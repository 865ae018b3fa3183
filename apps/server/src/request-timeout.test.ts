import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { buildTestApp } from './testing/auth-helpers.ts'

/**
 * Issue 25, item 2: a client dripping a request body is cut off once REQUEST_TIMEOUT_SECONDS
 * (here 1) have passed, with a 408, and /healthz keeps answering meanwhile. Before the fix the
 * connections stayed open for as long as the drip lasted.
 */
let testDb: TestDatabase
let app: FastifyInstance
let port: number

beforeAll(async () => {
  testDb = await createTestDatabase()
  app = await buildTestApp(testDb.db, { REQUEST_TIMEOUT_SECONDS: 1 })
  await app.listen({ host: '127.0.0.1', port: 0 })
  port = (app.server.address() as AddressInfo).port
})
afterAll(async () => {
  await app.close()
  await testDb.close()
})

/**
 * Opens a connection, sends the headers of a POST announcing a 10,000-byte JSON body and drips
 * one byte every 100 ms. Resolves with what the server sent once it closes the connection, or
 * with `undefined` if it is still open after `giveUpMs` (the drip would take 1,000 s).
 */
function dripBody(path: string, giveUpMs: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    let received = ''
    let drip: NodeJS.Timeout | undefined
    const giveUp = setTimeout(() => finish(undefined), giveUpMs)
    function finish(result: string | undefined) {
      clearInterval(drip)
      clearTimeout(giveUp)
      socket.destroy()
      resolve(result)
    }
    socket.on('data', (chunk) => (received += chunk.toString()))
    socket.on('close', () => finish(received))
    socket.on('error', () => undefined)
    socket.on('connect', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{"a":"`,
      )
      drip = setInterval(() => socket.write('x'), 100)
    })
  })
}

describe('slow request bodies (issue 25)', () => {
  it('are cut off with a 408 while /healthz keeps answering', async () => {
    const drips = [dripBody('/api/auth/login', 20_000), dripBody('/trpc/auth.login', 20_000)]
    // Liveness while the slow clients hold their connections.
    for (let i = 0; i < 3; i++) {
      const health = await fetch(`http://127.0.0.1:${port}/healthz`)
      expect(health.status).toBe(200)
    }
    const answers = await Promise.all(drips)
    for (const answer of answers) {
      expect(answer, 'the connection was still open when the test gave up').toBeDefined()
      expect(answer).toMatch(/^HTTP\/1\.1 408/)
    }
  })
})
