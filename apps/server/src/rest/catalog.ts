import type { FastifyInstance } from 'fastify'
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
import { MAX_PAGE_SIZE, promoIdInput } from '@presently/domain'
import type { Db } from '@presently/db'
import { publicCache, revalidate } from './cache.ts'

const promoIdParams = z.object({ id: promoIdInput.shape.promoId })
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(12),
})
const searchQuery = z.object({ q: z.string().trim().min(1, 'No search query provided').max(200) })
const promoNameParams = z.object({ name: z.string().trim().min(1, 'No promo name provided').max(100) })

/**
 * Category, search and promo calls of spec browsing-and-purchase §7, with the documented
 * wrapped shapes ({success, message?, data}).
 */
export function registerCatalogRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/category-overrides/tree', async (_request, reply) => {
    const { tree } = await categoryTreeWithCounts(db)
    publicCache(reply, 3600)
    return { categories: tree }
  })

  app.get('/api/search/categories-with-counts', async (request, reply) => {
    const { q } = searchQuery.parse(request.query)
    const data = await searchCategoriesWithCounts(db, q)
    publicCache(reply)
    return { success: true, data }
  })

  app.get('/api/category-overrides/category-counts/promo/:promoId', async (request, reply) => {
    const { promoId } = promoIdInput.parse(request.params)
    const { tree, counts } = await promoCategoriesWithCounts(db, promoId)
    publicCache(reply)
    return { success: true, data: { categoryCounts: counts, tree } }
  })

  app.get('/api/promos/name/:name', async (request, reply) => {
    const { name } = promoNameParams.parse(request.params)
    const data = await getPromoByName(db, name)
    revalidate(reply)
    return { success: true, message: 'Promo found', data }
  })

  app.get('/api/promos/:id/products', async (request, reply) => {
    const { id } = promoIdParams.parse(request.params)
    const { products } = await listPromoProducts(db, { promoId: id })
    publicCache(reply)
    return { success: true, data: products }
  })

  app.get('/api/promos/:id/products/paginated', async (request, reply) => {
    const { id } = promoIdParams.parse(request.params)
    const { page, limit } = pageQuery.parse(request.query)
    const data = await listPromoProducts(db, { promoId: id, page, limit })
    publicCache(reply)
    return { success: true, data }
  })
}

const variantParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) })
const variantQuery = z.object({ awProductId: z.enum(['true', 'false']).optional() })

/** GET /api/variants/product/{id}/status and /group, ?awProductId=true for affiliate ids (spec browsing-and-purchase §7). */
export function registerVariantRoutes(app: FastifyInstance, db: Db): void {
  const key = (params: unknown, query: unknown) => ({
    id: variantParams.parse(params).id,
    byAwProductId: variantQuery.parse(query).awProductId === 'true',
  })
  app.get('/api/variants/product/:id/status', async (request, reply) => {
    const data = await getVariantStatus(db, key(request.params, request.query))
    publicCache(reply)
    return { success: true, data }
  })
  app.get('/api/variants/product/:id/group', async (request, reply) => {
    const data = await getVariantGroup(db, key(request.params, request.query))
    publicCache(reply)
    return { success: true, data }
  })
}
