import { AppError, linkPreviewInput, linkPreviewOutput } from '@presently/domain'
import { protectedProcedure, router } from '../trpc.ts'
import { previewLink } from '../services/link-previews/preview-link.ts'

/** Link previews (issue 38): a product link from any shop read into an item's fields. */
export const linkPreviewsRouter = router({
  /** POST /api/link-previews {url}. */
  preview: protectedProcedure
    .input(linkPreviewInput)
    .output(linkPreviewOutput)
    .mutation(({ ctx, input }) => {
      if (!ctx.linkPreviews) throw new AppError('SERVICE_UNAVAILABLE', 'Link previews are not available right now')
      return previewLink(ctx.db, input.url, { ...ctx.linkPreviews, userId: ctx.user.id })
    }),
})
