import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { createCaller, joinQrSvg, participantPage } from '@presently/api'
import {
  addExchangeItemInput,
  AppError,
  createExchangeInput,
  emailPreferenceInput,
  exchangeIdeaOutput,
  exchangeItemOutput,
  exchangeListItemOutput,
  exchangeTokenField,
  exclusionInput,
  gotItInput,
  hintsInput,
  idField,
  inviteInput,
  joinInput,
  joinPageOutput,
  organiserExchangeOutput,
  participantViewOutput,
  revealInput,
  runAgainInput,
  sendMessageInput,
  updateExchangeInput,
  updateParticipantInput,
  type AppErrorCode,
} from '@presently/domain'
import type { Db } from '@presently/db'
import type { Auth } from '../plugins/auth.ts'
import { parseInput } from './parse.ts'
import { errorResponses, messageOutput, signedInOnly } from './schema.ts'
import { registerSignedInScope, signedIn, type ZodScope } from './signed-in.ts'

type Caller = ReturnType<typeof createCaller>
type ParticipantRef = Parameters<typeof participantPage>[1]
/** Answers a participant's page (GET /api/exchange-links/{token}, GET /api/exchanges/{id}/me). */
type SendPage = (
  request: FastifyRequest,
  reply: FastifyReply,
  ref: { token: string } | { exchangeId: number },
) => Promise<FastifyReply>

const idParams = z.object({ id: idField })
const participantParams = z.object({ id: idField, participantId: idField })
const tokenParams = z.object({ token: exchangeTokenField })
const tokenItemParams = z.object({ token: exchangeTokenField, itemId: idField })
const meItemParams = z.object({ id: idField, itemId: idField })
const pairsOutput = z.object({ pairs: z.array(z.object({ santa: z.string(), giftee: z.string() })) })

/** A tRPC error of the caller as the REST error (AppError keeps its status and message). */
function asAppError(err: unknown): unknown {
  if (!(err instanceof TRPCError)) return err
  if (err.cause instanceof AppError) return err.cause
  if (err.code === 'INTERNAL_SERVER_ERROR') return err
  return new AppError(err.code as AppErrorCode, err.message)
}

/**
 * The /api/* routes of gift exchanges (issue 36): one table of routes over the tRPC procedures
 * (router/exchanges.ts, router/exchange-participants.ts), called through a caller with the
 * request's own context, so REST and tRPC share validation, limits, mails and answers. The
 * participant's routes exist twice: by personal link (/api/exchange-links/{token}/...) and for the
 * signed-in participant (/api/exchanges/{id}/me/...). Answers are never cached.
 */
export async function registerExchangeRoutes(app: FastifyInstance, db: Db, options: { auth: Auth }): Promise<void> {
  const callerOf = (request: FastifyRequest, reply: FastifyReply): Caller =>
    createCaller({ db, user: request.user, auth: options.auth.plumbing(request, reply) })
  const call = async <T>(request: FastifyRequest, reply: FastifyReply, run: (caller: Caller) => Promise<T>) => {
    void reply.header('cache-control', 'no-store')
    try {
      return await run(callerOf(request, reply))
    } catch (err) {
      throw asAppError(err)
    }
  }
  // The participant's page is the one call made again and again (each reload, each participant),
  // so it goes to its service directly rather than through a caller: the same per-IP limit on a
  // personal link as the procedure's refOf (counted in this process: rate-limits.md), the same service, the same response serializer; the
  // page's JSON is kept with the service's cached page (gift-exchanges.md "The participant's page").
  const sendPage: SendPage = async (request, reply, ref) => {
    void reply.header('cache-control', 'no-store')
    let participantRef: ParticipantRef
    if ('token' in ref) {
      await options.auth.plumbing(request, reply).rateLimit('exchange-page')
      participantRef = ref
    } else {
      participantRef = { userId: signedIn(request).id, exchangeId: ref.exchangeId }
    }
    const page = await participantPage(db, participantRef, request.user)
    let json = page.cached?.json
    if (json === undefined) {
      json = reply.serialize(page.view) as string
      if (page.cached) page.cached.json = json
    }
    return reply.type('application/json; charset=utf-8').send(json)
  }

  await registerSignedInScope(app, (scope) => {
    const tags = ['exchanges']
    scope.get(
      '/api/exchanges',
      {
        schema: {
          tags,
          summary: 'The signed-in user’s gift exchanges, as organiser or participant, soonest first',
          security: signedInOnly,
          response: { 200: z.array(exchangeListItemOutput), ...errorResponses(401) },
        },
      },
      (request, reply) => call(request, reply, (c) => c.exchanges.list()),
    )
    scope.post(
      '/api/exchanges',
      {
        schema: {
          tags,
          summary: 'Creates a gift exchange (at most 20 open per organiser: 409 past it)',
          security: signedInOnly,
          body: createExchangeInput,
          response: { 201: organiserExchangeOutput, ...errorResponses(400, 401, 409) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await call(request, reply, (c) => c.exchanges.create(request.body))),
    )
    scope.get(
      '/api/exchanges/:id',
      {
        schema: {
          tags,
          summary: 'The organiser’s page: each person’s status, never a pair (404 for another user’s exchange)',
          security: signedInOnly,
          params: idParams,
          response: { 200: organiserExchangeOutput, ...errorResponses(400, 401, 404) },
        },
      },
      (request, reply) => call(request, reply, (c) => c.exchanges.byId(request.params)),
    )
    scope.patch(
      '/api/exchanges/:id',
      {
        schema: {
          tags,
          summary: 'Changes the name, limit, dates, place, message or the mutual-pair rule',
          security: signedInOnly,
          params: idParams,
          body: updateExchangeInput,
          response: { 200: organiserExchangeOutput, ...errorResponses(400, 401, 404, 409) },
        },
      },
      (request, reply) => call(request, reply, (c) => c.exchanges.update({ ...request.body, ...request.params })),
    )
    scope.delete(
      '/api/exchanges/:id',
      {
        schema: {
          tags,
          summary: 'Deletes the exchange and everything in it',
          security: signedInOnly,
          params: idParams,
          response: { 200: messageOutput, ...errorResponses(400, 401, 404) },
        },
      },
      (request, reply) => call(request, reply, (c) => c.exchanges.delete(request.params)),
    )
    scope.post(
      '/api/exchanges/:id/invitations',
      {
        schema: {
          tags,
          summary:
            'Invites the people of pasted lines of "Name <email>" (or an address a line); each gets a personal link',
          security: signedInOnly,
          params: idParams,
          body: inviteInput,
          response: {
            200: z.object({ invited: z.number().int(), skipped: z.number().int() }),
            ...errorResponses(400, 401, 404, 409),
          },
        },
      },
      (request, reply) => call(request, reply, (c) => c.exchanges.invite({ ...request.body, ...request.params })),
    )
    scope.delete(
      '/api/exchanges/:id/participants/:participantId',
      {
        schema: {
          tags,
          summary: 'Removes a person; after the draw only the chain they were in is re-drawn',
          security: signedInOnly,
          params: participantParams,
          response: { 200: messageOutput, ...errorResponses(400, 401, 404, 409) },
        },
      },
      (request, reply) => call(request, reply, (c) => c.exchanges.removeParticipant(request.params)),
    )
    scope.patch(
      '/api/exchanges/:id/participants/:participantId',
      {
        schema: {
          tags,
          summary: 'Sets a person’s household (people of one household never draw each other); before the draw',
          security: signedInOnly,
          params: participantParams,
          body: updateParticipantInput,
          response: { 200: messageOutput, ...errorResponses(400, 401, 404, 409) },
        },
      },
      (request, reply) => call(request, reply, (c) => c.exchanges.setHousehold({ ...request.body, ...request.params })),
    )
    for (const [method, summary] of [
      ['post', 'Adds a one-way exclusion: giverId must not draw receiverId (before the draw)'],
      ['delete', 'Removes a one-way exclusion'],
    ] as const) {
      scope.route({
        method: method.toUpperCase(),
        url: '/api/exchanges/:id/exclusions',
        schema: {
          tags,
          summary,
          security: signedInOnly,
          params: idParams,
          body: exclusionInput,
          response: { 200: messageOutput, ...errorResponses(400, 401, 404, 409) },
        },
        handler: (request, reply) =>
          call(request, reply, (c) =>
            method === 'post'
              ? c.exchanges.addExclusion({ ...request.body, ...request.params })
              : c.exchanges.removeExclusion({ ...request.body, ...request.params }),
          ),
      })
    }
    scope.post(
      '/api/exchanges/:id/join-link',
      {
        schema: {
          tags,
          summary: 'Makes a new join link (the old one stops working)',
          security: signedInOnly,
          params: idParams,
          response: { 200: messageOutput, ...errorResponses(400, 401, 404) },
        },
      },
      (request, reply) => call(request, reply, (c) => c.exchanges.renewJoinLink(request.params)),
    )
    scope.delete(
      '/api/exchanges/:id/join-link',
      {
        schema: {
          tags,
          summary: 'Revokes the join link: it answers 404 from now on',
          security: signedInOnly,
          params: idParams,
          response: { 200: messageOutput, ...errorResponses(400, 401, 404) },
        },
      },
      (request, reply) => call(request, reply, (c) => c.exchanges.revokeJoinLink(request.params)),
    )
    scope.get(
      '/api/exchanges/:id/join-qr.svg',
      {
        schema: {
          tags,
          summary: 'The join link’s QR code (image/svg+xml), for a notice board or a party',
          security: signedInOnly,
          params: idParams,
          response: { 200: z.string(), ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        const view = await call(request, reply, (c) => c.exchanges.byId(request.params))
        if (!view.joinUrl) throw new AppError('NOT_FOUND', 'The join link is revoked')
        return reply.type('image/svg+xml').send(await joinQrSvg(view.joinUrl))
      },
    )
    scope.post(
      '/api/exchanges/:id/draw',
      {
        schema: {
          tags,
          summary: 'Draws names (one draw per exchange; 409 names the cause when no draw is possible)',
          security: signedInOnly,
          params: idParams,
          response: { 200: messageOutput, ...errorResponses(400, 401, 404, 409) },
        },
      },
      (request, reply) => call(request, reply, (c) => c.exchanges.draw(request.params)),
    )
    scope.post(
      '/api/exchanges/:id/reveal',
      {
        schema: {
          tags,
          summary: 'Emergency reveal: type the exchange’s name; recorded, and every participant is told',
          security: signedInOnly,
          params: idParams,
          body: revealInput,
          response: { 200: pairsOutput, ...errorResponses(400, 401, 404, 409) },
        },
      },
      (request, reply) => call(request, reply, (c) => c.exchanges.reveal({ ...request.body, ...request.params })),
    )
    scope.post(
      '/api/exchanges/:id/reveal-to-all',
      {
        schema: {
          tags,
          summary: 'After the date: shows who drew whom to every participant',
          security: signedInOnly,
          params: idParams,
          response: { 200: messageOutput, ...errorResponses(400, 401, 404, 409) },
        },
      },
      (request, reply) => call(request, reply, (c) => c.exchanges.revealToAll(request.params)),
    )
    scope.post(
      '/api/exchanges/:id/run-again',
      {
        schema: {
          tags,
          summary: 'Runs the exchange again (same people and rules, last year’s pairs excluded); answers the new id',
          security: signedInOnly,
          params: idParams,
          body: runAgainInput,
          response: { 200: z.object({ id: z.number().int() }), ...errorResponses(400, 401, 404, 409) },
        },
      },
      (request, reply) => call(request, reply, (c) => c.exchanges.runAgain({ ...request.body, ...request.params })),
    )
    scope.post(
      '/api/exchange-links/:token/attach',
      {
        schema: {
          tags,
          summary: 'Links a personal link’s place to the signed-in account (so /exchanges lists it)',
          security: signedInOnly,
          params: tokenParams,
          response: { 200: z.object({ exchangeId: z.number().int() }), ...errorResponses(400, 401, 404, 409, 429) },
        },
      },
      (request, reply) => call(request, reply, (c) => c.exchangeParticipants.attach(request.params)),
    )
    participantRoutes(
      scope,
      '/api/exchanges/:id/me',
      idParams,
      meItemParams,
      (p) => ({ exchangeId: p.id }),
      call,
      sendPage,
      true,
    )
  })

  const open = app.withTypeProvider<ZodTypeProvider>()
  participantRoutes(
    open,
    '/api/exchange-links/:token',
    tokenParams,
    tokenItemParams,
    (p) => ({ token: p.token }),
    call,
    sendPage,
    false,
  )
  open.get(
    '/api/exchange-join/:token',
    {
      schema: {
        tags: ['exchanges'],
        summary: 'The join page of a join link (404 for an unknown or revoked link)',
        params: tokenParams,
        response: { 200: joinPageOutput, ...errorResponses(400, 404, 429) },
      },
    },
    (request, reply) =>
      call(request, reply, (c) => c.exchangeParticipants.joinPage(parseInput(tokenParams, request.params))),
  )
  open.post(
    '/api/exchange-join/:token',
    {
      schema: {
        tags: ['exchanges'],
        summary:
          'Joins by the join link: signed in at once; otherwise {name, email} and the personal link is emailed to confirm',
        params: tokenParams,
        body: joinInput.optional(),
        response: {
          200: z.object({ joined: z.boolean(), exchangeId: z.number().int().nullable(), message: z.string() }),
          ...errorResponses(400, 404, 409, 429),
        },
      },
    },
    (request, reply) =>
      call(request, reply, (c) => c.exchangeParticipants.joinByLink({ ...(request.body ?? {}), ...request.params })),
  )
}

/** The participant's calls under `prefix` (personal link or signed-in "me"). */
function participantRoutes<P extends z.ZodType, I extends z.ZodType>(
  scope: ZodScope,
  prefix: string,
  params: P,
  itemParams: I,
  refOf: (params: z.output<P>) => { token: string } | { exchangeId: number },
  call: <T>(request: FastifyRequest, reply: FastifyReply, run: (caller: Caller) => Promise<T>) => Promise<T>,
  sendPage: SendPage,
  signedIn: boolean,
): void {
  const tags = ['exchanges']
  const security = signedIn ? signedInOnly : undefined
  const ref = (request: FastifyRequest) => refOf(request.params as z.output<P>)
  const errors = errorResponses(400, 401, 404, 409, 429)
  scope.get(
    prefix,
    {
      schema: {
        tags,
        summary: 'A participant’s page: the exchange, their list, and once opened their match only',
        security,
        params,
        response: { 200: participantViewOutput, ...errors },
      },
    },
    async (request, reply) => {
      await sendPage(request, reply, ref(request))
      return reply
    },
  )
  for (const [path, summary, run] of [
    ['/join', 'Confirms the place (the emailed link confirms the address)', 'join'],
    ['/open', 'Opens the match: shows who they draw and records that they looked', 'open'],
  ] as const) {
    scope.post(
      `${prefix}${path}`,
      { schema: { tags, summary, security, params, response: { 200: participantViewOutput, ...errors } } },
      (request, reply) => call(request, reply, (c) => c.exchangeParticipants[run](ref(request))),
    )
  }
  scope.get(
    `${prefix}/ideas`,
    {
      schema: {
        tags,
        summary: 'Gift ideas within the limit for the giftee, with reasons (empty until the match is opened)',
        security,
        params,
        response: { 200: z.array(exchangeIdeaOutput), ...errors },
      },
    },
    (request, reply) => call(request, reply, (c) => c.exchangeParticipants.ideas(ref(request))),
  )
  scope.post(
    `${prefix}/items`,
    {
      schema: {
        tags,
        summary: 'Adds a catalog product {productId} or an item from anywhere {title, link?, price?} to their list',
        security,
        params,
        body: addExchangeItemInput,
        response: { 200: z.array(exchangeItemOutput), ...errors },
      },
    },
    (request, reply) =>
      call(request, reply, (c) => c.exchangeParticipants.addItem({ ...request.body, ...ref(request) })),
  )
  scope.delete(
    `${prefix}/items/:itemId`,
    {
      schema: {
        tags,
        summary: 'Removes an item of their list',
        security,
        params: itemParams,
        response: { 200: z.array(exchangeItemOutput), ...errors },
      },
    },
    (request, reply) =>
      call(request, reply, (c) =>
        c.exchangeParticipants.removeItem({
          itemId: (request.params as { itemId: number }).itemId,
          ...refOf(request.params as z.output<P>),
        }),
      ),
  )
  const puts = [
    ['/hints', 'Sets their hints: sizes, likes, dislikes', hintsInput, 'setHints'],
    ['/got-it', '"Got it": the present is bought (or not)', gotItInput, 'setGotIt'],
    ['/emails', 'Turns this exchange’s emails off or on', emailPreferenceInput, 'setEmails'],
  ] as const
  for (const [path, summary, body, run] of puts) {
    scope.put(
      `${prefix}${path}`,
      { schema: { tags, summary, security, params, body, response: { 200: messageOutput, ...errors } } },
      (request, reply) =>
        call(request, reply, (c) =>
          // The body was validated by `body`; the procedure validates it again with the same schema.
          (c.exchangeParticipants[run] as (input: unknown) => Promise<z.infer<typeof messageOutput>>)({
            ...(request.body as object),
            ...ref(request),
          }),
        ),
    )
  }
  scope.post(
    `${prefix}/messages`,
    {
      schema: {
        tags,
        summary: 'An anonymous question to the giftee, or an answer, note or thank-you to the Santa (rate limited)',
        security,
        params,
        body: sendMessageInput,
        response: { 200: messageOutput, ...errors },
      },
    },
    (request, reply) =>
      call(request, reply, (c) => c.exchangeParticipants.sendMessage({ ...request.body, ...ref(request) })),
  )
}
