import { z } from 'zod'
import { publicProcedure, router } from '../trpc.ts'

const sessionUserOutput = z.object({
  id: z.number().int(),
  email: z.string(),
  is_staff: z.boolean(),
  is_admin: z.boolean(),
})

export const authRouter = router({
  /** The current session's user, or null when anonymous (spec browsing-and-purchase §4 "Session"). */
  session: publicProcedure.output(z.object({ user: sessionUserOutput.nullable() })).query(({ ctx }) => ({
    user: ctx.user
      ? { id: ctx.user.id, email: ctx.user.email, is_staff: ctx.user.isStaff, is_admin: ctx.user.isAdmin }
      : null,
  })),
})
