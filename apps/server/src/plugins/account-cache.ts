import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { Negotiator } from '@fastify/accept-negotiator'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import { COMPRESS_THRESHOLD } from './compression.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The answers of the signed-in reads kept per user and data version (issue 24). */
    accountCache: AccountCache
  }
}

/** What the cache may hold at most, in bytes (JSON plus its brotli and gzip forms, plus keys). */
export const ACCOUNT_CACHE_BYTES = 64 * 1024 * 1024
/**
 * How long an answer is kept even when the user's data never changes: the reference data an
 * answer names (occasion labels, relationship names, interests) has no version of its own and
 * changes only with a migration or the seed, which restarts the server anyway; this bounds it.
 */
const ACCOUNT_CACHE_TTL_MS = 10 * 60_000

const brotliCompress = promisify(zlib.brotliCompress)
const gzipCompress = promisify(zlib.gzip)
/** Brotli quality 4 and gzip level 6, as plugins/compression.ts compresses other answers. */
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }
type Encoding = 'br' | 'gzip'
const ENCODINGS: Encoding[] = ['br', 'gzip']
/** Accept-Encoding negotiation (q-values, `*`), as @fastify/compress does it. */
const encodings = new Negotiator<Encoding>({ supportedValues: ENCODINGS })

/** One cached answer: its JSON bytes, their ETag hash and the compressed forms made so far. */
interface Answer {
  json: Buffer
  /** base64 SHA-1 of `json`, as @fastify/etag computes it. */
  hash: string
  br?: Buffer
  gzip?: Buffer
}

/** Which read an answer is, and what besides the user's data it depends on. */
export interface AccountRead {
  /** A stable name of the call, e.g. 'GET /api/people'. */
  call: string
  /** The call's normalised input (parsed params and query), made part of the key as JSON. */
  input?: unknown
  /** The answer shows catalog data (titles, prices, disabled): keyed by the catalog version too. */
  catalog?: boolean
  /** The answer depends on today's date in London (next occurrences, this year's spend). */
  today?: boolean
  /**
   * `make` gives the answer's JSON text itself (built by PostgreSQL), not an object for the
   * route's response serializer.
   */
  prebuilt?: boolean
}

export interface AccountCacheStats {
  hits: number
  misses: number
  entries: number
  bytes: number
}

export interface AccountCache {
  /**
   * Sends the answer of `read` for the request's signed-in user: from the cache when one was
   * made for the same user, call, input and versions (request.dataVersions, read with the
   * session; the London date when `read.today`), else made by `make` and kept. The JSON is made
   * once per version by the route's own response serializer (so the bytes are those the route
   * would send), and answers of COMPRESS_THRESHOLD bytes or more are compressed once per
   * encoding (brotli or gzip, as the client accepts), sent with Content-Encoding, Vary and a weak
   * ETag; smaller ones with a strong ETag. @fastify/etag answers 304 to a matching If-None-Match.
   * Concurrent misses of one key wait for one `make`. Errors of `make` are not kept.
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    read: AccountRead,
    make: () => Promise<unknown>,
  ): Promise<FastifyReply>
  stats(): AccountCacheStats
}

const londonDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** Separates a key's (user, call, input) from its versions. */
const VERSIONS = '\u0001'
/** The (user, call, input) part of a key. */
const baseOf = (key: string) => key.slice(0, key.indexOf(VERSIONS))

/** The bytes an entry costs: its buffers and (UTF-16) key. */
function sizeOf(answer: Answer, key: string): number {
  return answer.json.length + (answer.br?.length ?? 0) + (answer.gzip?.length ?? 0) + key.length * 2 + 64
}

/**
 * An in-process LRU of signed-in answers, bounded by `maxBytes` (issue 24,
 * docs/decisions/user-data-version.md). Keys start with the user's id, so one user's entry is
 * never another's answer; the versions in the key make entries unreachable as soon as the data
 * changes (no invalidation calls).
 */
export function createAccountCache(options: { maxBytes?: number; ttlMs?: number } = {}): AccountCache {
  // The newest key of each (user, call, input): an answer made for a newer version replaces the
  // older one at once, so superseded answers do not sit in memory until the LRU drops them (with
  // 200 KB answers they made the garbage collector work harder on every miss).
  const newest = new Map<string, string>()
  const cache = new LRUCache<string, Answer>({
    maxSize: Math.max(1, options.maxBytes ?? ACCOUNT_CACHE_BYTES),
    sizeCalculation: sizeOf,
    ttl: options.ttlMs ?? ACCOUNT_CACHE_TTL_MS,
    dispose: (_answer, key) => {
      const base = baseOf(key)
      if (newest.get(base) === key) newest.delete(base)
    },
  })
  const keep = (key: string, answer: Answer) => {
    const base = baseOf(key)
    const previous = newest.get(base)
    newest.set(base, key)
    if (previous !== undefined && previous !== key) cache.delete(previous)
    cache.set(key, answer)
  }
  // maxBytes 0 (ACCOUNT_CACHE_MB=0): every answer is made afresh, still sent as a hit would be.
  const enabled = (options.maxBytes ?? ACCOUNT_CACHE_BYTES) > 0
  const pending = new Map<string, Promise<Answer>>()
  const compressing = new Map<string, Promise<Buffer>>()
  let hits = 0
  let misses = 0

  const compress = (key: string, answer: Answer, encoding: Encoding): Promise<Buffer> => {
    const done = answer[encoding]
    if (done) return Promise.resolve(done)
    const job = `${encoding}\u0000${key}`
    let running = compressing.get(job)
    if (!running) {
      running = (encoding === 'br' ? brotliCompress(answer.json, BROTLI_OPTIONS) : gzipCompress(answer.json))
        .then((bytes) => {
          answer[encoding] = bytes
          // Set again so the LRU counts the new bytes (a no-op if the entry was dropped meanwhile).
          if (cache.peek(key) === answer) cache.set(key, answer)
          return bytes
        })
        .finally(() => compressing.delete(job))
      compressing.set(job, running)
    }
    return running
  }

  return {
    async send(request, reply, read, make) {
      const user = request.user
      const versions = request.dataVersions
      const serialize = async (): Promise<Answer> => {
        const value = await make()
        const text = read.prebuilt ? (value as string) : (reply.serialize(value) as string)
        const json = Buffer.from(text, 'utf8')
        return { json, hash: createHash('sha1').update(json).digest('base64') }
      }
      let answer: Answer
      let key = ''
      if (!user || !versions || !enabled) {
        answer = await serialize()
      } else {
        key = [
          user.id,
          read.call,
          read.input === undefined ? '' : JSON.stringify(read.input),
          VERSIONS,
          versions.user,
          read.catalog ? versions.catalog : '',
          read.today ? londonDate.format(new Date()) : '',
        ].join('\u0000')
        const hit = cache.get(key)
        if (hit) {
          hits += 1
          answer = hit
        } else {
          misses += 1
          let making = pending.get(key)
          if (!making) {
            making = serialize()
              .then((made) => {
                keep(key, made)
                return made
              })
              .finally(() => pending.delete(key))
            pending.set(key, making)
          }
          answer = await making
        }
      }
      void reply.type('application/json; charset=utf-8')
      if (answer.json.length >= COMPRESS_THRESHOLD) {
        const vary = reply.getHeader('vary')
        if (!vary) void reply.header('vary', 'accept-encoding')
        else if (!/accept-encoding/i.test(String(vary))) void reply.header('vary', `${String(vary)}, accept-encoding`)
        const encoding = encodings.negotiate(request.headers['accept-encoding'] ?? '')
        if (encoding) {
          const body = key
            ? await compress(key, answer, encoding)
            : await (encoding === 'br' ? brotliCompress(answer.json, BROTLI_OPTIONS) : gzipCompress(answer.json))
          return reply.header('content-encoding', encoding).header('etag', `W/"${answer.hash}"`).send(body)
        }
      }
      return reply.header('etag', `"${answer.hash}"`).send(answer.json)
    },
    stats: () => ({ hits, misses, entries: cache.size, bytes: cache.calculatedSize }),
  }
}

/** Gives `app` (and every scope registered after) its account answer cache. */
export function registerAccountCache(app: FastifyInstance, options?: { maxBytes?: number }): AccountCache {
  const cache = createAccountCache(options)
  app.decorate('accountCache', cache)
  return cache
}
