import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { emailLog, eq } from '@presently/db'
import { extractLinks, retryDelayMs } from '@presently/email'
import { startSmtpSink, unusedPort } from '@presently/email/testing'
import { buildTestApp, tokenFrom, TEST_APP_URL } from '../testing/auth-helpers.ts'

let testDb: TestDatabase
beforeAll(async () => {
  testDb = await createTestDatabase()
})
afterAll(async () => testDb.close())

describe('mail over SMTP', () => {
  it('mails the confirmation link through a real SMTP server; the received link confirms the account', async () => {
    const sink = await startSmtpSink()
    const app = await buildTestApp(testDb.db, { SMTP_URL: sink.url, MAIL_FROM: 'Presently <hello@shop.example>' })
    const register = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'smtp-user@example.com', password: 'secret1', displayName: 'Sam' },
    })
    expect(register.statusCode).toBe(201)

    const mail = await sink.waitFor()
    expect(mail.from).toBe('hello@shop.example')
    expect(mail.to).toEqual(['smtp-user@example.com'])
    expect(mail.headers.subject).toBe('Confirm your email address for Presently')
    expect(mail.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/api\/auth\/unsubscribe\/one-click\?token=/,
    )
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
    expect(mail.html).toContain('lang="en-GB"')
    expect(mail.text).toContain('Hello Sam,')

    // The confirmation page (/confirm-email?token=...) posts the token from its address.
    const links = extractLinks(mail.text)
    const confirmLink = new URL(links.find((l) => l.includes('/confirm-email'))!)
    expect(confirmLink.origin).toBe(TEST_APP_URL)
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email',
      payload: { token: confirmLink.searchParams.get('token') },
    })
    expect(confirm.json()).toEqual({ success: true, message: 'Email confirmed successfully' })
    expect(tokenFrom(links, '/unsubscribe')).toMatch(/^[a-z2-7]{32}$/)

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'smtp-user@example.com', password: 'secret1' },
    })
    expect(login.statusCode).toBe(200)

    await app.afterResponse.idle()
    await app.mailer.idle()
    const [row] = await testDb.db.select().from(emailLog).where(eq(emailLog.toAddress, 'smtp-user@example.com'))
    expect(row).toMatchObject({ status: 'sent', attempts: 1 })
    await app.close()
    await sink.close()
  })

  it('answers the user even when the mail server is down, records the failure and retries it later', async () => {
    const port = await unusedPort()
    const app = await buildTestApp(testDb.db, { SMTP_URL: `smtp://shop:secret@127.0.0.1:${port}` })
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'smtp-user@example.com' },
    })
    expect(res.statusCode).toBe(200)
    await app.afterResponse.idle()
    await app.mailer.idle()
    const [failed] = await testDb.db.select().from(emailLog).where(eq(emailLog.kind, 'reset_password'))
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 })
    expect(failed!.lastError).toBeTruthy()

    const sink = await startSmtpSink(port)
    expect(await app.mailer.retryDue(new Date(Date.now() + retryDelayMs(1) + 1000))).toBe(1)
    const mail = await sink.waitFor()
    expect(mail.headers.subject).toBe('Reset your Presently password')
    const [sent] = await testDb.db.select().from(emailLog).where(eq(emailLog.id, failed!.id))
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 })
    await app.close()
    await sink.close()
  })
})
