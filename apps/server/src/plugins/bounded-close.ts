import type { FastifyInstance } from 'fastify'

/**
 * How long one part of the app may take to close before shutdown goes on without it (ms). The
 * scheduler may take 6 s and each other part 1.5 s; server.ts cuts the whole shutdown off at 10 s.
 */
export const CLOSE_STEP_MS = 1500

/**
 * Registers `close` as an onClose hook that may take at most `ms`: Fastify runs the hooks one after
 * another, so a part that never finishes closing (a pg client's end() or a pool's end() waiting on
 * a connection that is still being made) would hold every later one, the database's stop
 * included, until server.ts cuts the whole shutdown off after 10 s with exit 1. Bounded, the part
 * is logged by `label` and left to the process's exit, and the rest closes cleanly. A failure is
 * logged the same way. Never rejects.
 */
export function onCloseWithin(
  app: FastifyInstance,
  label: string,
  close: () => Promise<unknown>,
  ms = CLOSE_STEP_MS,
): void {
  app.addHook('onClose', async () => {
    let timer: NodeJS.Timeout | undefined
    const bound = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), ms)
    })
    try {
      const outcome = await Promise.race([close().then(() => 'closed' as const), bound])
      if (outcome === 'timeout') app.log.warn(`${label} did not close within ${ms} ms; shutting down without it`)
    } catch (err) {
      app.log.error({ err }, `${label} failed to close`)
    } finally {
      clearTimeout(timer)
    }
  })
}
