import type { Db } from '@presently/db'
import { latestMail, tokenFrom } from './auth-helpers.ts'

/** A confirmed, signed-in account made over HTTP: its id, email, password and session cookie. */
export interface HttpAccount {
  id: number
  email: string
  password: string
  /** "session=<token>", ready for a Cookie header. */
  cookie: string
}

async function post(baseUrl: string, path: string, body: unknown) {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

/**
 * Registers `email` on the server at `baseUrl`, confirms it through the link mailed to its outbox
 * (read from `db`, the server's database) and signs in, all over real HTTP as a browser would.
 * Used by load tests and benchmarks that need many signed-in users.
 * @throws Error naming the step that failed.
 */
export async function signUpOverHttp(
  baseUrl: string,
  db: Db,
  email: string,
  password = 'Secret-one-1',
): Promise<HttpAccount> {
  const register = await post(baseUrl, '/api/auth/register', { email, password })
  if (register.status !== 201) throw new Error(`register ${email} -> ${register.status}`)
  const mail = await latestMail(db, email, 'confirm_email')
  const confirm = await post(baseUrl, '/api/auth/confirm-email', { token: tokenFrom(mail.links, '/confirm-email') })
  if (confirm.status !== 200) throw new Error(`confirm ${email} -> ${confirm.status}`)
  const login = await post(baseUrl, '/api/auth/login', { email, password })
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('session='))
    ?.split(';')[0]
  if (login.status !== 200 || !cookie) throw new Error(`login ${email} -> ${login.status}`)
  const session = (await (await fetch(`${baseUrl}/api/auth/session`, { headers: { cookie } })).json()) as {
    data?: { user?: { id: number } }
  }
  const id = session.data?.user?.id
  if (!id) throw new Error(`no session for ${email}`)
  return { id, email, password, cookie }
}
