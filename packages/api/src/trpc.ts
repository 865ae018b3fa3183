import { initTRPC, TRPCError } from '@trpc/server'
import { AppError } from '@presently/domain'
import type { Db } from '@presently/db'

/** The signed-in user as the server knows it (spec browsing-and-purchase §3 "User"). */
export interface SessionUser {
  id: number
  email: string
  isStaff: boolean
  isAdmin: boolean
}

/** Per-request context: the database handed in by the server (or a test), and the user if any. */
export interface Context {
  db: Db
  user: SessionUser | null
}

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    // Expected failures carry a user-facing message; anything else is an internal error whose
    // details stay in the server log.
    const expected = error.cause instanceof AppError || error.code !== 'INTERNAL_SERVER_ERROR'
    return {
      ...shape,
      message: expected ? shape.message : 'Internal server error',
      data: { ...shape.data, stack: undefined },
    }
  },
})

/** Maps AppError thrown by services to the matching tRPC error code. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next()
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause
    throw new TRPCError({ code: cause.code, message: cause.message, cause })
  }
  return result
})

export const router = t.router
export const createCallerFactory = t.createCallerFactory
export const publicProcedure = t.procedure.use(appErrors)

/** Requires a signed-in user and narrows ctx.user (the server is the authorization boundary). */
export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Unauthorized' })
  return next({ ctx: { ...ctx, user: ctx.user } })
})

/** Requires is_staff or is_admin (spec browsing-and-purchase §6). */
export const staffProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isStaff && !ctx.user.isAdmin) throw new TRPCError({ code: 'FORBIDDEN', message: 'Staff only' })
  return next()
})

/** Requires is_admin (spec account-area §6). */
export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw new TRPCError({ code: 'FORBIDDEN', message: 'Admins only' })
  return next()
})
