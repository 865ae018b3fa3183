import type { ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { openDatabase, type Database } from '@presently/db'
import { unusedPort } from '@presently/email/testing'
import { afterAll, expect, it } from 'vitest'
import { latestMail, tokenFrom } from './testing/auth-helpers.ts'
import { spawnServer } from './testing/server-process.ts'

/**
 * Issue 24 (docs/decisions/server-processes.md): WEB_CONCURRENCY=2 runs the shop as `npm start`
 * does, on the embedded default, as a primary and two node:cluster workers sharing PORT. Both
 * workers serve; six users asking at once each get their own people, whichever worker answers; a
 * worker killed outright is replaced and the shop keeps answering; SIGTERM stops the workers, then
 * the embedded cluster, and the primary exits 0. Workers that cannot listen stop the shop with 1.
 */
let dataDir: string
let server: ChildProcess | undefined
let joined: Database | undefined

afterAll(async () => {
  await joined?.pool.end()
  server?.kill('SIGKILL')
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

interface LogLine {
  pid: number
  msg: string
  reqId?: string
}

it(
  'serves from two processes, answers each user with their own data, replaces a killed worker and stops cleanly',
  { timeout: 240_000 },
  async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'presently-processes-'))
    await chmod(dataDir, 0o755)
    const port = await unusedPort()
    const spawned = spawnServer({
      dataDir,
      port,
      env: { WEB_CONCURRENCY: '2', AUTH_RATE_LIMIT_IP_MAX: '1000', AUTH_RATE_LIMIT_EMAIL_MAX: '1000' },
    })
    server = spawned.child
    const { exited } = spawned
    const lines = (): LogLine[] =>
      spawned
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as LogLine)
    const waitFor = async (test: () => boolean, what: string, ms = 120_000) => {
      const until = Date.now() + ms
      while (!test()) {
        if (server!.exitCode !== null) throw new Error(`server exited while waiting for ${what}: ${spawned.output()}`)
        if (Date.now() > until) throw new Error(`no ${what} within ${ms} ms: ${spawned.output()}`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }
    await waitFor(() => spawned.output().includes('(2 server processes)'), 'announcement')
    const primary = server.pid!
    const workerPids = () => [
      ...new Set(
        lines()
          .filter((l) => l.msg.startsWith('Server listening'))
          .map((l) => l.pid),
      ),
    ]
    expect(workerPids()).toHaveLength(2)
    expect(workerPids()).not.toContain(primary)

    // The cluster the primary started, joined as a CLI would (to read the confirmation mails).
    joined = await openDatabase({ dataDir })
    expect(joined.kind).toBe('embedded-shared')
    const db = joined.db
    const base = `http://127.0.0.1:${port}`
    const post = (url: string, body: unknown, cookie = '') =>
      fetch(base + url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      })

    // Six users, each with one person named after them.
    const relationships = (await (await fetch(`${base}/api/relationships`)).json()) as { id: number }[]
    const relationshipId = relationships[0]!.id
    const users: { email: string; cookie: string; person: string }[] = []
    for (let i = 0; i < 6; i++) {
      const email = `processes-${i}@example.com`
      expect((await post('/api/auth/register', { email, password: 'secret12' })).status).toBe(201)
      const mail = await latestMail(db, email, 'confirm_email')
      const token = tokenFrom(mail.links, '/confirm-email')
      expect((await post('/api/auth/confirm-email', { token })).status).toBe(200)
      const login = await post('/api/auth/login', { email, password: 'secret12' })
      expect(login.status).toBe(200)
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0]!)
        .join('; ')
      const person = `Person of user ${i}`
      const added = await post('/api/people', { name: person, relationshipId }, cookie)
      expect(added.status, await added.clone().text()).toBe(201)
      users.push({ email, cookie, person })
    }

    // 120 reads at once: every answer is its caller's own, and both workers answer some.
    const servedBefore = lines().filter((l) => l.msg === 'incoming request').length
    const answers = await Promise.all(
      Array.from({ length: 120 }, async (_, i) => {
        const user = users[i % users.length]!
        const res = await fetch(`${base}/api/people`, { headers: { cookie: user.cookie } })
        const body = (await res.json()) as { name: string }[]
        return { expected: user.person, status: res.status, names: body.map((p) => p.name) }
      }),
    )
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(answer.names).toEqual([answer.expected])
    }
    const served = lines()
      .filter((l) => l.msg === 'incoming request')
      .slice(servedBefore)
    const byPid = new Map<number, number>()
    for (const line of served) byPid.set(line.pid, (byPid.get(line.pid) ?? 0) + 1)
    expect([...byPid.keys()].sort()).toEqual(workerPids().sort())

    // A worker killed outright is replaced; the shop answers throughout.
    const [victim] = workerPids()
    process.kill(victim!, 'SIGKILL')
    await waitFor(
      () => spawned.output().includes(`server process ${victim} exited with signal SIGKILL; starting another`),
      'restart',
    )
    await waitFor(() => workerPids().length === 3, 'a third worker listening')
    const after = await Promise.all(
      users.map(async (user) => {
        const res = await fetch(`${base}/api/people`, { headers: { cookie: user.cookie } })
        return ((await res.json()) as { name: string }[]).map((p) => p.name)
      }),
    )
    expect(after).toEqual(users.map((u) => [u.person]))

    // SIGTERM: the workers drain, the cluster stops, exit 0.
    await joined.pool.end()
    joined = undefined
    server.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(spawned.output()).toContain('SIGTERM received, stopping 2 server processes')
    expect(lines().filter((l) => l.msg === 'database stopped' && l.pid === primary)).toHaveLength(1)
    server = undefined
  },
)

it(
  'stops with exit 1, and stops the embedded cluster, when the workers cannot listen (the port is taken)',
  { timeout: 240_000 },
  async () => {
    dataDir ??= await mkdtemp(path.join(os.tmpdir(), 'presently-processes-'))
    await chmod(dataDir, 0o755)
    const blocker = net.createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const port = (blocker.address() as net.AddressInfo).port
    try {
      const spawned = spawnServer({ dataDir, port, env: { WEB_CONCURRENCY: '2' } })
      server = spawned.child
      const code = await spawned.exited
      const output = spawned.output()
      server = undefined
      expect(code, output).toBe(1)
      expect(output).toMatch(/a server process \(pid \d+\) exited with code 1 before it listened/)
      expect(output).not.toContain('server processes)')
      // The primary stopped the cluster it started: no postmaster left behind.
      expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false)
    } finally {
      blocker.close()
    }
  },
)
