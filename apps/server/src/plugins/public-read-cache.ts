import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify'
import { LRUCache } from 'lru-cache'
import { AnswerBytesScope, keepingAnswerBytes, watchCatalogVersion, type CatalogVersionWatcher } from '@presently/api'
import type { Db, Lsn } from '@presently/db'
import { onCloseWithin } from './bounded-close.ts'
import { COMPRESS_THRESHOLD } from './compression.ts'
import { isStaff } from './trpc-public-reads.ts'

/** The catalog version this server holds in memory (undefined: not listening). */
export interface CatalogVersionSource {
  current(): string | undefined
  /** Reads catalog_state now and moves current() on to it (never back). */
  refresh(): Promise<void>
  /** The primary's WAL position `version` is known committed by (replica-reads.ts); undefined: not known. */
  lsnOf(version: string): Lsn | undefined
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalog version kept by LISTEN (issue 24, public-read-cache.ts). */
    catalogVersion: CatalogVersionSource
    /** Answers sent from the public read cache (hits) and made afresh while it could keep them (misses). */
    publicReadStats: () => { hits: number; misses: number; entries: number; bytes: number }
  }
  interface FastifyContextConfig {
    /**
     * A public catalog read (issue 24): a GET whose 200 answer, when it says `Cache-Control:
     * public`, depends on nothing but its URL and the catalog version (never on the caller,
     * except that staff may see more, and never on the time). Its bytes are kept per catalog
     * version and URL (registerPublicReadCache).
     */
    publicRead?: boolean
  }
}

/** Bytes of answers the cache keeps at most (JSON plus keys). */
export const PUBLIC_READ_CACHE_BYTES = 32 * 1024 * 1024

/** A kept answer: the bytes and the headers it was sent with. */
interface StoredAnswer {
  body: Buffer
  etag: string
  contentType: string
  cacheControl: string
  vary: string | undefined
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** The catalog version a request's lookup was made at, when its answer may be kept. */
const versionAtLookup = new WeakMap<FastifyRequest, string>()
/** The listing entries a request's reads added to cachedCatalogRead's cache (issue 44). */
const scopeOf = new WeakMap<FastifyRequest, AnswerBytesScope>()

function headerText(value: ReturnType<FastifyReply['getHeader']>): string | undefined {
  if (value === undefined) return undefined
  return Array.isArray(value) ? value.join(', ') : String(value)
}

/**
 * Serves public catalog reads from their stored bytes (issue 24: cached reads at a quarter of a
 * bare Fastify route's rate; docs/decisions/catalog-version-listen.md).
 *
 * - The catalog version comes from memory (watchCatalogVersion: LISTEN on the triggers'
 *   notifications), so a kept answer is sent without touching the database: no validation, no
 *   handler, no serialization, no hashing; @fastify/etag still answers 304 to a matching
 *   If-None-Match, and the security headers are those of every answer.
 * - Kept: 200 answers of GET routes with `config.publicRead` (and the tRPC route's GETs) that
 *   were sent with `Cache-Control: public`, uncompressed and under COMPRESS_THRESHOLD bytes,
 *   to callers who are not staff, keyed by the version at the request's start and the URL as
 *   sent. Staff and admins (who see disabled products) are never served from or stored into it.
 * - After any write by this process (a request that is not GET, HEAD or OPTIONS), the version
 *   is read again before the answer goes out, so the writer's next read sees the write; other
 *   processes' writes are seen when their notification arrives.
 * - While the listening connection is down, nothing is served from or kept in it.
 *
 * Register after the auth plugin (the lookup needs request.user) and before the routes.
 * @returns the version source, also `app.catalogVersion` (tests that write catalog tables with
 *   SQL call its refresh() before reading through the app, as another process's write is seen
 *   when its notification arrives).
 */
export function registerPublicReadCache(
  app: FastifyInstance,
  options: { db: Db; maxBytes?: number },
): CatalogVersionSource {
  // Started when the app is ready: the server migrates (catalog_state may not exist yet) between
  // building the app and listening.
  let watcher: CatalogVersionWatcher | undefined
  app.addHook('onReady', (done) => {
    watcher ??= watchCatalogVersion(options.db, {
      onError: (err) => app.log.warn({ err }, 'catalog version: listening connection lost'),
    })
    done()
  })
  onCloseWithin(app, 'the catalog version listener', async () => watcher?.close())
  const source: CatalogVersionSource = {
    current: () => watcher?.current(),
    refresh: async () => {
      // Not listening: nothing in memory to move on (reads go to the table anyway).
      if (watcher?.current() !== undefined) await watcher.refresh()
    },
    lsnOf: (version) => watcher?.lsnOf(version),
  }
  app.decorate('catalogVersion', source)
  const maxBytes = options.maxBytes ?? PUBLIC_READ_CACHE_BYTES
  const stored = new LRUCache<string, StoredAnswer>({
    maxSize: Math.max(1, maxBytes),
    sizeCalculation: (answer, key) => answer.body.length + key.length * 2 + 128,
  })
  const enabled = maxBytes > 0
  let hits = 0
  let misses = 0
  app.decorate('publicReadStats', () => ({ hits, misses, entries: stored.size, bytes: stored.calculatedSize }))

  const lookup: onRequestHookHandler = (request, reply, done) => {
    if (!enabled || request.method !== 'GET' || isStaff(request)) return done()
    const version = source.current()
    if (version === undefined) return done()
    const answer = stored.get(`${version}\u0000${request.url}`)
    if (!answer) {
      misses += 1
      versionAtLookup.set(request, version)
      // A listing the request reads is not kept again as objects by cachedCatalogRead once its
      // bytes are kept here (issue 44, docs/decisions/memory.md).
      const scope = new AnswerBytesScope()
      scopeOf.set(request, scope)
      return keepingAnswerBytes(scope, () => done())
    }
    hits += 1
    void reply
      .header('content-type', answer.contentType)
      .header('cache-control', answer.cacheControl)
      .header('etag', answer.etag)
    if (answer.vary !== undefined) void reply.header('vary', answer.vary)
    void reply.send(answer.body)
  }

  const keep: onSendHookHandler = (request, reply, payload, done) => {
    const version = versionAtLookup.get(request)
    if (version === undefined || reply.statusCode !== 200) return done(null, payload)
    const cacheControl = headerText(reply.getHeader('cache-control'))
    const etag = headerText(reply.getHeader('etag'))
    const contentType = headerText(reply.getHeader('content-type'))
    if (
      !cacheControl?.startsWith('public') ||
      !etag ||
      !contentType ||
      reply.getHeader('content-encoding') !== undefined ||
      reply.getHeader('set-cookie') !== undefined ||
      !(typeof payload === 'string' || Buffer.isBuffer(payload))
    ) {
      return done(null, payload)
    }
    const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload
    if (body.length < COMPRESS_THRESHOLD) {
      stored.set(`${version}\u0000${request.url}`, {
        body,
        etag,
        contentType,
        cacheControl,
        vary: headerText(reply.getHeader('vary')),
      })
      scopeOf.get(request)?.answerKept()
    }
    done(null, payload)
  }

  app.addHook('onRoute', (route) => {
    if (!route.config?.publicRead) return
    const asList = <T>(hooks: T | T[] | undefined): T[] =>
      hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]
    route.onRequest = [...asList(route.onRequest), lookup]
    route.onSend = [...asList(route.onSend), keep]
  })

  // This process's own writes: the version is read again before the answer goes out.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (SAFE_METHODS.has(request.method)) return done(null, payload)
    source.refresh().then(
      () => done(null, payload),
      () => done(null, payload),
    )
  })
  return source
}
