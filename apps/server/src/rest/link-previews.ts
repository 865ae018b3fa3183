import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { previewLink, readPicture, type LinkPreviewSettings } from '@presently/api'
import {
  AppError,
  LINK_PREVIEW_MESSAGES,
  linkImageIdField,
  linkPreviewInput,
  linkPreviewOutput,
} from '@presently/domain'
import type { Db } from '@presently/db'
import { errorResponses, signedInOnly } from './schema.ts'
import { registerSignedInScope, signedIn } from './signed-in.ts'

/**
 * Link previews (issue 38; docs/decisions/link-previews.md). POST /api/link-previews reads a
 * product link for the signed-in user (30 a minute); GET /api/link-previews/images/{id} serves a
 * preview's picture, re-encoded to WebP by the shop, to anyone (shared lists show them), cached
 * for a year (the id is the picture's hash, so it never changes).
 */
export async function registerLinkPreviewRoutes(
  app: FastifyInstance,
  db: Db,
  settings: LinkPreviewSettings,
): Promise<void> {
  await registerSignedInScope(app, (scope) => {
    scope.post(
      '/api/link-previews',
      {
        schema: {
          tags: ['link-previews'],
          summary:
            'Reads a product link: title, picture, price and shop name, or the catalog’s own product; a page that cannot be read answers status "unreadable" with a message',
          security: signedInOnly,
          body: linkPreviewInput,
          response: { 200: linkPreviewOutput, ...errorResponses(400, 401, 429) },
        },
      },
      async (request) => previewLink(db, request.body.url, { ...settings, userId: signedIn(request).id }),
    )
  })
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/link-previews/images/:id',
    {
      schema: {
        tags: ['link-previews'],
        summary: 'A link preview’s picture as WebP (480 px wide), served by the shop',
        params: z.object({ id: linkImageIdField }),
        response: {
          200: { description: 'The picture', content: { 'image/webp': { schema: z.any() } } },
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const webp = await readPicture(db, request.params.id)
      if (!webp) throw new AppError('NOT_FOUND', LINK_PREVIEW_MESSAGES.imageNotFound)
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(webp)
    },
  )
}
