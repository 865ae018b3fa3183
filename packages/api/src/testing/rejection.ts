import { TRPCError } from '@trpc/server'
import { ZodError } from 'zod'

/**
 * The code and message a client would see for a failed call made with createCaller: an invalid
 * input's first issue (as the errorFormatter of trpc.ts words it on the wire), else the error's
 * own message. Throws when the call succeeds.
 */
export async function rejection(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await call
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error
    const message = error.cause instanceof ZodError ? (error.cause.issues[0]?.message ?? error.message) : error.message
    return { code: error.code, message }
  }
  throw new Error('expected the call to fail')
}
