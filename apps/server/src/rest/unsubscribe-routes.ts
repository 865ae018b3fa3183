import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { tokenInput } from '@presently/domain'
import { ok } from './parse.ts'
import { errorResponses, messageOutput } from './schema.ts'

const tokenQuery = tokenInput.describe('The token of the mailed link')

/** One kind of email that its own links turn off alone (reminders, price alerts). */
export interface UnsubscribeFromOneKind {
  /** The routes' prefix: `${path}/unsubscribe` and `${path}/unsubscribe/one-click`, e.g. '/api/reminders'. */
  path: string
  /** The OpenAPI tag, e.g. 'reminders'. */
  tag: string
  /** The `only` of the unsubscribe page's URL, e.g. 'price-alerts'. */
  only: string
  /** The email in the summaries, singular and plural: 'price alert', 'price alerts'. */
  noun: { one: string; many: string }
  /** Turns that kind off for the token's account (throws the service's 400 for a bad token). */
  unsubscribe: (token: string) => Promise<void>
  /** The 200 message. */
  message: string
}

/**
 * The unsubscribe routes of an email that turns off its own kind alone (issues 21 and 39):
 * POST `${path}/unsubscribe` {token} (the body link's page), the RFC 8058 one-click
 * POST `${path}/unsubscribe/one-click?token=` (mail clients post a form), and its GET, which
 * redirects (302) to `/unsubscribe?token=…&only=<only>`. Answers are never cached; 400 for a
 * missing or malformed token.
 */
export async function registerUnsubscribeRoutes(app: FastifyInstance, kind: UnsubscribeFromOneKind): Promise<void> {
  await app.register((plain, _options, done) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>()
    scope.addHook('onSend', (_request, reply, payload, next) => {
      void reply.header('cache-control', 'no-store')
      next(null, payload)
    })
    // Mail clients POST "List-Unsubscribe=One-Click" as a form (RFC 8058); the token is in the query.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, parsed) => {
      parsed(null, body)
    })
    scope.post(
      `${kind.path}/unsubscribe`,
      {
        schema: {
          tags: [kind.tag],
          summary: `Turns off ${kind.noun.one} emails alone for the account of a ${kind.noun.one} email's link`,
          body: tokenInput,
          response: { 200: messageOutput, ...errorResponses(400) },
        },
      },
      async (request) => {
        await kind.unsubscribe(request.body.token)
        return ok(undefined, kind.message)
      },
    )
    scope.post(
      `${kind.path}/unsubscribe/one-click`,
      {
        schema: {
          tags: [kind.tag],
          summary: `One-click unsubscribe from ${kind.noun.many} alone (RFC 8058) for mail clients: the token in the query`,
          querystring: tokenQuery,
          response: { 200: messageOutput, ...errorResponses(400) },
        },
      },
      async (request) => {
        await kind.unsubscribe(request.query.token)
        return ok(undefined, kind.message)
      },
    )
    scope.get(
      `${kind.path}/unsubscribe/one-click`,
      {
        schema: {
          tags: [kind.tag],
          summary: `Redirects to the unsubscribe page for ${kind.noun.many} (a mail client that opens the link)`,
          querystring: tokenQuery,
          response: {
            302: z.undefined().describe(`Redirect to /unsubscribe?token=...&only=${kind.only}`),
            ...errorResponses(400),
          },
        },
      },
      async (request, reply) =>
        reply.redirect(`/unsubscribe?token=${encodeURIComponent(request.query.token)}&only=${kind.only}`),
    )
    done()
  })
}
