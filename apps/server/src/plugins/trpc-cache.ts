import type { TRPCError } from '@trpc/server'
import type { TRPCRequestInfo } from '@trpc/server/http'

/**
 * tRPC queries whose answers are the same for every caller: the public catalog reads. Each gets
 * the Cache-Control its REST twin sends (apps/server/src/rest/cache.ts): `public, max-age=N`
 * seconds, or `no-cache` (revalidate every time). Keys are procedure paths.
 *
 * Only add a procedure here when its answer depends on nothing but its input: no ctx.user, no
 * session, no time. Anything not listed is answered `no-store` (issue 10 finding 4).
 */
export const PUBLIC_TRPC_READS: Readonly<Record<string, number | 'revalidate'>> = {
  'products.list': 300,
  'products.byId': 300,
  'products.maxPrice': 3600,
  'products.formattedDescription': 300,
  'products.suggest': 300,
  'categories.tree': 3600,
  'categories.searchWithCounts': 300,
  'categories.promoWithCounts': 300,
  'promos.byName': 'revalidate',
  'promos.products': 300,
  'promos.productsPage': 300,
  'variants.status': 300,
  'variants.group': 300,
}

/**
 * The Cache-Control of one tRPC HTTP answer (used from responseMeta).
 *
 * - every call a listed public read, all succeeded, a query: `public, max-age=<smallest max-age
 *   of the calls>`, or `no-cache` when any of them must revalidate;
 * - anything else — a per-user procedure (auth.session, account.*, every protected one), a batch
 *   mixing public and per-user calls, a mutation, an error, an unknown path: `no-store`.
 *
 * The ETag that lets a cached answer revalidate with a 304 comes from @fastify/etag (app.ts).
 */
export function trpcCacheControl(options: {
  info: TRPCRequestInfo | undefined
  type: string
  errors: readonly TRPCError[]
  /** The caller is staff or an admin (see publicCacheControl). */
  staff?: boolean
}): string {
  const { info, type, errors } = options
  if (!info || type !== 'query' || errors.length > 0) return 'no-store'
  return publicCacheControl(
    info.calls.map((call) => call.path),
    options.staff,
  )
}

/**
 * The Cache-Control of successful queries at `paths`: `public, max-age=<smallest>` when all are
 * listed public reads, `no-cache` when one of those must revalidate, `no-store` when any is not
 * listed (or there are none).
 *
 * Staff and admins get `private, no-cache` for public reads: they also see disabled products
 * (products.byId), which no shared cache may keep, and they change the catalog, so their
 * browser must revalidate (a 304 by ETag when unchanged) to show a disable at once (spec
 * account-area §4; REST sends `private, no-store` for a disabled product).
 */
export function publicCacheControl(paths: readonly string[], staff = false): string {
  if (paths.length === 0) return 'no-store'
  let maxAge = Infinity
  let revalidate = false
  for (const path of paths) {
    const policy = Object.hasOwn(PUBLIC_TRPC_READS, path) ? PUBLIC_TRPC_READS[path] : undefined
    if (policy === undefined) return 'no-store'
    if (policy === 'revalidate') revalidate = true
    else maxAge = Math.min(maxAge, policy)
  }
  if (staff) return 'private, no-cache'
  return revalidate ? 'no-cache' : `public, max-age=${maxAge}`
}
