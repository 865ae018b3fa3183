import type { FastifyError, FastifyInstance } from 'fastify'
import { ZodError } from 'zod'
import { AppError, SERVICE_MESSAGES } from '@presently/domain'
import { isDatabaseUnavailable } from '@presently/db'

/**
 * The one formatter of REST errors: AppError -> its status and message; a route schema's
 * rejection (InputError from plugins/openapi.ts) and any ZodError -> 400 with the first issue;
 * Fastify's own 4xx (bad JSON, unsupported content type, too large) keep their status; anything
 * else (a response that does not match its schema included) -> 500 "Internal server error",
 * except an unreachable database -> 503 with Retry-After (SERVICE_MESSAGES.databaseDown),
 * details only in the log. Body: {success:false, message}.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ success: false, message: error.message })
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({ success: false, message: formatZodError(error) })
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500
    if (status < 500) return reply.status(status).send({ success: false, message: error.message })
    // The database is restarting or unreachable: fail fast and say when to come back (issue 15).
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable')
      return reply
        .status(503)
        .header('retry-after', '5')
        .header('cache-control', 'no-store')
        .send({ success: false, message: SERVICE_MESSAGES.databaseDown })
    }
    request.log.error({ err: error }, 'request failed')
    return reply.status(500).send({ success: false, message: 'Internal server error' })
  })
}

/** "Invalid page: Too small: expected number to be >=1" from the first zod issue. */
export function formatZodError(error: ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'Invalid request'
  const where = issue.path.length ? `Invalid ${issue.path.join('.')}: ` : ''
  return `${where}${issue.message}`
}
