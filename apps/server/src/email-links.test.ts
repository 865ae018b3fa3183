import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { asc, emailLog, eq, occasions, relationships } from '@presently/db'
import { setRole } from '@presently/api'
import { extractLinks } from '@presently/email'
import { buildTestApp, signedInUser, TEST_APP_URL, withSession } from './testing/auth-helpers.ts'

/*
 * Issue 26: "every email link opens a real page". Every template is rendered through the paths
 * that really send it (sign-up, forgot password, both campaigns run now, both staff test emails,
 * the preview) and every link of every mail (HTML, text and List-Unsubscribe header) is checked:
 * a page path must be a route of the web app's route tree (apps/web/src/routeTree.gen.ts), an
 * /api/ path a route of this server; and every unsubscribe token must work.
 */

/** The web app's page paths, from the generated route tree, as patterns ("$id" one segment, "{-$x}" optional). */
function webRoutePatterns(): RegExp[] {
  const text = readFileSync(new URL('../../web/src/routeTree.gen.ts', import.meta.url), 'utf8')
  const block = /fullPaths:((?:\s*\|\s*'[^']*')+)/.exec(text)?.[1]
  if (!block) throw new Error('no fullPaths in routeTree.gen.ts')
  return [...block.matchAll(/'([^']*)'/g)].map(([, path]) => {
    const segments = path!.split('/').filter(Boolean)
    const body = segments
      .map((segment) => {
        if (/^\{-\$\w+\}$/.test(segment)) return '(?:/[^/]+)?'
        if (segment.startsWith('$')) return '/[^/]+'
        return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`
      })
      .join('')
    return new RegExp(`^${body}/?$`)
  })
}

let testDb: TestDatabase
let app: FastifyInstance
let admin: { token: string; userId: number }

beforeAll(async () => {
  testDb = await createTestDatabase()
  app = await buildTestApp(testDb.db, { AUTH_RATE_LIMIT_IP_MAX: 10_000, AUTH_RATE_LIMIT_EMAIL_MAX: 1000 })
  admin = await signedInUser(app, testDb.db, 'links-admin@example.com')
  await setRole(testDb.db, { email: 'links-admin@example.com', role: 'admin', granted: true })
})
afterAll(async () => {
  await app.close()
  await testDb.close()
})

describe('links in every email (issue 26)', () => {
  it('open a page of the web app or a route of the server, and every unsubscribe link works', async () => {
    const as = withSession(admin.token)
    const post = (url: string, payload: object = {}) => app.inject({ method: 'POST', url, headers: as, payload })
    // The preview's example profile (the account has no people yet).
    const preview = await app.inject({ url: '/api/notifications/preview/profile-completion', headers: as })
    expect(preview.statusCode).toBe(200)

    // A person with a birthday in three days and an incomplete profile: both campaigns mail (the
    // upcoming-events run sends the gift reminder, kind "reminders"; issue 21).
    const [mother] = await testDb.db.select().from(relationships).where(eq(relationships.name, 'Mother'))
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(5, 10)
    const person = await post('/api/people', { name: 'Mum', relationshipId: mother!.id, dob: `1968-${soon}` })
    expect(person.statusCode).toBe(201)
    const [birthday] = await testDb.db.select().from(occasions).where(eq(occasions.value, 'birthday'))
    expect(person.json().events).toEqual([expect.objectContaining({ occasionId: birthday!.id })])

    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: 'links-admin@example.com' },
        })
      ).statusCode,
    ).toBe(200)
    for (const url of ['/api/notifications/test-email', '/api/test/test-profile-completion']) {
      expect((await post(url, { email: 'links-test@example.com' })).statusCode).toBe(200)
    }
    for (const job of ['upcoming-events', 'profile-completion']) {
      const run = await post(`/api/notifications/jobs/${job}/trigger`)
      expect(run.json().runResult.stats.emailsSent, job).toBe(1)
    }

    const mails = await testDb.db.select().from(emailLog).orderBy(asc(emailLog.id))
    const kinds = new Set(mails.map((m) => m.kind))
    for (const kind of ['confirm_email', 'reset_password', 'job-test', 'reminders', 'profile-completion']) {
      expect(kinds, kind).toContain(kind)
    }
    const pages = webRoutePatterns()
    const sources = [
      ...mails.map((m) => ({
        kind: m.kind,
        html: m.html,
        text: m.text,
        header: String((m.headers as Record<string, string> | null)?.['List-Unsubscribe'] ?? ''),
      })),
      { kind: 'preview', html: preview.body, text: '', header: '' },
    ]
    let checked = 0
    const unsubscribeTokens = new Set<string>()
    for (const mail of sources) {
      const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'))
      const links = [...new Set([...hrefs, ...extractLinks(mail.text), ...extractLinks(mail.header)])]
      expect(links.length, mail.kind).toBeGreaterThan(0)
      for (const link of links) {
        const url = new URL(link)
        expect(url.origin, `${mail.kind}: ${link}`).toBe(new URL(TEST_APP_URL).origin)
        if (url.pathname.startsWith('/api/')) {
          const route =
            app.findRoute({ method: 'POST', url: url.pathname }) ?? app.findRoute({ method: 'GET', url: url.pathname })
          expect(route, `${mail.kind}: ${link} is a server route`).toBeTruthy()
        } else {
          expect(
            pages.some((p) => p.test(url.pathname)),
            `${mail.kind}: ${link} is a page`,
          ).toBe(true)
        }
        if (url.pathname.endsWith('/unsubscribe') || url.pathname.endsWith('/unsubscribe/one-click')) {
          const token = url.searchParams.get('token')
          if (mail.kind !== 'preview') unsubscribeTokens.add(token ?? '')
        }
        checked += 1
      }
    }
    expect(checked).toBeGreaterThan(10)
    // The profile-completion mails link to a person's edit page or My People, never /my-account/people.
    expect(sources.some((m) => m.html.includes('/my-account/people'))).toBe(false)
    // Each mail's unsubscribe token works (the staff test emails' included).
    for (const token of unsubscribeTokens) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/unsubscribe', payload: { token } })
      expect(res.statusCode, `unsubscribe token ${token.slice(0, 6)}...`).toBe(200)
    }
    expect(unsubscribeTokens.size).toBeGreaterThanOrEqual(5)
  })
})
