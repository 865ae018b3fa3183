import net, { type LookupFunction } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createOutsideFetcher, DEFAULT_LIMITS, type OutsideFetcher } from './fetcher.ts'
import { OutsideFetchError, type OutsideFetchFailure } from './errors.ts'
import { testOnlyAllowList } from './test-allow-list.ts'
import { startFixtureShop, type FixtureShop } from './testing/fixture-shop.ts'

const USER_AGENT = 'PresentlyBot/1.0 (+http://presently.test/)'

/**
 * A DNS for tests: names ending .test resolve as the table says; nothing here ever asks a real
 * resolver. Every address is checked by the guard exactly as a real answer would be.
 */
const table: Record<string, Array<{ address: string; family: 4 | 6 }>> = {
  'evil.test': [{ address: '10.0.0.1', family: 4 }],
  'mixed.test': [
    { address: '93.184.215.14', family: 4 },
    { address: '192.168.0.10', family: 4 },
  ],
  'loopback.test': [{ address: '127.0.0.1', family: 4 }],
  'v6-local.test': [{ address: '::1', family: 6 }],
  'mapped.test': [{ address: '::ffff:127.0.0.1', family: 6 }],
}
const testLookup = ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
  const answers = table[hostname]
  if (!answers) {
    const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
    return callback(error)
  }
  if (options.all) return callback(null, answers)
  return callback(null, answers[0]!.address, answers[0]!.family)
}) as unknown as LookupFunction

/**
 * A tripwire under the guard: while these tests run, a socket may connect only to the fixture
 * shop. If the guard ever regressed, the tests would fail here instead of sending a packet to
 * 10.0.0.1 or 169.254.169.254 (nothing but loopback may be a target on this machine).
 */
// eslint-disable-next-line @typescript-eslint/unbound-method -- put back as it was, on the prototype
const realConnect = net.Socket.prototype.connect
let fixturePort = -1
const TRIPWIRE = 'tripwire: a test tried to connect beyond the fixture shop'
function allowedTarget(host: unknown, port: unknown): boolean {
  return host === '127.0.0.1' && Number(port) === fixturePort
}
function installTripwire() {
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    // net.connect() hands Socket#connect its arguments as one normalised array.
    const first = Array.isArray(args[0]) ? args[0][0] : args[0]
    const options = (typeof first === 'object' && first !== null ? first : {}) as net.TcpNetConnectOpts
    if (options.host !== undefined && net.isIP(options.host) !== 0 && !allowedTarget(options.host, options.port)) {
      process.nextTick(() => this.destroy(new Error(TRIPWIRE)))
      return this
    }
    // A name: check the address its lookup answered before the socket connects to it.
    this.on('lookup', (error: Error | null, address: string) => {
      if (!error && !allowedTarget(address, options.port)) this.destroy(new Error(TRIPWIRE))
    })
    return (realConnect as (...a: unknown[]) => net.Socket).apply(this, args)
  }
}

let shop: FixtureShop
let fetcher: OutsideFetcher
/** The production shape: no allow-list at all. */
let guarded: OutsideFetcher

beforeAll(async () => {
  shop = await startFixtureShop()
  fixturePort = Number(new URL(shop.origin).port)
  installTripwire()
  fetcher = createOutsideFetcher({
    userAgent: USER_AGENT,
    testAllowList: testOnlyAllowList([shop.origin]),
    lookup: testLookup,
  })
  guarded = createOutsideFetcher({ userAgent: USER_AGENT, lookup: testLookup })
})
afterAll(async () => {
  net.Socket.prototype.connect = realConnect
  await shop.close()
})

test('the tripwire stops a socket to any other address (checked on 127.0.0.2, still this machine)', async () => {
  const socket = net.connect({ host: '127.0.0.2', port: 9 })
  const error = await new Promise<Error>((resolve) => socket.on('error', resolve))
  expect(error.message).toBe(TRIPWIRE)
  const named = net.connect({
    host: 'canary.test',
    port: 9,
    lookup: ((_h: string, _o: unknown, cb: (...a: unknown[]) => void) => cb(null, '127.0.0.2', 4)) as never,
  })
  const namedError = await new Promise<Error>((resolve) => named.on('error', resolve))
  expect(namedError.message).toBe(TRIPWIRE)
})

async function failure(promise: Promise<unknown>): Promise<OutsideFetchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(OutsideFetchError)
  return error as OutsideFetchError
}

async function reason(promise: Promise<unknown>): Promise<OutsideFetchFailure> {
  return (await failure(promise)).reason
}

describe('the limits of issue 38', () => {
  test('are 2 MB, 8 s and 5 redirects', () => {
    expect(DEFAULT_LIMITS).toEqual({ maxBytes: 2 * 1024 * 1024, timeoutMs: 8000, maxRedirects: 5 })
  })
})

describe('a fixture page through the test-only allow-list', () => {
  test('is fetched with the shop-naming User-Agent and no cookie', async () => {
    const page = await fetcher.fetch(shop.url('/products/mug'))
    expect(page.status).toBe(200)
    expect(page.mediaType).toBe('text/html')
    expect(page.charset).toBe('utf-8')
    expect(page.body.toString()).toContain('<title>Hand-thrown Mug</title>')
    const seen = shop.seen.findLast((r) => r.path === '/products/mug')!
    expect(seen.headers['user-agent']).toBe(USER_AGENT)
    expect(seen.headers.cookie).toBeUndefined()
    expect(seen.headers.authorization).toBeUndefined()
  })

  test('a cookie set on a redirect is not sent back', async () => {
    const page = await fetcher.fetch(shop.url('/set-cookie'))
    expect(page.url.pathname).toBe('/echo')
    expect(page.redirects).toBe(1)
    expect(page.body.toString()).not.toContain('session=secret')
    expect(shop.seen.findLast((r) => r.path === '/echo')!.headers.cookie).toBeUndefined()
  })

  test('five redirects are followed, a sixth is refused', async () => {
    const page = await fetcher.fetch(shop.url('/loop/4'))
    expect(page.redirects).toBe(5)
    expect(page.url.pathname).toBe('/products/mug')
    expect(await reason(fetcher.fetch(shop.url('/loop/5')))).toBe('too-many-redirects')
  })

  test('a 503 is an http-status failure carrying the status', async () => {
    const error = await failure(fetcher.fetch(shop.url('/dp/B0BOTWALL1')))
    expect(error.reason).toBe('http-status')
    expect(error.status).toBe(503)
  })

  test('a PDF is refused before its body when the caller takes HTML only', async () => {
    expect(await reason(fetcher.fetch(shop.url('/document.pdf'), { acceptTypes: ['text/html'] }))).toBe(
      'unsupported-type',
    )
    const any = await fetcher.fetch(shop.url('/images/shuttle.png'), { acceptTypes: ['image/*'] })
    expect(any.mediaType).toBe('image/png')
  })

  test('a drip-fed body is cut at the deadline', async () => {
    const started = Date.now()
    expect(await reason(fetcher.fetch(shop.url('/drip'), { timeoutMs: 700 }))).toBe('timeout')
    // Cut by the deadline, not left to hang (no timing asserted beyond "it ended").
    expect(Date.now() - started).toBeGreaterThanOrEqual(600)
  })

  test('a caller signal aborts the fetch as a timeout', async () => {
    expect(await reason(fetcher.fetch(shop.url('/drip'), { signal: AbortSignal.timeout(300) }))).toBe('timeout')
  })

  test('a 50 MB body is cut at 2 MB, declared or chunked', async () => {
    expect(await reason(fetcher.fetch(shop.url('/huge-declared')))).toBe('too-large')
    expect(await reason(fetcher.fetch(shop.url('/huge')))).toBe('too-large')
  })

  test('a gzip bomb is cut at 2 MB after decompression', async () => {
    const error = await failure(fetcher.fetch(shop.url('/bomb')))
    expect(error.reason).toBe('too-large')
    expect(error.message).toContain(String(2 * 1024 * 1024))
  })

  test('a compressed page within the limit is decoded', async () => {
    const page = await fetcher.fetch(shop.url('/bomb'), { maxBytes: 65 * 1024 * 1024 })
    expect(page.body.length).toBe(64 * 1024 * 1024)
  })

  test('open() streams the body and errors on it past the limit', async () => {
    const stream = await fetcher.open(shop.url('/huge'), { maxBytes: 1024 * 1024 })
    expect(stream.status).toBe(200)
    let received = 0
    const error = await (async () => {
      try {
        for await (const chunk of stream.body) received += (chunk as Buffer).length
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(OutsideFetchError)
    expect((error as OutsideFetchError).reason).toBe('too-large')
    expect(received).toBeLessThanOrEqual(1024 * 1024)
  })
})

describe('addresses that are not the open internet are refused', () => {
  test('127.0.0.1 without the allow-list: the fixture itself, and port 80', async () => {
    expect(await reason(guarded.fetch(shop.url('/products/mug')))).toBe('port')
    expect(await reason(guarded.fetch('http://127.0.0.1/'))).toBe('blocked-address')
    expect(await reason(guarded.fetch('https://127.0.0.1/'))).toBe('blocked-address')
    // A name for it, and the fixture's own port through a redirect, are refused too.
    expect(await reason(guarded.fetch('http://loopback.test/'))).toBe('blocked-address')
  })

  test.each([
    ['decimal', 'http://2130706433/'],
    ['hex and short', 'http://0x7f.1/'],
    ['octal', 'http://017700000001/'],
    ['dotted octal', 'http://0177.0.0.1/'],
    ['127/8', 'http://127.1.2.3/'],
    ['IPv6 loopback', 'http://[::1]/'],
    ['IPv4-mapped IPv6', 'http://[::ffff:127.0.0.1]/'],
    ['IPv4-mapped IPv6, hex', 'http://[::ffff:7f00:1]/'],
    ['unspecified', 'http://0.0.0.0/'],
    ['unspecified, decimal', 'http://0/'],
    ['IPv6 unspecified', 'http://[::]/'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['private 10/8', 'http://10.0.0.1/'],
    ['private 172.16/12', 'https://172.16.5.4/'],
    ['private 192.168/16', 'http://192.168.1.1/'],
    ['carrier-grade NAT', 'http://100.64.0.1/'],
    ['unique-local IPv6', 'http://[fd00::1]/'],
    ['link-local IPv6', 'http://[fe80::1]/'],
    ['multicast', 'http://224.0.0.1/'],
    ['IPv6 multicast', 'http://[ff02::1]/'],
    ['reserved', 'http://240.0.0.1/'],
    ['broadcast', 'http://255.255.255.255/'],
    ['NAT64 of loopback', 'http://[64:ff9b::7f00:1]/'],
  ])('%s: %s', async (_name, url) => {
    expect(await reason(fetcher.fetch(url))).toBe('blocked-address')
  })

  test('a name resolving to 10.0.0.1, or to a public and a private address, is refused', async () => {
    expect(await reason(fetcher.fetch('http://evil.test/'))).toBe('blocked-address')
    expect(await reason(fetcher.fetch('https://mixed.test/'))).toBe('blocked-address')
    expect(await reason(fetcher.fetch('http://v6-local.test/'))).toBe('blocked-address')
    expect(await reason(fetcher.fetch('http://mapped.test/'))).toBe('blocked-address')
  })

  test.each([
    ['127.0.0.1', 'http://127.0.0.1/'],
    ['169.254.169.254', 'http://169.254.169.254/latest/meta-data/iam/'],
    ['[::1]', 'http://[::1]/'],
    ['0.0.0.0', 'http://0.0.0.0/'],
    ['a name for 10.0.0.1', 'http://evil.test/admin'],
    ['127.0.0.1 in decimal', 'http://2130706433/'],
  ])('a redirect from the fixture to %s is refused', async (_name, target) => {
    const error = await failure(fetcher.fetch(shop.url(`/redirect?to=${encodeURIComponent(target)}`)))
    expect(error.reason).toBe('blocked-address')
    // The message never carries the redirect's query string.
    expect(error.message).not.toContain('?to=')
  })

  test('a name that does not resolve is a dns failure', async () => {
    expect(await reason(fetcher.fetch('http://nowhere.test/'))).toBe('dns')
  })
})

describe('addresses refused before connecting', () => {
  test.each([
    ['ftp://files.example.com/x', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['data:text/html,hi', 'scheme'],
    ['gopher://example.com/', 'scheme'],
    ['http://example.com:8080/', 'port'],
    ['https://example.com:22/', 'port'],
    ['http://user:pass@example.com/', 'credentials'],
    ['not a url', 'invalid-url'],
    ['', 'invalid-url'],
  ] as const)('%s: %s', async (url, expected) => {
    expect(await reason(fetcher.fetch(url))).toBe(expected)
  })

  test('a redirect to another scheme or port is refused', async () => {
    expect(await reason(fetcher.fetch(shop.url(`/redirect?to=${encodeURIComponent('file:///etc/passwd')}`)))).toBe(
      'scheme',
    )
    expect(
      await reason(fetcher.fetch(shop.url(`/redirect?to=${encodeURIComponent('http://example.com:6379/')}`))),
    ).toBe('port')
  })
})

describe('the test-only allow-list', () => {
  test.each([
    'http://127.0.0.1',
    'http://127.0.0.1:80',
    'https://127.0.0.1:443',
    'http://10.0.0.1:8080',
    'http://192.168.1.2:3000',
    'http://localhost:3000',
    'http://example.com:3000',
    'http://127.0.0.1:3000/path',
    'ftp://127.0.0.1:3000',
  ])('refuses %s', (origin) => {
    expect(() => testOnlyAllowList([origin])).toThrow(/Test allow-list/)
  })

  test('opens only the exact origin it names, not another port of the same address', async () => {
    const other = createOutsideFetcher({
      userAgent: USER_AGENT,
      testAllowList: testOnlyAllowList(['http://127.0.0.1:1']),
    })
    expect(await reason(other.fetch(shop.url('/products/mug')))).toBe('port')
    expect(await reason(other.fetch('http://127.0.0.1/'))).toBe('blocked-address')
  })
})
