import { describe, expect, it } from 'vitest'
import { extractLinks, listUnsubscribeHeaders, renderConfirmEmail, renderResetPasswordEmail } from './render-email.ts'

const appUrl = 'https://presently.example'
const unsubscribeUrl = `${appUrl}/unsubscribe?token=unsub`

describe('templates', () => {
  it('renders the confirmation mail in en-GB, as HTML and text, with its links and the unsubscribe link', async () => {
    const mail = await renderConfirmEmail({
      appUrl,
      confirmUrl: `${appUrl}/confirm-email?token=abc`,
      unsubscribeUrl,
      displayName: 'Ann',
      validHours: 48,
    })
    expect(mail.subject).toBe('Confirm your email address for Presently')
    expect(mail.html).toContain('<html dir="ltr" lang="en-GB">')
    expect(mail.html).toContain('href="https://presently.example/confirm-email?token=abc"')
    expect(mail.html).toContain(`href="${unsubscribeUrl}"`)
    expect(mail.text).toContain('Hello Ann,')
    expect(mail.text).toContain('48 hours')
    expect(extractLinks(mail.text)).toEqual(
      expect.arrayContaining([`${appUrl}/confirm-email?token=abc`, unsubscribeUrl]),
    )
    expect(mail.text).not.toContain('<')
  })

  it('renders the reset mail with its 60-minute link', async () => {
    const mail = await renderResetPasswordEmail({
      appUrl,
      resetUrl: `${appUrl}/reset-password?token=xyz`,
      unsubscribeUrl,
      validMinutes: 60,
    })
    expect(mail.subject).toBe('Reset your Presently password')
    expect(mail.text).toContain('Hello,')
    expect(mail.text).toContain('60 minutes')
    expect(extractLinks(mail.text)).toContain(`${appUrl}/reset-password?token=xyz`)
    expect(mail.html).toContain(`href="${unsubscribeUrl}"`)
  })

  it('escapes what users typed', async () => {
    const mail = await renderConfirmEmail({
      appUrl,
      confirmUrl: `${appUrl}/confirm-email?token=abc`,
      unsubscribeUrl,
      displayName: '<img src=x onerror=alert(1)>',
      validHours: 48,
    })
    expect(mail.html).not.toContain('<img src=x')
    expect(mail.html).toContain('&lt;img src=x')
  })

  it('builds one-click List-Unsubscribe headers', () => {
    expect(listUnsubscribeHeaders('https://presently.example/api/auth/unsubscribe/one-click?token=t')).toEqual({
      'List-Unsubscribe': '<https://presently.example/api/auth/unsubscribe/one-click?token=t>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
  })
})
