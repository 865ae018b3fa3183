import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import {
  createGift,
  deleteGift,
  getBudgets,
  getPlan,
  giftInput,
  listGifts,
  saveBudgets,
  setOrderOutcome,
  updateGift,
} from '@presently/api'
import {
  budgetsInput,
  budgetsOutput,
  giftOutput,
  idField,
  orderOutcomeInput,
  orderOutput,
  planInput,
  planOutput,
} from '@presently/domain'
import type { Db } from '@presently/db'
import { errorResponses, messageOutput, signedInOnly } from './schema.ts'
import { registerSignedInScope, signedIn } from './signed-in.ts'

/**
 * Gift history, budgets and the occasion plan (issue 22), beside the spec's routes: signed-in
 * only (401), the caller's own only (another user's person, gift or order answers 404), never
 * cached by browsers; the reads are kept in the server's account cache per user and data
 * version (plugins/account-cache.ts, issue 24). Money is pounds with at most two decimals; dates are UK "YYYY-MM-DD".
 */
export async function registerGiftRoutes(app: FastifyInstance, db: Db): Promise<void> {
  const personParams = z.object({ id: idField })
  await registerSignedInScope(app, (scope) => {
    scope.get(
      '/api/people/:id/gifts',
      {
        schema: {
          tags: ['gifts'],
          summary: "A person's gift history, newest first: bought orders and presents added by hand",
          security: signedInOnly,
          params: personParams,
          response: { 200: z.array(giftOutput), ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) =>
        request.server.accountCache.send(
          request,
          reply,
          { call: 'GET /api/people/:id/gifts', input: request.params.id, catalog: true },
          () => listGifts(db, signedIn(request).id, request.params.id),
        ),
    )
    scope.post(
      '/api/people/:id/gifts',
      {
        schema: {
          tags: ['gifts'],
          summary: 'Adds a present given to the person that was not bought here',
          security: signedInOnly,
          params: personParams,
          body: giftInput,
          response: { 201: giftOutput, ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createGift(db, signedIn(request).id, request.params.id, request.body)),
    )
    scope.put(
      '/api/gifts/:id',
      {
        schema: {
          tags: ['gifts'],
          summary: 'Replaces a present added by hand',
          security: signedInOnly,
          params: z.object({ id: idField }),
          body: giftInput,
          response: { 200: giftOutput, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => updateGift(db, signedIn(request).id, request.params.id, request.body),
    )
    scope.delete(
      '/api/gifts/:id',
      {
        schema: {
          tags: ['gifts'],
          summary: 'Deletes a present added by hand',
          security: signedInOnly,
          params: z.object({ id: idField }),
          response: { 200: messageOutput, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        await deleteGift(db, signedIn(request).id, request.params.id)
        return { success: true as const, message: 'Gift deleted' }
      },
    )
    scope.put(
      '/api/orders/:id/outcome',
      {
        schema: {
          tags: ['gifts'],
          summary: 'Marks an order bought (price paid, default the price at click time) or not bought',
          security: signedInOnly,
          params: z.object({ id: idField }),
          body: orderOutcomeInput,
          response: { 200: orderOutput, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => setOrderOutcome(db, signedIn(request).id, request.params.id, request.body),
    )
    scope.get(
      '/api/people/:id/budgets',
      {
        schema: {
          tags: ['gifts'],
          summary: "A person's budgets in whole pounds, and this year's spend for each occasion",
          security: signedInOnly,
          params: personParams,
          response: { 200: budgetsOutput, ...errorResponses(400, 401, 404) },
        },
      },
      // This year's spend depends on today's date in London.
      async (request, reply) =>
        request.server.accountCache.send(
          request,
          reply,
          { call: 'GET /api/people/:id/budgets', input: request.params.id, today: true },
          () => getBudgets(db, signedIn(request).id, request.params.id),
        ),
    )
    scope.put(
      '/api/people/:id/budgets',
      {
        schema: {
          tags: ['gifts'],
          summary:
            "Sets a person's default budget and the budgets of the listed occasions (null clears; unlisted occasions keep theirs)",
          security: signedInOnly,
          params: personParams,
          body: budgetsInput,
          response: { 200: budgetsOutput, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => saveBudgets(db, signedIn(request).id, request.params.id, request.body),
    )
    scope.get(
      '/api/plan/:occasion/:year',
      {
        schema: {
          tags: ['gifts'],
          summary:
            'The occasion plan: people with an event of the occasion, budget, spend and presents of that year, with totals',
          security: signedInOnly,
          params: planInput,
          response: { 200: planOutput, ...errorResponses(400, 401) },
        },
      },
      async (request, reply) =>
        request.server.accountCache.send(
          request,
          reply,
          {
            call: 'GET /api/plan/:occasion/:year',
            input: [request.params.occasion.toLowerCase(), request.params.year],
            catalog: true,
          },
          () => getPlan(db, signedIn(request).id, request.params.occasion, request.params.year),
        ),
    )
  })
}
