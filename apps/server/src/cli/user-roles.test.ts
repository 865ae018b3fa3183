import { execFile } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { eq, users } from '@presently/db'
import { parseUserRolesArgs } from './user-roles-args.ts'

const run = promisify(execFile)
const here = path.dirname(fileURLToPath(import.meta.url))
const serverRoot = path.resolve(here, '../..')

describe('parseUserRolesArgs', () => {
  it('reads grant|revoke staff|admin <email>', () => {
    expect(parseUserRolesArgs(['grant', 'staff', 'Ann@Example.com'])).toEqual({
      action: 'grant',
      role: 'staff',
      email: 'ann@example.com',
    })
    expect(parseUserRolesArgs(['revoke', 'admin', 'a@b.co'])).toMatchObject({ action: 'revoke', role: 'admin' })
    expect(parseUserRolesArgs(['--help'])).toBe('help')
  })

  it.each([
    [[], 'grant or revoke'],
    [['give', 'staff', 'a@b.co'], 'grant or revoke'],
    [['grant', 'owner', 'a@b.co'], 'staff or admin'],
    [['grant', 'staff'], 'Email is required'],
    [['grant', 'staff', 'nope'], 'Please enter a valid email'],
    [['grant', 'staff', 'a@b.co', 'extra'], 'unexpected argument'],
  ])('refuses %j', (argv, message) => {
    expect(parseUserRolesArgs(argv)).toEqual({ error: expect.stringContaining(message) })
  })
})

// Each run starts tsx and transpiles the server's packages: seconds, more on a busy machine.
describe('npm run user', { timeout: 90_000 }, () => {
  let testDb: TestDatabase
  beforeAll(async () => {
    testDb = await createTestDatabase()
    await testDb.db.insert(users).values({ email: 'crew@example.com', emailConfirmedAt: new Date() })
  })
  afterAll(async () => testDb.close())

  const cli = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'src/cli/user-roles.ts', ...args], {
      cwd: serverRoot,
      env: { ...process.env, DATABASE_URL: testDb.url, NODE_ENV: 'test' },
    })

  it('grants and revokes roles on the database of DATABASE_URL', async () => {
    const granted = await cli('grant', 'admin', 'Crew@Example.com')
    expect(granted.stdout).toContain('granted admin to crew@example.com (is_staff: false, is_admin: true)')
    const [admin] = await testDb.db.select().from(users).where(eq(users.email, 'crew@example.com'))
    expect(admin).toMatchObject({ isAdmin: true, isStaff: false })

    await cli('grant', 'staff', 'crew@example.com')
    const revoked = await cli('revoke', 'admin', 'crew@example.com')
    expect(revoked.stdout).toContain('revoked admin from crew@example.com (is_staff: true, is_admin: false)')
  })

  it('fails with exit code 1 for an unknown email or bad usage', async () => {
    await expect(cli('grant', 'staff', 'ghost@example.com')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No account with the email ghost@example.com'),
    })
    await expect(cli('promote', 'ghost@example.com')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('usage: npm run user'),
    })
  })
})
