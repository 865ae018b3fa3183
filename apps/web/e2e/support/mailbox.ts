import { existsSync, readFileSync } from 'node:fs'
import { expect } from '@playwright/test'
import type { CapturedMail } from './smtp-capture'

/** The capture file of this run (set by playwright.config.ts, written by the global setup). */
function captureFile(): string {
  const file = process.env.PRESENTLY_E2E_MAIL_FILE
  if (!file) throw new Error('PRESENTLY_E2E_MAIL_FILE is not set: run the tests through playwright.config.ts')
  return file
}

/** Every mail the SMTP server received so far in this run. */
export function receivedMails(): CapturedMail[] {
  const file = captureFile()
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as CapturedMail)
}

/**
 * Waits for the `nth` mail (1 = first) to `to` whose subject matches, delivered by the server
 * over SMTP in the background, and returns it.
 */
export async function waitForMail(to: string, subject: RegExp, nth = 1): Promise<CapturedMail> {
  let found: CapturedMail | undefined
  await expect
    .poll(
      () => {
        found = receivedMails().filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject))[nth - 1]
        return found !== undefined
      },
      { message: `mail ${nth} to ${to} matching ${String(subject)}`, timeout: 20_000, intervals: [200, 300, 500] },
    )
    .toBe(true)
  return found!
}

/** The link of a mail that goes to `path` (e.g. "/confirm-email"), as a same-origin path with its query. */
export function linkTo(mail: CapturedMail, path: string): string {
  const link = mail.links.find((l) => new URL(l).pathname === path)
  if (!link) throw new Error(`no ${path} link in "${mail.subject}": ${mail.links.join(', ')}`)
  const url = new URL(link)
  return `${url.pathname}${url.search}`
}

/** A fresh address for one test (unique across runs, workers and retries). */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`
}
