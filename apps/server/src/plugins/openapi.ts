import type { FastifyInstance, FastifySchemaCompiler } from 'fastify'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { API_TAGS, SESSION_SECURITY_SCHEME } from '../rest/schema.ts'

/** Where the OpenAPI document and the browsable reference live. */
export const OPENAPI_JSON_URL = '/api/openapi.json'
export const API_DOCS_PREFIX = '/api/docs'

/**
 * A request part that failed its schema: 400 with the first issue's message, which the error
 * handler sends as `{success:false, message}` (plugins/errors.ts). `issues` keeps the rest for
 * the log.
 */
export class InputError extends Error {
  readonly statusCode = 400
  readonly issues: z.core.$ZodIssue[]
  constructor(error: z.ZodError) {
    super(error.issues[0]?.message ?? 'Invalid request')
    this.name = 'InputError'
    this.issues = error.issues
  }
}

/**
 * Zod's own wording for an issue whose schema set no message, prefixed with the field:
 * "Invalid page: Too small: expected number to be >=1". Messages a schema words itself ("Please
 * enter a valid email", spec browsing-and-purchase §5) are kept as they are.
 */
function nameTheField(issue: z.core.$ZodRawIssue): string | undefined {
  const text = z.config().localeError?.(issue)
  const message = typeof text === 'string' ? text : text?.message
  if (!message) return undefined
  return issue.path?.length ? `Invalid ${issue.path.map(String).join('.')}: ${message}` : message
}

/**
 * Validates params, querystring and body against the route's zod schemas before any handler
 * (or service) runs. A missing body reads as `{}`, so a required field answers its own "is
 * required" message rather than "expected object, received null".
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data: unknown) => {
    const input: unknown = httpPart === 'body' && (data === null || data === undefined) ? {} : data
    const result = schema.safeParse(input, { error: nameTheField })
    return result.success ? { value: result.data } : { error: new InputError(result.error) }
  }

/**
 * Sets the zod validator and serializer for every route, and documents every /api/* route that
 * is registered after it: OpenAPI 3.1 at GET /api/openapi.json (and /api/docs/json), Swagger UI at
 * /api/docs. Register it before the routes (it learns them through Fastify's onRoute hook).
 * Routes outside /api (tRPC, the SPA, /healthz) are left out of the document.
 */
export async function registerOpenApi(app: FastifyInstance, options: { appUrl: string }): Promise<void> {
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Presently API',
        version: '1.0.0',
        description:
          'The documented /api/* calls of the Presently gift shop (spec browsing-and-purchase §7, account-area §7). ' +
          'Errors answer `{success: false, message}`. Calls that need a signed-in user read the HttpOnly ' +
          '`session` cookie that POST /api/auth/login sets. Writes from another site are refused (403).',
      },
      servers: [{ url: new URL(options.appUrl).origin }],
      tags: [...API_TAGS],
      components: { securitySchemes: { [SESSION_SECURITY_SCHEME]: sessionCookieScheme } },
    },
    transform: (route) =>
      route.url.startsWith('/api/')
        ? describeSuccess(jsonSchemaTransform(route))
        : { schema: { hide: true }, url: route.url },
    transformObject: jsonSchemaTransformObject,
  })

  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    uiConfig: { deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0, tryItOutEnabled: false },
    theme: { title: 'Presently API reference' },
    logo: { type: 'image/svg+xml', content: Buffer.from(LOGO_SVG), href: '/', target: '_self' },
  })

  app.get(OPENAPI_JSON_URL, { schema: { hide: true } }, (_request, reply) => {
    void reply.header('cache-control', 'no-cache')
    return app.swagger()
  })
}

/** What a success status means, for responses whose schema has no description of its own. */
const SUCCESS_MEANINGS: Record<string, string> = { 200: 'OK', 201: 'Created', 302: 'Redirect' }

/** Names the success responses ("OK") instead of @fastify/swagger's "Default Response". */
function describeSuccess<T extends { schema: unknown }>(transformed: T): T {
  const response = (transformed.schema as { response?: Record<string, Record<string, unknown>> }).response ?? {}
  for (const [status, schema] of Object.entries(response)) {
    const meaning = SUCCESS_MEANINGS[status]
    if (meaning && !schema.description && !('content' in schema)) schema['x-response-description'] = meaning
  }
  return transformed
}

/** The top bar's wordmark (white on Swagger UI's dark bar). */
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="220" height="40" viewBox="0 0 220 40">' +
  '<text x="0" y="28" fill="#fff" font-family="system-ui, sans-serif" font-size="24" font-weight="700">Presently API</text>' +
  '</svg>'

const sessionCookieScheme = {
  type: 'apiKey',
  in: 'cookie',
  name: 'session',
  description:
    'The HttpOnly session cookie set by POST /api/auth/login (or Google sign-in); 30 days, extended while used.',
} as const
