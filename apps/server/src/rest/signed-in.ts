import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { SessionUser } from '@presently/api'
import { AppError, AUTH_MESSAGES } from '@presently/domain'
import { allowEmptyJsonBody } from './parse.ts'

/** A Fastify instance whose routes take zod schemas. */
export type ZodScope = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>

/** The signed-in user of a request in a signed-in scope (401 "Unauthorized" otherwise). */
export function signedIn(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.unauthorized)
  return request.user
}

/** A route hook answering 403 "Staff only" unless the user is staff or an admin (spec account-area §6). */
export function staffOnly(request: FastifyRequest, _reply: unknown, done: (error?: Error) => void): void {
  const user = request.user
  done(user && (user.isStaff || user.isAdmin) ? undefined : new AppError('FORBIDDEN', 'Staff only'))
}

/**
 * Registers routes in a scope for signed-in users (docs/decisions/api-boundary.md step 5): an
 * onRequest hook answers 401 before the body is validated, answers are never cached
 * (`no-store`: they are one user's data), and an empty JSON body is allowed.
 */
export async function registerSignedInScope(app: FastifyInstance, register: (scope: ZodScope) => void): Promise<void> {
  await app.register((plain, _options, done) => {
    allowEmptyJsonBody(plain)
    plain.addHook('onSend', (_request, reply, payload, next) => {
      void reply.header('cache-control', 'no-store')
      next(null, payload)
    })
    plain.addHook('onRequest', (request, _reply, next) => {
      next(request.user ? undefined : new AppError('UNAUTHORIZED', AUTH_MESSAGES.unauthorized))
    })
    register(plain.withTypeProvider<ZodTypeProvider>())
    done()
  })
}

/** A route hook answering 403 "Admins only" unless the user is an admin (spec account-area §6 email tools). */
export function adminOnly(request: FastifyRequest, _reply: unknown, done: (error?: Error) => void): void {
  done(request.user?.isAdmin ? undefined : new AppError('FORBIDDEN', 'Admins only'))
}
