import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { getAffiliateUrl, getFormattedDescription, getMaxPrice, getProduct, listProducts } from '@presently/api'
import { productByIdInput, productListInput } from '@presently/domain'
import type { Db } from '@presently/db'
import { publicCache } from './cache.ts'

/** Query names of the documented URL -> the listing input's field names (spec browsing-and-purchase §7). */
export function listQuery(query: Record<string, unknown>) {
  const { category_name, category_level1, category_level2, category_level3, ...rest } = query
  return productListInput.parse({
    ...rest,
    categoryName: category_name,
    categoryLevel1: category_level1,
    categoryLevel2: category_level2,
    categoryLevel3: category_level3,
  })
}

const awProductIdParams = z.object({ awProductId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) })

/** The product calls of spec browsing-and-purchase §7, answered by the same services as tRPC. */
export function registerProductRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/products', async (request, reply) => {
    const result = await listProducts(db, listQuery(request.query as Record<string, unknown>))
    publicCache(reply)
    return result
  })
  app.get('/api/products/by-category', async (request, reply) => {
    const result = await listProducts(db, listQuery(request.query as Record<string, unknown>))
    publicCache(reply)
    return result
  })
  app.get('/api/products/max-price', async (_request, reply) => {
    const result = await getMaxPrice(db)
    publicCache(reply, 3600)
    return result
  })
  app.get('/api/products/:id', async (request, reply) => {
    const input = productByIdInput.parse({ ...(request.query as object), ...(request.params as object) })
    const result = await getProduct(db, input)
    publicCache(reply)
    return result
  })
  app.get('/api/products/:awProductId/descriptions/formatted', async (request, reply) => {
    const { awProductId } = awProductIdParams.parse(request.params)
    const result = await getFormattedDescription(db, awProductId)
    publicCache(reply)
    return result
  })
  app.get('/api/redirect/:id', async (request) => {
    const input = productByIdInput.parse({ ...(request.query as object), ...(request.params as object) })
    return getAffiliateUrl(db, input)
  })
}
