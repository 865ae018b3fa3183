import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { findGifts, giftCollection, listFinderInterests, listGiftCollections } from '@presently/api'
import {
  finderInterestOutput,
  giftCollectionInput,
  giftCollectionOutput,
  giftCollectionSummary,
  giftFinderInput,
  giftFinderOutput,
} from '@presently/domain'
import type { Db } from '@presently/db'
import type { RateLimit } from '../plugins/security.ts'
import { publicCache } from './cache.ts'
import { errorResponses } from './schema.ts'

/**
 * The gift finder's REST routes (issue 40), public: GET /api/gift-finder (the answers in the
 * query string, as the page's address holds them) and GET /api/gift-finder/interests. The same
 * zod schemas as tRPC giftFinder.find and giftFinder.interests; every answer counts against the
 * per-IP gift-finder limit (429 with Retry-After past it). Answers are the same for anyone all
 * day, so shared caches may keep them a few minutes.
 */
export function registerGiftFinderRoutes(app: FastifyInstance, db: Db, options: { rateLimit: RateLimit }): void {
  const route = app.withTypeProvider<ZodTypeProvider>()
  route.get(
    '/api/gift-finder',
    {
      // Not a publicRead: the answer changes with the day (the engine's daily shuffle); the
      // service keeps answers per catalog version, day and question itself.
      schema: {
        tags: ['gift-finder'],
        summary:
          'Gift finder: 8 to 24 products with a reason each, within the budget band, for who, age band, occasion and one to three gift interests (no account needed)',
        querystring: giftFinderInput,
        response: { 200: giftFinderOutput, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await options.rateLimit(request, reply, 'gift-finder')
      const answer = await findGifts(db, request.query)
      publicCache(reply, 300)
      return answer
    },
  )
  route.get(
    '/api/gift-finder/interests',
    {
      config: { publicRead: true },
      schema: {
        tags: ['gift-finder'],
        summary: "The gift interests the finder offers (the shop's own), with slugs and aliases",
        response: { 200: z.array(finderInterestOutput) },
      },
    },
    async (_request, reply) => {
      publicCache(reply, 3600)
      return listFinderInterests(db)
    },
  )
  route.get(
    '/api/collections',
    {
      schema: {
        tags: ['gift-finder'],
        summary: 'Gift collections (common questions answered by the picks engine) with at least 12 products',
        response: { 200: z.array(giftCollectionSummary) },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300')
      return listGiftCollections(db)
    },
  )
  route.get(
    '/api/collections/:slug',
    {
      schema: {
        tags: ['gift-finder'],
        summary: "A gift collection's products, each with its reason (404 when fewer than 12 fit)",
        params: giftCollectionInput,
        response: { 200: giftCollectionOutput, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const answer = await giftCollection(db, request.params.slug)
      void reply.header('cache-control', 'public, max-age=300')
      return answer
    },
  )
}
