import Fastify from 'fastify'
import { expect, it } from 'vitest'
import { onCloseWithin } from './bounded-close.ts'

/** A Fastify app whose log lines are collected. */
function appWithLog() {
  const lines: { level: number; msg: string }[] = []
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line) as never) } },
  })
  return { app, lines }
}

it('goes on closing the app when a part never finishes closing, and says which part', async () => {
  const { app, lines } = appWithLog()
  const closed: string[] = []
  app.addHook('onClose', (_instance, done) => {
    closed.push('the database')
    done()
  })
  onCloseWithin(app, 'the stuck listener', () => new Promise(() => {}), 100)
  onCloseWithin(app, 'the mailer', () => Promise.resolve(closed.push('the mailer')), 100)
  await app.ready()
  const started = Date.now()
  await app.close()
  expect(Date.now() - started).toBeLessThan(2000)
  // The parts registered before and after the stuck one closed all the same.
  expect(closed.sort()).toEqual(['the database', 'the mailer'])
  expect(
    lines.some(
      (l) => l.level === 40 && l.msg === 'the stuck listener did not close within 100 ms; shutting down without it',
    ),
  ).toBe(true)
})

it('logs a part that fails to close and closes the rest', async () => {
  const { app, lines } = appWithLog()
  let after = false
  onCloseWithin(app, 'the scheduler', () => Promise.reject(new Error('pool already ended')))
  onCloseWithin(app, 'the mailer', () => {
    after = true
    return Promise.resolve()
  })
  await app.ready()
  await expect(app.close()).resolves.toBeUndefined()
  expect(after).toBe(true)
  expect(lines.some((l) => l.level === 50 && l.msg === 'the scheduler failed to close')).toBe(true)
})
