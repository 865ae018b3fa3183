import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { emailLog, eq } from '@presently/db'
import { createMailer, listOutbox, MAX_ATTEMPTS, retryDelayMs, type MailLogger, type MailTransport } from './mailer.ts'
import { startSmtpSink, unusedPort } from './testing/smtp-sink.ts'

let testDb: TestDatabase
beforeAll(async () => {
  testDb = await createTestDatabase()
})
afterAll(async () => testDb.close())

function recordingLogger() {
  const lines: { level: string; obj: object; msg: string }[] = []
  const logger: MailLogger = {
    info: (obj, msg) => lines.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => lines.push({ level: 'error', obj, msg }),
  }
  return { lines, logger }
}

const mail = (to: string) => ({
  to,
  kind: 'test',
  subject: 'Hello',
  html: '<p>Open <a href="https://shop.example/confirm-email?token=t1">this</a></p>',
  text: 'Open https://shop.example/confirm-email?token=t1',
  headers: { 'List-Unsubscribe': '<https://shop.example/api/auth/unsubscribe/one-click?token=u>' },
})

async function row(id: number) {
  const [found] = await testDb.db.select().from(emailLog).where(eq(emailLog.id, id))
  return found!
}

describe('outbox mode (no SMTP_URL)', () => {
  it('records the mail as "outbox" and logs its id and template, never its links or recipient (issue 41)', async () => {
    const { lines, logger } = recordingLogger()
    const mailer = createMailer({ db: testDb.db, logger, from: 'Presently <no-reply@presently.local>' })
    expect(mailer.mode).toBe('outbox')
    const id = await mailer.send(mail('outbox@example.com'))
    expect(await row(id)).toMatchObject({ status: 'outbox', attempts: 0, toAddress: 'outbox@example.com' })
    expect(lines).toEqual([
      { level: 'info', obj: { emailId: id, kind: 'test' }, msg: expect.stringContaining('/dev/outbox') },
    ])
    expect(JSON.stringify(lines)).not.toMatch(/token=|outbox@example\.com/)
    const outbox = await listOutbox(testDb.db)
    expect(outbox[0]).toMatchObject({
      toAddress: 'outbox@example.com',
      links: ['https://shop.example/confirm-email?token=t1'],
    })
    expect(await mailer.retryDue()).toBe(0)
  })
})

describe('SMTP mode', () => {
  it('sends through a real SMTP server with credentials, headers and both bodies', async () => {
    const sink = await startSmtpSink()
    const { lines, logger } = recordingLogger()
    const mailer = createMailer({ db: testDb.db, logger, smtpUrl: sink.url, from: 'Presently <no-reply@shop.example>' })
    expect(mailer.mode).toBe('smtp')
    const id = await mailer.send(mail('smtp@example.com'))
    const received = await sink.waitFor()
    await mailer.idle()
    expect(received.from).toBe('no-reply@shop.example')
    expect(received.to).toEqual(['smtp@example.com'])
    expect(received.headers.subject).toBe('Hello')
    expect(received.headers['list-unsubscribe']).toBe('<https://shop.example/api/auth/unsubscribe/one-click?token=u>')
    expect(received.text).toContain('https://shop.example/confirm-email?token=t1')
    expect(received.html).toContain('<a href="https://shop.example/confirm-email?token=t1">')
    const sent = await row(id)
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null, nextAttemptAt: null })
    expect(sent.sentAt).toBeInstanceOf(Date)
    // Issue 41, finding 5: "email sent" names the mail by id, template and Message-ID, not its recipient.
    const sentLine = lines.find((l) => l.msg === 'email sent')
    expect(sentLine?.obj).toEqual({ emailId: id, kind: 'test', messageId: expect.stringMatching(/^<.+@.+>$/) })
    expect(JSON.stringify(lines)).not.toContain('smtp@example.com')
    await mailer.close()
    await sink.close()
  })

  it('logs a refused delivery without the addresses the mail server quotes (issue 41)', async () => {
    const transport: MailTransport = {
      sendMail: () => Promise.reject(new Error('550 5.1.1 <refused@example.com>: Recipient address rejected')),
    }
    const { lines, logger } = recordingLogger()
    const mailer = createMailer({ db: testDb.db, logger, from: 'x@y.z', transport })
    const id = await mailer.send(mail('refused@example.com'))
    await mailer.idle()
    // Out of the other tests' retry runs.
    await testDb.db.update(emailLog).set({ nextAttemptAt: null }).where(eq(emailLog.id, id))
    const warned = lines.find((l) => l.msg === 'email delivery failed')
    expect(warned?.obj).toMatchObject({ err: '550 5.1.1 <[address]>: Recipient address rejected' })
    expect(JSON.stringify(lines)).not.toContain('refused@example.com')
  })

  it('records a failed delivery, retries it after the backoff and sends it once the server is back', async () => {
    const port = await unusedPort()
    const { lines, logger } = recordingLogger()
    const mailer = createMailer({
      db: testDb.db,
      logger,
      smtpUrl: `smtp://shop:secret@127.0.0.1:${port}`,
      from: 'no-reply@shop.example',
    })
    const id = await mailer.send(mail('retry@example.com'))
    await mailer.idle()
    const failed = await row(id)
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 })
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i)
    expect(failed.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + retryDelayMs(1) - 5_000)
    expect(lines.some((l) => l.level === 'warn' && l.msg === 'email delivery failed')).toBe(true)

    // Not due yet: nothing is tried.
    expect(await mailer.retryDue()).toBe(0)

    const sink = await startSmtpSink(port)
    const later = new Date(Date.now() + retryDelayMs(1) + 1_000)
    expect(await mailer.retryDue(later)).toBe(1)
    const received = await sink.waitFor()
    expect(received.to).toEqual(['retry@example.com'])
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null })
    await mailer.close()
    await sink.close()
  })

  it(`gives up after ${MAX_ATTEMPTS} attempts, backing off between them`, async () => {
    const transport: MailTransport = {
      sendMail: () => Promise.reject(new Error('550 mailbox unavailable')),
    }
    const mailer = createMailer({ db: testDb.db, logger: recordingLogger().logger, from: 'x@y.z', transport })
    const id = await mailer.send(mail('bounce@example.com'))
    await mailer.idle()
    const delays: number[] = []
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const before = await row(id)
      delays.push(before.nextAttemptAt!.getTime() - Date.now())
      expect(await mailer.retryDue(new Date(before.nextAttemptAt!.getTime() + 1))).toBe(1)
    }
    const last = await row(id)
    expect(last).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: '550 mailbox unavailable' })
    expect(last.nextAttemptAt).toBeNull()
    expect(await mailer.retryDue(new Date(Date.now() + 365 * 24 * 3600 * 1000))).toBe(0)
    // 1, 2, 4, 8 minutes.
    expect(delays.map((d) => Math.round(d / 60_000))).toEqual([1, 2, 4, 8])
  })

  it('takes over a delivery whose lease ran out (a crash mid-send)', async () => {
    const sent: string[] = []
    const transport: MailTransport = {
      sendMail: (message) => {
        sent.push(message.to)
        return Promise.resolve()
      },
    }
    const mailer = createMailer({ db: testDb.db, logger: recordingLogger().logger, from: 'x@y.z', transport })
    const [stuck] = await testDb.db
      .insert(emailLog)
      .values({
        toAddress: 'stuck@example.com',
        kind: 'test',
        subject: 's',
        html: 'h',
        text: 't',
        status: 'queued',
        nextAttemptAt: new Date(Date.now() - 1000),
      })
      .returning()
    expect(await mailer.retryDue()).toBe(1)
    expect(sent).toEqual(['stuck@example.com'])
    expect(await row(stuck!.id)).toMatchObject({ status: 'sent', attempts: 1 })
  })
})
