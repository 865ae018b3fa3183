import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { pipeline, Readable } from 'node:stream'
import zlib from 'node:zlib'
import { OutsideFetchError } from './errors.ts'
import { guardedAgents, isAddressRefusal } from './guarded-agent.ts'
import type { TestAllowList } from './test-allow-list.ts'
import { checkUrl, portOf, redactedUrl, socketHost } from './url-rules.ts'

/** The limits of one fetch (issue 38); each call may lower or raise them. */
export interface OutsideFetchLimits {
  /** Bytes of body after decompression; past it the fetch fails with `too-large`. Default 2 MB. */
  maxBytes: number
  /** Milliseconds for the whole fetch: every redirect, the headers and the body. Default 8,000. */
  timeoutMs: number
  /** Redirects followed, each checked like the first URL. Default 5. */
  maxRedirects: number
}

/** Issue 38: 2 MB of HTML, 8 s in all, at most 5 redirects. */
export const DEFAULT_LIMITS: OutsideFetchLimits = { maxBytes: 2 * 1024 * 1024, timeoutMs: 8000, maxRedirects: 5 }

export interface OutsideRequestOptions extends Partial<OutsideFetchLimits> {
  /** The Accept header. Default "text/html,application/xhtml+xml;q=0.9,*\/*;q=0.5". */
  accept?: string
  /**
   * Media types the caller takes ("text/html", or "image/*" for a whole family); another type,
   * or none, fails with `unsupported-type` before the body is read. Unset: any.
   */
  acceptTypes?: readonly string[]
  /** Aborts the fetch (the caller's own deadline); the fetch then fails with `timeout`. */
  signal?: AbortSignal
}

/** The answer's head, after every redirect. */
export interface OutsideHead {
  /** The URL that answered (after redirects), without its fragment. */
  url: URL
  status: number
  headers: IncomingHttpHeaders
  /** The media type in lower case without parameters ("text/html"), or null when none was sent. */
  mediaType: string | null
  /** The charset parameter of Content-Type in lower case ("iso-8859-1"), or null. */
  charset: string | null
  /** How many redirects were followed. */
  redirects: number
}

/** A buffered answer: the whole body, decompressed. */
export interface OutsideResponse extends OutsideHead {
  body: Buffer
}

/**
 * A streamed answer (large downloads such as catalog feeds): `body` yields the decompressed
 * bytes and errors with OutsideFetchError `too-large` or `timeout` when a limit is passed
 * (the deadline runs until the body ends). Destroy `body` to stop early.
 */
export interface OutsideStream extends OutsideHead {
  body: Readable
}

export interface OutsideFetcherOptions {
  /** Sent on every request; names the shop and where to read about it, e.g. "PresentlyBot/1.0 (+https://presently.example/)". */
  userAgent: string
  /** Limits of every call unless the call gives its own. Default DEFAULT_LIMITS. */
  defaults?: Partial<OutsideFetchLimits>
  /** Tests and e2e only: loopback origins the fetcher may reach (testOnlyAllowList). */
  testAllowList?: TestAllowList
  /**
   * The DNS lookup of every connection (tests make a name resolve to 10.0.0.1 with it); the
   * guard checks what it answers exactly as it checks the system resolver's answers.
   */
  lookup?: LookupFunction
}

/** The one way the shop reads pages and files from other sites (conventions: "Outside fetches"). */
export interface OutsideFetcher {
  /**
   * GETs `url` and reads the whole body into memory.
   * @throws OutsideFetchError (see OutsideFetchFailure) for every refusal and failure.
   */
  fetch(url: string, options?: OutsideRequestOptions): Promise<OutsideResponse>
  /**
   * GETs `url` and hands back the body as a stream once the head has arrived.
   * @throws OutsideFetchError for refusals and failures up to the head; later ones arrive on `body`.
   */
  open(url: string, options?: OutsideRequestOptions): Promise<OutsideStream>
  /** The User-Agent it sends. */
  readonly userAgent: string
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])

/**
 * Makes the guarded fetcher (issue 38; docs/decisions/outside-fetch.md). Every request:
 * http or https on port 80 or 443 only; the connection's address checked by
 * request-filtering-agent (loopback, private, link-local, unique-local, multicast, unspecified
 * and reserved refused, IPv4 and IPv6, IPv4-mapped too) on the first URL and on every redirect;
 * no cookies or credentials; gzip, deflate and br decoded with the byte cap counted after
 * decoding (a gzip bomb stops at the cap); one deadline for the whole fetch.
 */
export function createOutsideFetcher(options: OutsideFetcherOptions): OutsideFetcher {
  const agents = guardedAgents(options.testAllowList)
  const defaults: OutsideFetchLimits = { ...DEFAULT_LIMITS, ...options.defaults }
  const { userAgent, testAllowList, lookup } = options

  async function open(input: string, request: OutsideRequestOptions = {}): Promise<OutsideStream> {
    const limits = { ...defaults, ...pickLimits(request) }
    let url = checkUrl(input, undefined, testAllowList)
    const deadline = new Deadline(limits.timeoutMs, request.signal)
    try {
      for (let redirects = 0; ; redirects++) {
        const res = await send(url, request, deadline)
        if (REDIRECTS.has(res.statusCode ?? 0) && res.headers.location) {
          res.destroy()
          if (redirects >= limits.maxRedirects) {
            throw new OutsideFetchError('too-many-redirects', `More than ${limits.maxRedirects} redirects`)
          }
          url = checkUrl(res.headers.location, url, testAllowList)
          continue
        }
        const head = headOf(url, res, redirects)
        if (head.status < 200 || head.status > 299) {
          res.destroy()
          throw new OutsideFetchError('http-status', `${redactedUrl(url)} answered ${head.status}`, {
            status: head.status,
          })
        }
        if (request.acceptTypes && !acceptsType(request.acceptTypes, head.mediaType)) {
          res.destroy()
          throw new OutsideFetchError('unsupported-type', `${redactedUrl(url)} is ${head.mediaType ?? 'of no type'}`)
        }
        const body = cappedBody(res, url, limits.maxBytes, deadline)
        return { ...head, body }
      }
    } catch (error) {
      deadline.end()
      throw toFetchError(error, url)
    }
  }

  /** One GET without following redirects; resolves with the answer's head. */
  function send(url: URL, request: OutsideRequestOptions, deadline: Deadline): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      const secure = url.protocol === 'https:'
      const req = (secure ? https : http).request(
        {
          protocol: url.protocol,
          hostname: socketHost(url),
          port: portOf(url),
          path: `${url.pathname}${url.search}`,
          method: 'GET',
          agent: secure ? agents.https : agents.http,
          lookup,
          // Never a cookie or an Authorization header: only these.
          headers: {
            'user-agent': userAgent,
            accept: request.accept ?? 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
            'accept-language': 'en-GB,en;q=0.8',
            'accept-encoding': 'gzip, deflate, br',
          },
        },
        (res) => {
          deadline.track(res)
          resolve(res)
        },
      )
      deadline.track(req)
      req.on('error', reject)
      req.end()
    })
  }

  async function fetchWhole(input: string, request: OutsideRequestOptions = {}): Promise<OutsideResponse> {
    const { body, ...head } = await open(input, request)
    const chunks: Buffer[] = []
    try {
      for await (const chunk of body) chunks.push(chunk as Buffer)
    } catch (error) {
      throw toFetchError(error, head.url)
    }
    return { ...head, body: Buffer.concat(chunks) }
  }

  return { open, fetch: fetchWhole, userAgent }
}

function pickLimits(request: OutsideRequestOptions): Partial<OutsideFetchLimits> {
  const limits: Partial<OutsideFetchLimits> = {}
  if (request.maxBytes !== undefined) limits.maxBytes = request.maxBytes
  if (request.timeoutMs !== undefined) limits.timeoutMs = request.timeoutMs
  if (request.maxRedirects !== undefined) limits.maxRedirects = request.maxRedirects
  return limits
}

function headOf(url: URL, res: IncomingMessage, redirects: number): OutsideHead {
  const contentType = res.headers['content-type'] ?? ''
  const [type, ...params] = contentType.split(';')
  const mediaType = type?.trim().toLowerCase() || null
  const charsetParam = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('charset='))
  const charset = charsetParam ? charsetParam.slice('charset='.length).replace(/^"|"$/g, '') || null : null
  return { url, status: res.statusCode ?? 0, headers: res.headers, mediaType, charset, redirects }
}

function acceptsType(accepted: readonly string[], mediaType: string | null): boolean {
  if (!mediaType) return false
  return accepted.some((a) => a === mediaType || (a.endsWith('/*') && mediaType.startsWith(a.slice(0, -1))))
}

/** The decoded body with the byte cap; the deadline ends when it ends. */
function cappedBody(res: IncomingMessage, url: URL, maxBytes: number, deadline: Deadline): Readable {
  const encoding = (res.headers['content-encoding'] ?? 'identity').trim().toLowerCase()
  const declared = Number(res.headers['content-length'])
  if (encoding === 'identity' && Number.isFinite(declared) && declared > maxBytes) {
    res.destroy()
    throw new OutsideFetchError('too-large', `${redactedUrl(url)} is ${declared} bytes, more than ${maxBytes}`)
  }
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : encoding === 'identity'
            ? null
            : undefined
  if (decoder === undefined) {
    res.destroy()
    throw new OutsideFetchError('network', `${redactedUrl(url)} is encoded as ${encoding}`)
  }
  const source: Readable = decoder ? pipeline(res, decoder, () => {}) : res
  deadline.track(source)
  async function* capped() {
    let total = 0
    try {
      for await (const chunk of source) {
        total += (chunk as Buffer).length
        if (total > maxBytes) {
          throw new OutsideFetchError('too-large', `${redactedUrl(url)} is more than ${maxBytes} bytes`)
        }
        yield chunk as Buffer
      }
    } catch (error) {
      throw toFetchError(error, url)
    } finally {
      source.destroy()
      res.destroy()
      deadline.end()
    }
  }
  return Readable.from(capped(), { objectMode: false })
}

/** Maps anything a fetch threw to an OutsideFetchError (the guard's refusal, DNS, network). */
function toFetchError(error: unknown, url: URL): OutsideFetchError {
  if (error instanceof OutsideFetchError) return error
  const errors = error instanceof AggregateError ? [error, ...(error.errors as unknown[])] : [error]
  if (errors.some(isAddressRefusal)) {
    return new OutsideFetchError('blocked-address', `${url.host} is a private, local or reserved address`, {
      cause: error,
    })
  }
  const code = (error as { code?: string } | null)?.code
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA') {
    return new OutsideFetchError('dns', `${url.hostname} does not resolve`, { cause: error })
  }
  const what = error instanceof Error ? error.message : String(error)
  return new OutsideFetchError('network', `${redactedUrl(url)}: ${what}`, { cause: error })
}

/**
 * One timer for a whole fetch. When it fires (or the caller's signal aborts) every request,
 * answer and body stream it tracks is destroyed with a `timeout` error.
 */
class Deadline {
  readonly #streams = new Set<{ destroy(error?: Error): unknown }>()
  readonly #timer: NodeJS.Timeout
  readonly #signal: AbortSignal | undefined
  readonly #onAbort = () => this.#fire()
  #fired: OutsideFetchError | null = null

  constructor(ms: number, signal?: AbortSignal) {
    this.#timer = setTimeout(() => this.#fire(), ms)
    this.#signal = signal
    if (signal?.aborted) queueMicrotask(this.#onAbort)
    else signal?.addEventListener('abort', this.#onAbort, { once: true })
  }

  track(stream: { destroy(error?: Error): unknown }): void {
    if (this.#fired) stream.destroy(this.#fired)
    else this.#streams.add(stream)
  }

  end(): void {
    clearTimeout(this.#timer)
    this.#signal?.removeEventListener('abort', this.#onAbort)
    this.#streams.clear()
  }

  #fire(): void {
    this.#fired = new OutsideFetchError('timeout', 'The other site took too long to answer')
    for (const stream of this.#streams) stream.destroy(this.#fired)
    this.end()
  }
}
