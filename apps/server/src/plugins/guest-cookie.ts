import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  GUEST_COOKIE,
  GUEST_COOKIE_MAX_AGE_S,
  guestCookieSecret,
  readGuestFromCookie,
  sealGuestCookie,
  type Guest,
  type GuestPlumbing,
} from '@presently/api'
import type { Db } from '@presently/db'

/** Builds each request's guest plumbing (issue 37): the sealed "guest" cookie, read on first use. */
export type GuestCookies = (request: FastifyRequest, reply: FastifyReply) => GuestPlumbing

/**
 * The guest cookie of the shop (issue 37, docs/decisions/guests.md): HttpOnly, SameSite=Lax,
 * path /, Secure on https, sealed with iron under GUEST_COOKIE_SECRET or the shop's own secret in
 * the database (read on first use and kept: the app is built before the migrations run). A
 * request's guest is read only when a call asks for it (the shared-list and guest calls), at most
 * once per request.
 */
export function createGuestCookies(db: Db, options: { appUrl: string; secret?: string }): GuestCookies {
  let secretRead: Promise<string> | undefined
  const secretOf = (): Promise<string> =>
    (secretRead ??= guestCookieSecret(db, options.secret).catch((err: unknown) => {
      secretRead = undefined
      throw err
    }))
  const secure = new URL(options.appUrl).protocol === 'https:'
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure }
  const read = new WeakMap<FastifyRequest, Promise<Guest | null>>()
  return (request, reply) => ({
    current: () => {
      const known = read.get(request)
      if (known) return known
      const cookie = request.cookies[GUEST_COOKIE]
      const guest = cookie
        ? secretOf().then((secret) => readGuestFromCookie(db, secret, cookie))
        : Promise.resolve(null)
      read.set(request, guest)
      return guest
    },
    setCookie: async (guestId) => {
      const sealed = await sealGuestCookie(await secretOf(), guestId)
      void reply.setCookie(GUEST_COOKIE, sealed, { ...cookieOptions, maxAge: GUEST_COOKIE_MAX_AGE_S })
    },
    clearCookie: () => void reply.clearCookie(GUEST_COOKIE, cookieOptions),
  })
}
