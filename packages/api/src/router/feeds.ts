import { z } from 'zod'
import { AppError, feedNameInput, feedRunSummaryOutput, feedStatusOutput } from '@presently/domain'
import { router, staffProcedure } from '../trpc.ts'

const NO_FEEDS = 'No catalog feeds are configured on this server'

/**
 * Catalog feed refreshes on the staff Tools page (issue 39): the CATALOG_FEEDS entries with their
 * schedules and last runs, and "Run now". Staff and admins only (FORBIDDEN otherwise).
 */
export const feedsRouter = router({
  /** GET /api/admin/feeds. */
  list: staffProcedure.output(z.array(feedStatusOutput)).query(({ ctx }) => ctx.feeds?.list() ?? []),
  /** POST /api/admin/feeds/run {name}: refreshes the feed now, then runs the price alerts. */
  run: staffProcedure
    .input(feedNameInput)
    .output(feedRunSummaryOutput)
    .mutation(({ ctx, input }) => {
      if (!ctx.feeds) throw new AppError('NOT_FOUND', NO_FEEDS)
      return ctx.feeds.runNow(input.name)
    }),
})
