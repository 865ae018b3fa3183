import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { AppError } from '@presently/domain'

/**
 * Lets the calls of `scope` accept "Content-Type: application/json" with an empty body (a
 * logout sent by a client that always sets the header), which Fastify otherwise refuses.
 * Other bodies go to Fastify's own JSON parser (with its prototype-poisoning checks).
 */
export function allowEmptyJsonBody(scope: FastifyInstance): void {
  const parseJson = scope.getDefaultJsonParser('error', 'error')
  scope.removeContentTypeParser('application/json')
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (text === '') done(null, undefined)
    // Fastify's parser answers through `done` (its type also allows a promise).
    else void parseJson(request, text, done)
  })
}

/**
 * Parses a request part with a zod schema; a failure is a 400 whose message is the first
 * issue's own text ("Please enter a valid email"), as the spec's forms word it.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {})
  if (result.success) return result.data
  throw new AppError('BAD_REQUEST', result.error.issues[0]?.message ?? 'Invalid request')
}

/** The documented success shape of the auth and account calls: {success, data?, message?}. */
export function ok(data: undefined, message: string): { success: true; message: string }
export function ok<T extends object>(data: T, message?: string): { success: true; data: T; message?: string }
export function ok<T extends object>(data: T | undefined, message?: string) {
  return { success: true as const, ...(data === undefined ? {} : { data }), ...(message ? { message } : {}) }
}
