import net from 'node:net'

const brand = Symbol('test-allow-list')

/**
 * Origins on this machine that a fetcher may reach although they are loopback addresses on
 * ports other than 80/443: the fixture servers of tests and e2e runs (issue 38). Only loopback
 * IP literals with an explicit port are accepted (http://127.0.0.1:41234, http://[::1]:41234),
 * so the list can never open a private network, a name or port 80/443 of this machine. Made
 * only by testOnlyAllowList(); the server builds one only from OUTSIDE_FETCH_TEST_ORIGINS,
 * which env.ts refuses when NODE_ENV=production (docs/decisions/outside-fetch.md).
 */
export class TestAllowList {
  readonly [brand] = true
  readonly #origins: ReadonlySet<string>
  /** host:port pairs as the socket sees them ("127.0.0.1:41234", "::1:41234"). */
  readonly #sockets: ReadonlySet<string>

  private constructor(origins: URL[]) {
    this.#origins = new Set(origins.map((u) => u.origin))
    this.#sockets = new Set(origins.map((u) => `${u.hostname.replace(/^\[|\]$/g, '')}:${u.port}`))
  }

  /** @internal used by testOnlyAllowList only. */
  static create(origins: URL[]): TestAllowList {
    return new TestAllowList(origins)
  }

  /** True when `url`'s origin (scheme, host, port) is on the list. */
  allowsOrigin(url: URL): boolean {
    return this.#origins.has(url.origin)
  }

  /** True when a connection to `host` (an IP literal) and `port` is on the list. */
  allowsSocket(host: string | undefined, port: number | string | undefined): boolean {
    return host !== undefined && port !== undefined && this.#sockets.has(`${host}:${String(port)}`)
  }

  /** The origins, for a start-up warning. */
  get origins(): string[] {
    return [...this.#origins]
  }
}

/**
 * Builds the test-only allow-list from origins such as "http://127.0.0.1:41234".
 * @throws Error naming the origin when one is not http(s) on a loopback IP literal
 * (127.0.0.0/8 or ::1) with an explicit port other than 80 and 443, or has a path.
 */
export function testOnlyAllowList(origins: readonly string[]): TestAllowList {
  const parsed = origins.map((origin) => {
    const problem = loopbackOriginProblem(origin)
    if (problem) throw new Error(`Test allow-list: ${origin}: ${problem}`)
    return new URL(origin)
  })
  return TestAllowList.create(parsed)
}

/** Why `origin` cannot be on the test allow-list, or null when it can. */
export function loopbackOriginProblem(origin: string): string | null {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return 'not a URL'
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be http or https'
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) return 'must be an origin only'
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const loopback = (net.isIPv4(host) && host.startsWith('127.')) || host === '::1'
  if (!loopback) return 'must be a loopback address (127.x.x.x or [::1]), never a name or another network'
  if (url.port === '' || url.port === '80' || url.port === '443') return 'must name a port other than 80 and 443'
  return null
}
