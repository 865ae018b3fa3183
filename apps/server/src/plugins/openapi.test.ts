import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { createTestDatabase, type TestDatabase } from '@presently/db/testing'
import { buildTestApp } from '../testing/auth-helpers.ts'
import { API_TAGS } from '../rest/schema.ts'
import { API_DOCS_PREFIX, OPENAPI_JSON_URL } from './openapi.ts'

let testDb: TestDatabase
let app: FastifyInstance
/** Every route as Fastify registered it, collected by an onRoute hook (so the list cannot drift). */
const routes: RouteOptions[] = []

beforeAll(async () => {
  testDb = await createTestDatabase()
  app = await buildTestApp(testDb.db, {}, { onRoute: (route) => void routes.push(route) })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await testDb.close()
})

interface Operation {
  tags?: string[]
  summary?: string
  security?: Record<string, string[]>[]
  parameters?: { name: string; in: string }[]
  requestBody?: unknown
  responses: Record<string, unknown>
}
interface OpenApiDocument {
  openapi: string
  tags: { name: string }[]
  paths: Record<string, Record<string, Operation>>
  components: { securitySchemes: Record<string, unknown> }
}

/** "/api/products/:id" -> "/api/products/{id}", as OpenAPI writes a path template. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')

/** The documented /api routes: every /api route except the reference's own pages. */
function apiRoutes() {
  const isDocs = (url: string) => url === OPENAPI_JSON_URL || url.startsWith(API_DOCS_PREFIX)
  return routes
    .filter((route) => route.url.startsWith('/api/') && !isDocs(route.url))
    .flatMap((route) => [route.method].flat().map((method) => ({ method, url: route.url, route })))
    .filter(({ method }) => method !== 'HEAD')
}

async function fetchDocument(): Promise<OpenApiDocument> {
  const res = await app.inject({ method: 'GET', url: OPENAPI_JSON_URL })
  expect(res.statusCode).toBe(200)
  return res.json<OpenApiDocument>()
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with a tag per domain and the session cookie as security scheme', async () => {
    const doc = await fetchDocument()
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.tags.map((t) => t.name)).toEqual(API_TAGS.map((t) => t.name))
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'session' })
  })

  it('lists every registered /api route with its method, a tag and a summary', async () => {
    const doc = await fetchDocument()
    const documented = apiRoutes()
    expect(documented.length).toBeGreaterThan(25)
    const tagNames: string[] = API_TAGS.map((t) => t.name)
    for (const { method, url } of documented) {
      const operation = doc.paths[openApiPath(url)]?.[method.toLowerCase()]
      expect(operation, `${method} ${url} is missing from ${OPENAPI_JSON_URL}`).toBeDefined()
      expect(operation!.tags?.length, `${method} ${url} has no tag`).toBe(1)
      expect(tagNames).toContain(operation!.tags![0])
      expect(operation!.summary, `${method} ${url} has no summary`).toBeTruthy()
    }
    // And nothing else: no tRPC, SPA or health routes, no stale paths.
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    )
    expect(operations.sort()).toEqual(documented.map(({ method, url }) => `${method} ${openApiPath(url)}`).sort())
  })

  it('declares every path parameter, and a body on every write that takes one', async () => {
    const doc = await fetchDocument()
    for (const { method, url, route } of apiRoutes()) {
      const operation = doc.paths[openApiPath(url)]![method.toLowerCase()]!
      const pathParams = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1])
      const declared = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name)
      expect(declared.sort(), `${method} ${url}`).toEqual(pathParams.sort())
      // Every route that reads request.body must declare it (the schema is what validates it).
      if (route.schema?.body) expect(operation.requestBody, `${method} ${url}`).toBeDefined()
    }
  })

  it('marks the calls that need a signed-in user with the session scheme', async () => {
    const doc = await fetchDocument()
    for (const path of [
      '/api/user/set-password',
      '/api/user/change-password',
      '/api/user/update-unsubscribed',
      '/api/user/welcome',
    ]) {
      expect(doc.paths[path]!.post!.security).toEqual([{ session: [] }])
    }
    expect(doc.paths['/api/user/welcome']!.get!.security).toEqual([{ session: [] }])
    expect(doc.paths['/api/products']!.get!.security).toBeUndefined()
  })

  it('documents request schemas from the shared domain schemas (limits included)', async () => {
    const doc = await fetchDocument()
    const byId = doc.paths['/api/products/{id}']!.get!
    const id = byId.parameters!.find((p) => p.name === 'id') as unknown as { schema: Record<string, unknown> }
    expect(id.schema).toMatchObject({ type: 'integer', minimum: 1 })
    const list = doc.paths['/api/products']!.get!.parameters!.map((p) => p.name)
    expect(list).toEqual(expect.arrayContaining(['page', 'limit', 'search', 'category_name', 'sort', 'minPrice']))
    expect(doc.paths['/api/auth/login']!.post!.responses).toHaveProperty('400')
    expect(doc.paths['/api/auth/login']!.post!.responses['200']).toMatchObject({ description: 'OK' })
    expect(doc.paths['/api/auth/register']!.post!.responses['201']).toMatchObject({ description: 'Created' })
    expect(doc.paths['/api/auth/login']!.post!.responses['401']).toMatchObject({ description: 'Not signed in' })
  })
})

describe('the API reference', () => {
  it('serves Swagger UI at /api/docs under the shop CSP, loading only its own files', async () => {
    const res = await app.inject({ method: 'GET', url: API_DOCS_PREFIX })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.headers['content-security-policy']).toContain("script-src 'self'")
    expect(res.body).toContain('swagger-ui-bundle.js')
    expect(res.body).not.toMatch(/<script>(?!\s*<\/script>)/)
    const init = await app.inject({ method: 'GET', url: `${API_DOCS_PREFIX}/static/swagger-initializer.js` })
    expect(init.statusCode).toBe(200)
  })
})
