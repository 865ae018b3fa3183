import type { FastifyInstance, FastifyRequest } from 'fastify'
import { parseLsn, formatLsn, type Db, type Lsn, type ReplicaSet } from '@presently/db'
import type { CatalogVersionSource } from './public-read-cache.ts'
import { isStaff } from './trpc-public-reads.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The database for this request's public reads that tolerate a short lag (issue 42): a read
     * replica when one may answer it, else the primary. Chosen once per request.
     */
    readDb(): Db
  }
}

/**
 * The cookie that keeps a browser's reads on data at least as new as its own last write: the
 * primary's WAL position after the write (pg_lsn text, not a secret). It lives as long as the lag
 * bound, after which every replica in use has replayed past it.
 */
export const READ_YOUR_WRITES_COOKIE = 'presently_rw'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const chosen = new WeakMap<FastifyRequest, Db>()

/**
 * Sends public reads to read replicas when the server has any (DATABASE_REPLICA_URLS, issue 42;
 * docs/decisions/read-replicas.md). A request's reads go to a replica only when all of these hold:
 * - it is a GET or HEAD (every write, and every read in a request that writes, is the primary's);
 * - the caller is not staff (staff see disabled products and must see their own disable at once);
 * - the catalog version is known (LISTEN on the primary) with the WAL position it was committed
 *   by, and a replica in use has replayed that position: no answer is older than the version it
 *   is kept under;
 * - that replica has also replayed the caller's last write (the READ_YOUR_WRITES_COOKIE position).
 * Otherwise the primary answers. Routes and procedures opt in: REST handlers of public reads call
 * request.readDb(); tRPC's publicReadProcedure reads ctx.readDb. Signed-in account answers never
 * do, so they are always the primary's.
 *
 * After a successful request that is not GET, HEAD or OPTIONS, the primary's WAL position is
 * read and set in the cookie (one query per write request, only when replicas are configured).
 */
export function registerReplicaReads(
  app: FastifyInstance,
  options: { db: Db; replicas: ReplicaSet | undefined; catalogVersion: CatalogVersionSource },
): void {
  const { db, replicas, catalogVersion } = options

  const choose = (request: FastifyRequest): Db => {
    if (!replicas?.configured || (request.method !== 'GET' && request.method !== 'HEAD') || isStaff(request)) {
      return db
    }
    const version = catalogVersion.current()
    const versionLsn = version === undefined ? undefined : catalogVersion.lsnOf(version)
    if (versionLsn === undefined) return db
    const ownWrite = parseLsn(request.cookies[READ_YOUR_WRITES_COOKIE])
    const minLsn: Lsn = ownWrite !== undefined && ownWrite > versionLsn ? ownWrite : versionLsn
    return replicas.pick(minLsn)?.db ?? db
  }

  app.decorateRequest('readDb', function (this: FastifyRequest): Db {
    let picked = chosen.get(this)
    if (!picked) {
      picked = choose(this)
      chosen.set(this, picked)
    }
    return picked
  })
  if (!replicas?.configured) return

  const maxAge = Math.ceil(replicas.maxLagSeconds) + 1
  app.addHook('onSend', async (request, reply, payload) => {
    if (SAFE_METHODS.has(request.method) || reply.statusCode >= 400) return payload
    try {
      const lsn = await replicas.primaryLsn()
      if (lsn !== undefined) {
        void reply.setCookie(READ_YOUR_WRITES_COOKIE, formatLsn(lsn), {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          maxAge,
        })
      }
    } catch (err) {
      // Without the cookie the caller's next read may come from a replica behind its write for up
      // to the lag bound; the answer itself is not held back for it.
      request.log.warn({ err }, 'replicas: could not read the primary position after a write')
    }
    return payload
  })
}
