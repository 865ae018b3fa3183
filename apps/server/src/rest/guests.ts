import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  confirmGuest,
  deleteGuest,
  findGuestByPersonalToken,
  guestClaimItem,
  guestClaimsPage,
  guestOutputOf,
  guestPledgeToItem,
  guestRemoveByItem,
  guestUnclaimItem,
  setWatch,
  type Guest,
} from '@presently/api'
import {
  AppError,
  confirmGuestInput,
  confirmGuestOutput,
  GUEST_MESSAGES,
  guestClaimInput,
  guestClaimsOutput,
  guestItemAnswer,
  guestOutput,
  guestPledgeInput,
  guestTokenField,
  idField,
  shareTokenField,
  sharedItemAnswer,
  watchAnswer,
  watchInput,
  WISH_LIST_MESSAGES,
} from '@presently/domain'
import type { Db } from '@presently/db'
import type { Mailer } from '@presently/email'
import type { RateLimit } from '../plugins/security.ts'
import type { GuestCookies } from '../plugins/guest-cookie.ts'
import { errorResponses, messageOutput } from './schema.ts'

const sharedItemParams = z.object({ token: shareTokenField, itemId: idField })
const tokenParams = z.object({ token: shareTokenField })
const personalParams = z.object({ token: guestTokenField })
const personalItemParams = z.object({ token: guestTokenField, itemId: idField })

/**
 * The guest calls of issue 37 (docs/decisions/guests.md): a visitor without an account claims,
 * pledges and watches on a shared list by name and email; confirms from the emailed link (which
 * sets the sealed HttpOnly "guest" cookie on that device); and keeps their claims on the personal
 * page /my-claims/{token}. The same services as the tRPC guests and sharedLists procedures.
 * Limits: every call on a shared list counts against the shared-list limit; claims and pledges
 * also per IP and per email (guest-claim); the links per IP (guest-link). Unknown or revoked
 * tokens answer 404. Answers are never cached.
 */
export function registerGuestRoutes(
  app: FastifyInstance,
  db: Db,
  options: { appUrl: string; rateLimit: RateLimit; guestCookies: GuestCookies; mailer: Mailer },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const deps = { mailer: options.mailer, appUrl: options.appUrl }
  const deviceGuest = (request: FastifyRequest, reply: FastifyReply): Promise<Guest | null> =>
    options.guestCookies(request, reply).current()
  const signedOut = (request: FastifyRequest) => {
    if (request.user) throw new AppError('BAD_REQUEST', 'You are signed in: claim with your account')
  }
  const limitClaim = async (request: FastifyRequest, reply: FastifyReply, email: string | undefined) => {
    await options.rateLimit(request, reply, 'shared-list')
    await options.rateLimit(request, reply, 'guest-claim', email)
  }

  api.post(
    '/api/shared-lists/:token/items/:itemId/guest-claim',
    {
      schema: {
        tags: ['guests'],
        summary:
          'A visitor without an account claims units of an item by name and email: held 2 hours until confirmed from the emailed link (at once on a device confirmed by its guest cookie)',
        params: sharedItemParams,
        body: guestClaimInput.optional(),
        response: { 200: guestItemAnswer, ...errorResponses(400, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      signedOut(request)
      const body = request.body ?? {}
      const cookieGuest = await deviceGuest(request, reply)
      await limitClaim(request, reply, body.email ?? cookieGuest?.email)
      return guestClaimItem(db, deps, {
        token: request.params.token,
        itemId: request.params.itemId,
        quantity: body.quantity,
        actor: { name: body.name, email: body.email, showName: body.showName, cookieGuest },
      })
    },
  )
  api.delete(
    '/api/shared-lists/:token/items/:itemId/guest-claim',
    {
      schema: {
        tags: ['guests'],
        summary: 'The guest confirmed on this device (guest cookie) undoes their claim of an item',
        params: sharedItemParams,
        response: { 200: sharedItemAnswer, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      await options.rateLimit(request, reply, 'shared-list')
      const guest = await deviceGuest(request, reply)
      if (!guest) throw new AppError('NOT_FOUND', WISH_LIST_MESSAGES.claimNotFound)
      const item = await guestUnclaimItem(db, guest, request.params.token, request.params.itemId)
      return { success: true as const, message: WISH_LIST_MESSAGES.unclaimed, item }
    },
  )
  api.post(
    '/api/shared-lists/:token/items/:itemId/guest-pledges',
    {
      schema: {
        tags: ['guests'],
        summary:
          'A visitor without an account pledges pounds towards a group gift by name and email (held until confirmed, as claims)',
        params: sharedItemParams,
        body: guestPledgeInput,
        response: { 200: guestItemAnswer, ...errorResponses(400, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      signedOut(request)
      const body = request.body
      const cookieGuest = await deviceGuest(request, reply)
      await limitClaim(request, reply, body.email ?? cookieGuest?.email)
      return guestPledgeToItem(db, deps, {
        token: request.params.token,
        itemId: request.params.itemId,
        amount: body.amount,
        actor: { name: body.name, email: body.email, showName: body.showName, cookieGuest },
      })
    },
  )
  api.put(
    '/api/shared-lists/:token/watch',
    {
      schema: {
        tags: ['lists'],
        summary:
          '“Tell me when something is added”: a visitor who claimed (signed in, or a guest confirmed on this device) watches the list; at most one email a day',
        params: tokenParams,
        body: watchInput,
        response: { 200: watchAnswer, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await options.rateLimit(request, reply, 'shared-list')
      const guest = request.user ? null : await deviceGuest(request, reply)
      if (!request.user && !guest) throw new AppError('UNAUTHORIZED', GUEST_MESSAGES.signedOut)
      const watcher = request.user ? { userId: request.user.id } : { guestId: guest!.id }
      const { watching } = await setWatch(db, watcher, request.params.token, request.body.watch)
      return {
        success: true as const,
        message: watching ? WISH_LIST_MESSAGES.watching : WISH_LIST_MESSAGES.notWatching,
        watching,
      }
    },
  )
  api.post(
    '/api/guests/confirm',
    {
      schema: {
        tags: ['guests'],
        summary:
          'Spends a guest’s confirmation link (once, 48 hours): confirms what they claimed and keeps them on this device (sealed HttpOnly cookie)',
        body: confirmGuestInput,
        response: { 200: confirmGuestOutput, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      await options.rateLimit(request, reply, 'guest-link')
      const { guest, outcomes } = await confirmGuest(db, request.body.token)
      await options.guestCookies(request, reply).setCookie(guest.id)
      return { success: true as const, message: GUEST_MESSAGES.confirmed, guest: guestOutputOf(guest), outcomes }
    },
  )
  api.get(
    '/api/guests/me',
    {
      schema: {
        tags: ['guests'],
        summary: 'The guest confirmed on this device by its cookie, or null',
        response: { 200: z.object({ guest: guestOutput.nullable() }) },
      },
    },
    async (request, reply) => {
      const guest = await deviceGuest(request, reply)
      return { guest: guest ? guestOutputOf(guest) : null }
    },
  )
  api.post(
    '/api/guests/sign-out',
    {
      schema: {
        tags: ['guests'],
        summary: 'Forgets the guest on this device (their claims stay)',
        response: { 200: messageOutput },
      },
    },
    (request, reply) => {
      options.guestCookies(request, reply).clearCookie()
      return { success: true as const, message: GUEST_MESSAGES.signedOut }
    },
  )
  api.get(
    '/api/my-claims/:token',
    {
      schema: {
        tags: ['guests'],
        summary: 'A guest’s personal page by its link: their claims and pledges (held ones marked) and watched lists',
        params: personalParams,
        response: { 200: guestClaimsOutput, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      await options.rateLimit(request, reply, 'guest-link')
      return guestClaimsPage(db, await findGuestByPersonalToken(db, request.params.token))
    },
  )
  for (const kind of ['claim', 'pledge'] as const) {
    api.delete(
      `/api/my-claims/:token/${kind === 'claim' ? 'claims' : 'pledges'}/:itemId`,
      {
        schema: {
          tags: ['guests'],
          summary: `Undoes one of the guest’s ${kind}s from their personal page`,
          params: personalItemParams,
          response: { 200: messageOutput, ...errorResponses(400, 404, 429) },
        },
      },
      async (request, reply) => {
        await options.rateLimit(request, reply, 'guest-link')
        const guest = await findGuestByPersonalToken(db, request.params.token)
        await guestRemoveByItem(db, guest, kind, request.params.itemId)
        return { success: true as const, message: kind === 'claim' ? WISH_LIST_MESSAGES.unclaimed : 'Pledge removed' }
      },
    )
  }
  api.delete(
    '/api/my-claims/:token',
    {
      schema: {
        tags: ['guests'],
        summary: 'Deletes the guest’s name, email address, claims and pledges now',
        params: personalParams,
        response: { 200: messageOutput, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      await options.rateLimit(request, reply, 'guest-link')
      const guest = await findGuestByPersonalToken(db, request.params.token)
      if (!(await deleteGuest(db, guest.id))) throw new AppError('NOT_FOUND', GUEST_MESSAGES.personalNotFound)
      const cookies = options.guestCookies(request, reply)
      if ((await cookies.current())?.id === guest.id) cookies.clearCookie()
      return { success: true as const, message: GUEST_MESSAGES.deleted }
    },
  )
}
