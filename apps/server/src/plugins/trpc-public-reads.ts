import type { FastifyRequest } from 'fastify'
import { createCaller, type Context } from '@presently/api'
import { PUBLIC_TRPC_READS, publicCacheControl } from './trpc-cache.ts'

type Caller = ReturnType<typeof createCaller>
type Call = (input: unknown) => Promise<unknown>

/** A successful answer of tRPC's HTTP protocol, ready to send. */
export interface PublicReadAnswer {
  /** `{"result":{"data":…}}`, or an array of those for a batch: byte for byte what tRPC sends. */
  body: string
  cacheControl: string
}

/** The caller's procedure at a dotted path, e.g. "products.list" (the caller is a recursive proxy). */
function procedureAt(caller: Caller, path: string): Call {
  let node: unknown = caller
  for (const key of path.split('.')) node = (node as Record<string, unknown>)[key]
  return node as Call
}

/** Staff and admins get answers no shared cache keeps (publicCacheControl). */
export function isStaff(context: Pick<Context, 'user'>): boolean {
  return !!context.user && (context.user.isStaff || context.user.isAdmin)
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The short way for the shop's hottest calls: a GET of public catalog reads (PUBLIC_TRPC_READS),
 * alone or batched, as the browser client sends them (tRPC's documented HTTP RPC format:
 * `/trpc/a.b?input=<json>` or `/trpc/a.b,c.d?batch=1&input={"0":…,"1":…}`).
 *
 * Each call runs through the router's own caller, so every middleware, the input and the output
 * schema apply exactly as on tRPC's HTTP handler; only the WHATWG Request/Response/AbortSignal
 * plumbing of `resolveResponse`, which costs more than the read itself on a catalog-cache hit, is
 * skipped (docs/decisions/trpc-throughput.md).
 *
 * @returns the answer when every call succeeded; undefined for anything else — another method, a
 *   path not listed, a streaming request, unparsable input, or any call that throws (bad input,
 *   not found) — and the caller then hands the request to `resolveResponse`, which answers it
 *   (errors included) in full. Catalog reads have no side effects, so running one twice is safe.
 */
export async function answerPublicReads(
  request: FastifyRequest<{ Params: { path: string } }>,
  createContext: () => Context,
): Promise<PublicReadAnswer | undefined> {
  if (request.method !== 'GET' || request.headers['trpc-accept'] !== undefined) return undefined
  const query = request.query as Record<string, unknown>
  const isBatch = query.batch === '1'
  const paths = isBatch ? request.params.path.split(',') : [request.params.path]
  if (!paths.every((path) => Object.hasOwn(PUBLIC_TRPC_READS, path))) return undefined

  let inputs: unknown
  if (query.input !== undefined) {
    if (typeof query.input !== 'string') return undefined
    try {
      inputs = JSON.parse(query.input)
    } catch {
      return undefined
    }
  }
  if (isBatch && inputs !== undefined && !isPlainObject(inputs)) return undefined
  const inputAt = (index: number): unknown =>
    isBatch ? (inputs as Record<string, unknown> | undefined)?.[String(index)] : inputs

  const context = createContext()
  const caller = createCaller(context)
  let results: unknown[]
  try {
    results = await Promise.all(paths.map((path, index) => procedureAt(caller, path)(inputAt(index))))
  } catch {
    return undefined
  }
  const envelopes = results.map((data) => ({ result: { data } }))
  return {
    body: JSON.stringify(isBatch ? envelopes : envelopes[0]),
    cacheControl: publicCacheControl(paths, isStaff(context)),
  }
}
