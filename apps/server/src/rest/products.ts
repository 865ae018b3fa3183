import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { getAffiliateUrl, getFormattedDescription, getMaxPrice, getProduct, listProducts } from '@presently/api'
import {
  affiliateIdField,
  awProductIdInput,
  checkPriceBand,
  productByIdInput,
  productListFields,
  productListOutput,
  productOutput,
  type ProductListQuery,
} from '@presently/domain'
import type { Db } from '@presently/db'
import { publicCache } from './cache.ts'
import { errorResponses } from './schema.ts'
import { parseInput } from './parse.ts'

const { categoryName, categoryLevel1, categoryLevel2, categoryLevel3, ...listFields } = productListFields.shape

/**
 * The query of GET /api/products as the spec names it (category_name, category_level1..3,
 * spec browsing-and-purchase §7): the listing input's fields under their documented names.
 */
export const productListQuery = z
  .object({
    ...listFields,
    category_name: categoryName,
    category_level1: categoryLevel1,
    category_level2: categoryLevel2,
    category_level3: categoryLevel3,
  })
  .superRefine(checkPriceBand)

/** The documented query names -> the listing service's input. */
function toListInput(query: z.output<typeof productListQuery>): ProductListQuery {
  const { category_name, category_level1, category_level2, category_level3, ...rest } = query
  return {
    ...rest,
    categoryName: category_name,
    categoryLevel1: category_level1,
    categoryLevel2: category_level2,
    categoryLevel3: category_level3,
  }
}

/** `{id}` of the path and `?type=aw` of the query, checked together (the range follows the type). */
const productIdParams = z.object({ id: affiliateIdField })
const productIdQuery = productByIdInput.shape.type
const withType = (id: number, type: 'aw' | undefined) => parseInput(productByIdInput, { id, type })

/** The product calls of spec browsing-and-purchase §7, answered by the same services as tRPC. */
export function registerProductRoutes(app: FastifyInstance, db: Db): void {
  const route = app.withTypeProvider<ZodTypeProvider>()
  const listing = {
    tags: ['products'],
    querystring: productListQuery,
    response: { 200: productListOutput, ...errorResponses(400, 404) },
  }

  route.get(
    '/api/products',
    {
      config: { publicRead: true },
      schema: { ...listing, summary: 'A page of the catalog: search, category filter, sort and price band' },
    },
    async (request, reply) => {
      const result = await listProducts(request.readDb(), toListInput(request.query))
      publicCache(reply)
      return result
    },
  )

  route.get(
    '/api/products/by-category',
    {
      config: { publicRead: true },
      schema: { ...listing, summary: 'The same listing, used when browsing a category' },
    },
    async (request, reply) => {
      const result = await listProducts(request.readDb(), toListInput(request.query))
      publicCache(reply)
      return result
    },
  )

  route.get(
    '/api/products/max-price',
    {
      config: { publicRead: true },
      schema: {
        tags: ['products'],
        summary: 'The highest price in the catalog (GBP)',
        response: { 200: z.object({ maxPrice: z.number() }) },
      },
    },
    async (request, reply) => {
      const result = await getMaxPrice(request.readDb())
      publicCache(reply, 3600)
      return result
    },
  )

  route.get(
    '/api/products/:id',
    {
      config: { publicRead: true },
      schema: {
        tags: ['products'],
        summary: 'One product by shop id, or by affiliate-network id with type=aw (disabled ones to staff only)',
        params: productIdParams,
        querystring: z.object({ type: productIdQuery }),
        response: { 200: productOutput, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const user = request.user
      const staff = !!user && (user.isStaff || user.isAdmin)
      const result = await getProduct(request.readDb(), withType(request.params.id, request.query.type), {
        includeDisabled: staff,
      })
      // A disabled product is shown to staff only (to enable it again): never kept by a cache.
      if (result.disabled) void reply.header('cache-control', 'private, no-store')
      else publicCache(reply)
      return result
    },
  )

  route.get(
    '/api/products/:awProductId/descriptions/formatted',
    {
      config: { publicRead: true },
      schema: {
        tags: ['products'],
        summary: "A product's description as sanitised HTML",
        params: awProductIdInput,
        response: { 200: z.object({ description: z.string().nullable() }), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const result = await getFormattedDescription(request.readDb(), request.params.awProductId)
      publicCache(reply)
      return result
    },
  )

  route.get(
    '/api/redirect/:id',
    {
      schema: {
        tags: ['products'],
        summary: "A product's affiliate link (the click-through target); 404 for a disabled product",
        params: productIdParams,
        querystring: z.object({ type: productIdQuery }),
        response: { 200: z.object({ affiliateUrl: z.string() }), ...errorResponses(400, 404) },
      },
    },
    async (request) => getAffiliateUrl(db, withType(request.params.id, request.query.type)),
  )
}
