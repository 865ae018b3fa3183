import { describe, expect, it } from 'vitest'
import { parseEnv } from './env.ts'

describe('parseEnv: accounts and email settings', () => {
  it('defaults to the outbox, no Google, no bootstrap admin and 10/5 attempts per 15 minutes', () => {
    const env = parseEnv({})
    expect(env).toMatchObject({
      MAIL_FROM: 'Presently <no-reply@presently.local>',
      AUTH_RATE_LIMIT_IP_MAX: 10,
      AUTH_RATE_LIMIT_EMAIL_MAX: 5,
      AUTH_RATE_LIMIT_WINDOW_MINUTES: 15,
      TRUST_PROXY: false,
    })
    expect(env.SMTP_URL).toBeUndefined()
    expect(env.GOOGLE_CLIENT_ID).toBeUndefined()
    expect(env.ADMIN_EMAIL).toBeUndefined()
  })

  it('reads the settings', () => {
    const env = parseEnv({
      SMTP_URL: 'smtp://user:pass@mail.example:587',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'Adm1nPass',
      AUTH_RATE_LIMIT_IP_MAX: '3',
      TRUST_PROXY: '1',
    })
    expect(env).toMatchObject({
      SMTP_URL: 'smtp://user:pass@mail.example:587',
      AUTH_RATE_LIMIT_IP_MAX: 3,
      TRUST_PROXY: 1,
    })
  })

  it.each([
    ['0', false],
    ['false', false],
    ['2', 2],
    ['10.0.0.0/8, 192.168.1.10', ['10.0.0.0/8', '192.168.1.10']],
    ['loopback,fd00::/8', ['loopback', 'fd00::/8']],
  ])('reads TRUST_PROXY=%s as a hop count or proxy addresses (issue 41)', (value, parsed) => {
    expect(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(parsed)
  })

  it.each([
    ['true', 'TRUST_PROXY: true is refused: it believes every X-Forwarded-For entry'],
    ['yes', 'TRUST_PROXY: must be false, a hop count'],
    ['10.0.0.0/33', 'not 10.0.0.0/33'],
    ['21', 'a hop count must be between 0 and 20'],
  ])('refuses TRUST_PROXY=%s, saying why (issue 41)', (value, message) => {
    expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(message)
  })

  it.each([
    [{ SMTP_URL: 'http://mail.example' }, 'SMTP_URL: must start with smtp:// or smtps://'],
    [{ GOOGLE_CLIENT_ID: 'id' }, 'GOOGLE_CLIENT_SECRET: must be set together with GOOGLE_CLIENT_ID'],
    [{ ADMIN_PASSWORD: 'Adm1nPass' }, 'ADMIN_EMAIL: must be set together with ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'admin', ADMIN_PASSWORD: 'Adm1nPass' }, 'ADMIN_EMAIL'],
    [{ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD: must be at least 8 characters'],
    [{ AUTH_RATE_LIMIT_EMAIL_MAX: '0' }, 'AUTH_RATE_LIMIT_EMAIL_MAX'],
  ])('stops the start on %j', (source, message) => {
    expect(() => parseEnv(source)).toThrow(message)
  })
})

describe('parseEnv: CATALOG_FEEDS', () => {
  it('is empty by default (the shipped catalog) and resolves each listed feed against INIT_CWD', () => {
    expect(parseEnv({}).CATALOG_FEEDS).toEqual([])
    expect(
      parseEnv({ INIT_CWD: '/srv/shop', CATALOG_FEEDS: 'feeds/awin.csv.gz, /data/lf.mapping.json,,' }).CATALOG_FEEDS,
    ).toEqual(['/srv/shop/feeds/awin.csv.gz', '/data/lf.mapping.json'])
  })
})

describe('parseEnv: LLM re-ranking of recommendations (issue 12)', () => {
  it('is off by default and waits 4 s when on', () => {
    const off = parseEnv({})
    expect(off.LLM_BASE_URL).toBeUndefined()
    expect(off.LLM_TIMEOUT_MS).toBe(4000)
    const on = parseEnv({
      LLM_BASE_URL: 'http://127.0.0.1:8080/v1',
      LLM_API_KEY: 'k',
      LLM_MODEL: 'm',
      LLM_TIMEOUT_MS: '1500',
    })
    expect(on).toMatchObject({
      LLM_BASE_URL: 'http://127.0.0.1:8080/v1',
      LLM_API_KEY: 'k',
      LLM_MODEL: 'm',
      LLM_TIMEOUT_MS: 1500,
    })
  })

  it.each([
    [{ LLM_BASE_URL: 'http://127.0.0.1:8080/v1' }, 'LLM_API_KEY: must be set together with LLM_BASE_URL and LLM_MODEL'],
    [{ LLM_API_KEY: 'k', LLM_MODEL: 'm' }, 'LLM_BASE_URL: must be set together with LLM_API_KEY and LLM_MODEL'],
    [
      { LLM_BASE_URL: 'ftp://x', LLM_API_KEY: 'k', LLM_MODEL: 'm' },
      'LLM_BASE_URL: must start with http:// or https://',
    ],
    [{ LLM_TIMEOUT_MS: '0' }, 'LLM_TIMEOUT_MS'],
  ])('stops the start on %j', (source, message) => {
    expect(() => parseEnv(source)).toThrow(message)
  })
})

describe('parseEnv: WEB_CONCURRENCY (issue 24, server-processes.md)', () => {
  it('is one process by default and reads a count', () => {
    expect(parseEnv({}).WEB_CONCURRENCY).toBe(1)
    expect(parseEnv({ WEB_CONCURRENCY: '2' }).WEB_CONCURRENCY).toBe(2)
  })

  it.each(['0', '-1', '1.5', 'two', '65'])('stops the start on WEB_CONCURRENCY=%s', (value) => {
    expect(() => parseEnv({ WEB_CONCURRENCY: value })).toThrow('WEB_CONCURRENCY')
  })
})
