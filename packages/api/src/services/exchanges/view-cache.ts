import { LRUCache } from 'lru-cache'
import { and, eq, exchangeLinks, exchangeParticipants, exchanges, perDatabase, sql, type Db } from '@presently/db'
import { AppError, EXCHANGE_MESSAGES, type ExchangeIdea, type ParticipantView } from '@presently/domain'
import { hashLinkToken, looksLikeLinkToken } from '../secret-links/link-token.ts'
import type { ExchangeRow, ParticipantRef, ParticipantRow } from './access.ts'

/**
 * Everything a participant's page reads besides the participant's and the exchange's own rows
 * (which the same query returns), as one text: the `xmin` of the exchange's and the participant's
 * rows (the id of the transaction that wrote that version: every committed update gives a new
 * one), the organiser's name and email, the exchange's page version and the catalog version.
 * The page version (`exchange_page_versions`, migration issue36_page_version_sql) moves at the
 * commit of every write to the exchange's participants, pairs, lists and messages, by deferred
 * triggers; the catalog version (`catalog_state`, migration 0005) at every write to products (a
 * product on a list disabled, renamed or re-priced by staff or a catalog refresh). So any write
 * that would change the page changes this text, whoever makes it, and the statement reads three
 * rows by primary key for it instead of aggregating the lists and messages (issue 36,
 * docs/decisions/gift-exchanges.md "The participant's page").
 */
const FINGERPRINT = sql<string>`concat_ws('|',
  ${exchanges}.xmin::text,
  ${exchangeParticipants}.xmin::text,
  coalesce((select md5(concat_ws(',', u.display_name, u.email)) from users u where u.id = ${exchanges.organiserId}), '-'),
  coalesce((select v.version::text from exchange_page_versions v where v.exchange_id = ${exchanges.id}), '-'),
  coalesce((select c.version::text from catalog_state c where c.id = 1), '-'))`

/**
 * The participant (and their exchange) a personal link or a signed-in user stands for, as
 * resolveParticipant gives them, plus the page's data fingerprint read in the same statement
 * (one round trip).
 * @throws AppError NOT_FOUND as resolveParticipant does.
 */
export async function resolveForView(
  db: Db,
  ref: ParticipantRef,
): Promise<{ participant: ParticipantRow; exchange: ExchangeRow; fingerprint: string }> {
  const lookups = lookupsOf(db)
  if ('token' in ref) {
    if (!looksLikeLinkToken(ref.token)) throw new AppError('NOT_FOUND', EXCHANGE_MESSAGES.linkNotFound)
    const [row] = await lookups.byToken.execute({ tokenHash: hashLinkToken(ref.token) })
    if (!row) throw new AppError('NOT_FOUND', EXCHANGE_MESSAGES.linkNotFound)
    return row
  }
  const [row] = await lookups.byUser.execute({ exchangeId: ref.exchangeId, userId: ref.userId })
  if (!row) throw new AppError('NOT_FOUND', EXCHANGE_MESSAGES.notFound)
  return row
}

/**
 * The two lookups of the page, as named prepared statements: PostgreSQL plans each once per
 * connection (planning the former fingerprint's subqueries took longer than running them: 0.7 ms vs 0.3).
 */
function prepareLookups(db: Db) {
  const fields = { participant: exchangeParticipants, exchange: exchanges, fingerprint: FINGERPRINT }
  return {
    byToken: db
      .select(fields)
      .from(exchangeLinks)
      .innerJoin(exchangeParticipants, eq(exchangeParticipants.id, exchangeLinks.participantId))
      .innerJoin(exchanges, eq(exchanges.id, exchangeParticipants.exchangeId))
      .where(eq(exchangeLinks.tokenHash, sql.placeholder('tokenHash')))
      .prepare('presently_exchange_page_by_token'),
    byUser: db
      .select(fields)
      .from(exchangeParticipants)
      .innerJoin(exchanges, eq(exchanges.id, exchangeParticipants.exchangeId))
      .where(
        and(
          eq(exchangeParticipants.exchangeId, sql.placeholder('exchangeId')),
          eq(exchangeParticipants.userId, sql.placeholder('userId')),
        ),
      )
      .prepare('presently_exchange_page_by_user'),
  }
}
const lookupsOf = perDatabase(prepareLookups)

/** One kept page: the view, and its JSON once a REST answer has serialised it. */
export interface CachedPage {
  readonly view: ParticipantView
  /** The text the REST route's response serializer made of `view` (set by that route, once). */
  json?: string
}

/** At most this many characters of pages are kept per database (about 2 KB a page; 200 people a full exchange). */
const PAGE_CACHE_CHARS = 8 * 1024 * 1024
/** A kept page lives at most this long even when nothing it shows changes (bounds memory held by idle pages). */
const PAGE_CACHE_TTL_MS = 10 * 60_000

/** Separates the (participant, viewer) part of a key from its fingerprint. */
const VERSIONS = '\u0001'

interface PageCache {
  pages: LRUCache<string, CachedPage>
  /** The newest key of each (participant, viewer): a page made for newer data drops the older one. */
  newest: Map<string, string>
  /** Misses in progress, so concurrent misses of one key build the page once. */
  pending: Map<string, Promise<CachedPage>>
}

/** One cache per database handle (tests hand in their own database, and so get their own cache). */
const cacheOf = perDatabase((): PageCache => {
  const newest = new Map<string, string>()
  const pages = new LRUCache<string, CachedPage>({
    maxSize: PAGE_CACHE_CHARS,
    // The view and, once a REST answer made it, its JSON: about twice the JSON's length.
    sizeCalculation: (page, key) => key.length + 2 * JSON.stringify(page.view).length,
    ttl: PAGE_CACHE_TTL_MS,
    dispose: (_page, key) => {
      const base = key.slice(0, key.indexOf(VERSIONS))
      if (newest.get(base) === key) newest.delete(base)
    },
  })
  return { pages, newest, pending: new Map() }
})

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}

/**
 * The page under `key` (participant id, viewer and fingerprint: see participantPage), from the
 * cache or made by `make` and kept (frozen: the same object answers every request with that key).
 * Concurrent misses of one key wait for one `make`; a failed `make` is not kept.
 */
export async function cachedPage(
  db: Db,
  base: string,
  fingerprint: string,
  make: () => Promise<ParticipantView>,
): Promise<CachedPage> {
  const cache = cacheOf(db)
  const key = `${base}${VERSIONS}${fingerprint}`
  const hit = cache.pages.get(key)
  if (hit) return hit
  let making = cache.pending.get(key)
  if (!making) {
    making = make()
      .then((view) => {
        const page: CachedPage = { view: deepFreeze(view) }
        const previous = cache.newest.get(base)
        cache.newest.set(base, key)
        if (previous !== undefined && previous !== key) cache.pages.delete(previous)
        cache.pages.set(key, page)
        return page
      })
      .finally(() => cache.pending.delete(key))
    cache.pending.set(key, making)
  }
  return making
}

/** Gift ideas kept per giver (their giftee has one Santa): at most this many lists per database. */
const IDEAS_CACHE_ENTRIES = 2_000
const ideasCacheOf = perDatabase(
  () =>
    new LRUCache<number, { key: string; ideas: Promise<readonly ExchangeIdea[]> }>({
      max: IDEAS_CACHE_ENTRIES,
      ttl: PAGE_CACHE_TTL_MS,
    }),
)

/**
 * The gift ideas of participant `participantId`'s giftee, kept while `key` (the page's
 * fingerprint, the catalog version and the London date: everything the picks engine reads) is
 * unchanged, else made by `make` and kept. Keyed by the participant found by their own link, so
 * one Santa's ideas never answer another; a failed `make` is not kept.
 */
export async function cachedIdeas(
  db: Db,
  participantId: number,
  key: string,
  make: () => Promise<ExchangeIdea[]>,
): Promise<readonly ExchangeIdea[]> {
  const cache = ideasCacheOf(db)
  const kept = cache.get(participantId)
  if (kept?.key === key) return kept.ideas
  const ideas = make().then((made) => deepFreeze(made))
  const entry = { key, ideas }
  cache.set(participantId, entry)
  ideas.catch(() => {
    if (cache.peek(participantId) === entry) cache.delete(participantId)
  })
  return ideas
}
