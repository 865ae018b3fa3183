import { randomBytes } from 'node:crypto'
import type { Db } from '@presently/db'
import { latestMail, nextMail, tokenFrom } from './auth-helpers.ts'
import { signUpOverHttp } from './http-accounts.ts'

/**
 * A mixed signed-in workload over real HTTP that checks, for every answer, that it belongs to the
 * user who asked (issue 8: the embedded database once answered user A as user B under load).
 *
 * Readers hold a valid session for the whole run and loop: read their session over REST and tRPC
 * (id, email and their own `unsubscribed` setting must be theirs), now and then flip their own
 * setting and read it back. Writers run the transactions that exposed the mix-up: change and
 * reset passwords, register, sign out and back in, toggle settings. Only readers' sessions stay
 * valid, so a 401 for a reader is an error; a 5xx is an error for anyone.
 *
 * Used by apps/server/src/session-isolation.test.ts and bench/session-isolation.ts.
 */

export interface IsolationLoadOptions {
  /** http://host:port of a listening server. */
  baseUrl: string
  /** The server's database: confirmation and reset links are read from its outbox. */
  db: Db
  readers: number
  writers: number
  durationMs: number
  /** Prefix of the accounts' emails, unique per run. */
  emailPrefix?: string
}

export interface IsolationLoadResult {
  requests: number
  /** Answers with status >= 500. */
  serverErrors: number
  /** 401s on sessions that were valid. */
  unexpectedUnauthorized: number
  /** Answers that named another user, or another user's setting. */
  mixUps: number
  /** Other unexpected answers (wrong status, unreadable body). */
  otherErrors: number
  /** Latency of every request, in milliseconds. */
  latenciesMs: number[]
  /** The first few problems, for the failure message. */
  samples: string[]
}

interface Account {
  id: number
  email: string
  password: string
  cookie: string
  unsubscribed: boolean
}

/** The fields of a session answer the checks read. */
interface UserView {
  id?: number
  email?: string
  unsubscribed?: boolean
}

const PASSWORDS = ['Secret-one-1', 'Secret-two-2'] as const

/** Runs the workload until `durationMs` has passed; see the module comment. */
export async function runIsolationLoad(options: IsolationLoadOptions): Promise<IsolationLoadResult> {
  const prefix = options.emailPrefix ?? `iso-${randomBytes(4).toString('hex')}`
  const result: IsolationLoadResult = {
    requests: 0,
    serverErrors: 0,
    unexpectedUnauthorized: 0,
    mixUps: 0,
    otherErrors: 0,
    latenciesMs: [],
    samples: [],
  }
  const note = (
    kind: keyof Pick<IsolationLoadResult, 'serverErrors' | 'unexpectedUnauthorized' | 'mixUps' | 'otherErrors'>,
    text: string,
  ) => {
    result[kind] += 1
    if (result.samples.length < 20) result.samples.push(`${kind}: ${text}`)
  }

  async function call(method: string, path: string, init: { cookie?: string; body?: unknown } = {}) {
    const started = performance.now()
    const response = await fetch(`${options.baseUrl}${path}`, {
      method,
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    })
    const text = await response.text()
    result.requests += 1
    result.latenciesMs.push(performance.now() - started)
    if (response.status >= 500) note('serverErrors', `${method} ${path} -> ${response.status} ${text.slice(0, 200)}`)
    let json: unknown = undefined
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      // Left undefined: callers that need a body report it.
    }
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('session='))
    return { status: response.status, json, sessionCookie: setCookie?.split(';')[0] }
  }

  async function signIn(email: string, password: string): Promise<string> {
    const res = await call('POST', '/api/auth/login', { body: { email, password } })
    if (res.status !== 200 || !res.sessionCookie) throw new Error(`login ${email} -> ${res.status}`)
    return res.sessionCookie
  }

  async function createAccount(label: string): Promise<Account> {
    const account = await signUpOverHttp(options.baseUrl, options.db, `${prefix}-${label}@example.com`, PASSWORDS[0])
    return { ...account, unsubscribed: false }
  }

  /** Checks a session answer (REST {data:{user}} or tRPC {result:{data:{user}}}) against `account`. */
  function checkUser(account: Account, where: string, status: number, user: UserView | null | undefined) {
    if (status === 401) return note('unexpectedUnauthorized', `${where} for ${account.email}`)
    if (status !== 200) return note('otherErrors', `${where} for ${account.email} -> ${status}`)
    // tRPC's auth.session answers {user: null} for a session it does not know.
    if (user === null) return note('unexpectedUnauthorized', `${where} for ${account.email}: user null`)
    const u = user
    if (u === undefined) return note('otherErrors', `${where} for ${account.email}: no user in the body`)
    if (u.id !== account.id || u.email !== account.email) {
      return note('mixUps', `${where} for ${account.email} (#${account.id}) answered ${u.email} (#${u.id})`)
    }
    if (u.unsubscribed !== account.unsubscribed) {
      note('mixUps', `${where} for ${account.email}: unsubscribed ${u.unsubscribed}, expected ${account.unsubscribed}`)
    }
  }

  async function readerLoop(account: Account, until: number) {
    let round = 0
    while (performance.now() < until) {
      round += 1
      const rest = await call('GET', '/api/auth/session', { cookie: account.cookie })
      checkUser(
        account,
        'GET /api/auth/session',
        rest.status,
        (rest.json as { data?: { user?: UserView } })?.data?.user,
      )
      const trpc = await call('GET', '/trpc/auth.session', { cookie: account.cookie })
      checkUser(
        account,
        'GET /trpc/auth.session',
        trpc.status,
        (trpc.json as { result?: { data?: { user?: UserView | null } } })?.result?.data?.user,
      )
      if (round % 4 === 0) {
        const next = !account.unsubscribed
        const write = await call('POST', '/api/user/update-unsubscribed', {
          cookie: account.cookie,
          body: { unsubscribed: next },
        })
        if (write.status === 401) note('unexpectedUnauthorized', `update-unsubscribed for ${account.email}`)
        else if (write.status !== 200)
          note('otherErrors', `update-unsubscribed for ${account.email} -> ${write.status}`)
        else account.unsubscribed = next
      }
    }
  }

  /** A writer signs in again after a reset or a logout; a failure is counted, not thrown. */
  async function signInAgain(account: Account) {
    try {
      account.cookie = await signIn(account.email, account.password)
    } catch (err) {
      note('otherErrors', `sign-in again: ${(err as Error).message}`)
    }
  }

  async function writerLoop(account: Account, index: number, until: number) {
    let round = 0
    let passwordIndex = 0
    while (performance.now() < until) {
      round += 1
      const step = round % 5
      if (step === 0) {
        // Change password: a transaction that ends the account's other sessions.
        const next = PASSWORDS[(passwordIndex + 1) % 2]!
        const res = await call('POST', '/api/user/change-password', {
          cookie: account.cookie,
          body: { currentPassword: account.password, newPassword: next, confirmNewPassword: next },
        })
        if (res.status === 200) {
          passwordIndex = (passwordIndex + 1) % 2
          account.password = next
        } else if (res.status < 500) note('otherErrors', `change-password ${account.email} -> ${res.status}`)
      } else if (step === 1) {
        // Forgot + reset: ends every session of the account, so sign in again afterwards.
        const before = (await latestMail(options.db, account.email, 'reset_password').catch(() => undefined))?.id ?? 0
        await call('POST', '/api/auth/forgot-password', { body: { email: account.email } })
        // The reset mail is made after the answer (docs/decisions/api-boundary.md): wait for it.
        const mail = await nextMail(options.db, account.email, 'reset_password', before).catch(() => undefined)
        if (mail) {
          const next = PASSWORDS[(passwordIndex + 1) % 2]!
          const res = await call('POST', '/api/auth/reset-password', {
            body: { token: tokenFrom(mail.links, '/reset-password'), password: next },
          })
          if (res.status === 200) {
            passwordIndex = (passwordIndex + 1) % 2
            account.password = next
          }
        }
        await signInAgain(account)
      } else if (step === 2) {
        await call('POST', '/api/auth/register', {
          body: { email: `${prefix}-new-${index}-${round}@example.com`, password: PASSWORDS[0] },
        })
      } else if (step === 3) {
        await call('POST', '/api/auth/logout', { cookie: account.cookie })
        await signInAgain(account)
      } else {
        account.unsubscribed = !account.unsubscribed
        await call('POST', '/api/user/update-unsubscribed', {
          cookie: account.cookie,
          body: { unsubscribed: account.unsubscribed },
        })
      }
    }
  }

  const readers = await Promise.all(Array.from({ length: options.readers }, (_, i) => createAccount(`reader-${i}`)))
  const writers = await Promise.all(Array.from({ length: options.writers }, (_, i) => createAccount(`writer-${i}`)))
  // Setup requests are not part of the figures.
  Object.assign(result, { requests: 0, latenciesMs: [] })
  const until = performance.now() + options.durationMs
  await Promise.all([
    ...readers.map((account) => readerLoop(account, until)),
    ...writers.map((account, i) => writerLoop(account, i, until)),
  ])
  return result
}

/** The p-th percentile (0..100) of `values`, nearest rank; 0 for an empty list. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank]!
}
