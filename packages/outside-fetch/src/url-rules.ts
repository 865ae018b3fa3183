import { OutsideFetchError } from './errors.ts'
import type { TestAllowList } from './test-allow-list.ts'

/** Ports an outside fetch may use (issue 38): the web's own, whatever the scheme. */
export const ALLOWED_PORTS: ReadonlySet<number> = new Set([80, 443])

/** The port `url` connects to: its explicit port, else its scheme's default. */
export function portOf(url: URL): number {
  if (url.port !== '') return Number(url.port)
  return url.protocol === 'https:' ? 443 : 80
}

/** The host as a socket wants it: an IPv6 literal without its brackets. */
export function socketHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname
}

/** The URL without its query and fragment, for log lines and error messages (a query may hold a token). */
export function redactedUrl(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}${url.search ? '?…' : ''}`
}

/**
 * Parses `input` (relative to `base` for a redirect's Location) and checks what can be checked
 * before connecting: http or https, port 80 or 443 (or an origin on the test-only allow-list),
 * no user name or password. WHATWG URL parsing turns the numeric host forms
 * (http://2130706433/, http://0x7f.1/, http://017700000001/) into dotted IPv4, so the address
 * check at connection time sees 127.0.0.1. Rule: issue 38.
 * @throws OutsideFetchError invalid-url | scheme | port | credentials
 */
export function checkUrl(input: string, base?: URL, allowList?: TestAllowList): URL {
  let url: URL
  try {
    url = new URL(input, base)
  } catch {
    throw new OutsideFetchError('invalid-url', 'Not an absolute web address')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutsideFetchError('scheme', `Only http and https are fetched, not ${url.protocol}`)
  }
  if (url.username !== '' || url.password !== '') {
    throw new OutsideFetchError('credentials', 'A web address with a user name or password is not fetched')
  }
  if (!ALLOWED_PORTS.has(portOf(url)) && !allowList?.allowsOrigin(url)) {
    throw new OutsideFetchError('port', `Only ports 80 and 443 are fetched, not ${portOf(url)}`)
  }
  url.hash = ''
  return url
}
