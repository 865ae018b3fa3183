import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  categoryTreeWithCounts,
  getPromoByName,
  getVariantGroup,
  getVariantStatus,
  listPromoProducts,
  promoCategoriesWithCounts,
  searchCategoriesWithCounts,
} from '@presently/api'
import {
  affiliateIdField,
  categoriesWithCountsOutput,
  categoryTreeOutput,
  promoIdInput,
  promoNameInput,
  promoOutput,
  promoPageFields,
  promoProductOutput,
  promoProductsPageOutput,
  searchQueryInput,
  variantGroupOutput,
  variantKeyInput,
  variantStatusOutput,
} from '@presently/domain'
import type { Db } from '@presently/db'
import { publicCache, revalidate } from './cache.ts'
import { parseInput } from './parse.ts'
import { errorResponses, wrapped } from './schema.ts'

const promoIdParams = z.object({ id: promoIdInput.shape.promoId })

/**
 * Category, search and promo calls of spec browsing-and-purchase §7, with the documented
 * wrapped shapes ({success, message?, data}).
 */
export function registerCatalogRoutes(app: FastifyInstance, db: Db): void {
  const route = app.withTypeProvider<ZodTypeProvider>()

  route.get(
    '/api/category-overrides/tree',
    {
      config: { publicRead: true },
      schema: {
        tags: ['categories'],
        summary: "The shop's category tree",
        response: { 200: categoryTreeOutput },
      },
    },
    async (request, reply) => {
      const { tree } = await categoryTreeWithCounts(request.readDb())
      publicCache(reply, 3600)
      return { categories: tree }
    },
  )

  route.get(
    '/api/search/categories-with-counts',
    {
      config: { publicRead: true },
      schema: {
        tags: ['categories'],
        summary: "The categories of a search's results, with product counts",
        querystring: searchQueryInput,
        response: { 200: wrapped(categoriesWithCountsOutput), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const data = await searchCategoriesWithCounts(request.readDb(), request.query.q)
      publicCache(reply)
      return { success: true as const, data }
    },
  )

  route.get(
    '/api/category-overrides/category-counts/promo/:promoId',
    {
      config: { publicRead: true },
      schema: {
        tags: ['categories'],
        summary: "The categories of a promo's products, with counts",
        params: promoIdInput,
        response: {
          200: wrapped(
            z.object({
              categoryCounts: categoriesWithCountsOutput.shape.counts,
              tree: categoriesWithCountsOutput.shape.tree,
            }),
          ),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const { tree, counts } = await promoCategoriesWithCounts(request.readDb(), request.params.promoId)
      publicCache(reply)
      return { success: true as const, data: { categoryCounts: counts, tree } }
    },
  )

  route.get(
    '/api/promos/name/:name',
    {
      schema: {
        tags: ['promos'],
        summary: 'An active promo by its name (never cached)',
        params: promoNameInput,
        response: { 200: wrapped(promoOutput), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const data = await getPromoByName(db, request.params.name)
      revalidate(reply)
      return { success: true as const, message: 'Promo found', data }
    },
  )

  route.get(
    '/api/promos/:id/products',
    {
      config: { publicRead: true },
      schema: {
        tags: ['promos'],
        summary: "Every product of a promo, in the promo's order",
        params: promoIdParams,
        response: { 200: wrapped(z.array(promoProductOutput)), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const { products } = await listPromoProducts(request.readDb(), { promoId: request.params.id })
      publicCache(reply)
      return { success: true as const, data: products }
    },
  )

  route.get(
    '/api/promos/:id/products/paginated',
    {
      config: { publicRead: true },
      schema: {
        tags: ['promos'],
        summary: "A page of a promo's products",
        params: promoIdParams,
        querystring: promoPageFields,
        response: { 200: wrapped(promoProductsPageOutput), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const { page, limit } = request.query
      const data = await listPromoProducts(request.readDb(), { promoId: request.params.id, page, limit })
      publicCache(reply)
      return { success: true as const, data }
    },
  )
}

const variantParams = z.object({ id: affiliateIdField })
const variantQuery = z.object({
  awProductId: z.enum(['true', 'false']).optional().describe('true: {id} is an affiliate-network id'),
})
/** The path id and the query flag, checked together: the id's range follows the flag. */
const variantKey = (id: number, awProductId: 'true' | 'false' | undefined) =>
  parseInput(variantKeyInput, { id, byAwProductId: awProductId === 'true' })

/** GET /api/variants/product/{id}/status and /group, ?awProductId=true for affiliate ids (spec browsing-and-purchase §7). */
export function registerVariantRoutes(app: FastifyInstance): void {
  const route = app.withTypeProvider<ZodTypeProvider>()
  route.get(
    '/api/variants/product/:id/status',
    {
      config: { publicRead: true },
      schema: {
        tags: ['variants'],
        summary: 'Whether a product belongs to a variant group, and is its primary',
        params: variantParams,
        querystring: variantQuery,
        response: { 200: wrapped(variantStatusOutput), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const data = await getVariantStatus(request.readDb(), variantKey(request.params.id, request.query.awProductId))
      publicCache(reply)
      return { success: true as const, data }
    },
  )
  route.get(
    '/api/variants/product/:id/group',
    {
      config: { publicRead: true },
      schema: {
        tags: ['variants'],
        summary: "A product's variant group with its variants",
        params: variantParams,
        querystring: variantQuery,
        response: { 200: wrapped(variantGroupOutput), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const data = await getVariantGroup(request.readDb(), variantKey(request.params.id, request.query.awProductId))
      publicCache(reply)
      return { success: true as const, data }
    },
  )
}
