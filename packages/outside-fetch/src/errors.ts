/**
 * Why an outside fetch was refused or failed (docs/decisions/outside-fetch.md):
 * - `invalid-url`: not an absolute URL;
 * - `scheme`: not http or https;
 * - `port`: a port other than 80 and 443;
 * - `credentials`: the URL carries a user name or password;
 * - `blocked-address`: the host is, or resolves to, a loopback, private, link-local,
 *   unique-local, multicast, unspecified or reserved address (checked on every connection);
 * - `dns`: the host name does not resolve;
 * - `too-many-redirects`: more than the allowed redirects (5), or a redirect without a Location;
 * - `timeout`: the whole fetch, redirects and body included, took longer than allowed (8 s);
 * - `too-large`: the body, after decompression, is bigger than allowed;
 * - `http-status`: the final answer's status is not 2xx (`status` holds it);
 * - `unsupported-type`: the answer's media type is not one the caller accepts;
 * - `network`: the connection failed or broke off (refused, reset, TLS error, bad encoding).
 */
export type OutsideFetchFailure =
  | 'invalid-url'
  | 'scheme'
  | 'port'
  | 'credentials'
  | 'blocked-address'
  | 'dns'
  | 'too-many-redirects'
  | 'timeout'
  | 'too-large'
  | 'http-status'
  | 'unsupported-type'
  | 'network'

/**
 * The one error the outside fetcher throws. `reason` says why (see OutsideFetchFailure);
 * `message` is for logs and never holds the URL's query string (it may hold a token).
 */
export class OutsideFetchError extends Error {
  readonly reason: OutsideFetchFailure
  /** The HTTP status, for `http-status`. */
  readonly status: number | undefined
  constructor(reason: OutsideFetchFailure, message: string, options?: { status?: number; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'OutsideFetchError'
    this.reason = reason
    this.status = options?.status
  }
}

/** True when `error` is an OutsideFetchError, optionally of one of `reasons`. */
export function isOutsideFetchError(error: unknown, ...reasons: OutsideFetchFailure[]): error is OutsideFetchError {
  return error instanceof OutsideFetchError && (reasons.length === 0 || reasons.includes(error.reason))
}
