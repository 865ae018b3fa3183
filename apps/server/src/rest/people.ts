import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  addEventForPeople,
  createEvent,
  createPerson,
  deleteEvent,
  deletePerson,
  getPerson,
  listEvents,
  listGiftPreferenceGroups,
  listInterests,
  listOccasions,
  listOptionCategories,
  listPeople,
  listPersonEvents,
  listRelationships,
  personInput,
  renderCalendarFeed,
  updateEvent,
  updatePerson,
} from '@presently/api'
import {
  addEventForPeopleInput,
  addEventForPeopleOutput,
  createEventInput,
  eventOutput,
  giftPreferenceGroupOutput,
  idField,
  interestListItem,
  occasionOutput,
  optionCategoryOutput,
  personOutput,
  personSummaryOutput,
  relationshipOutput,
  safeText,
  updateEventInput,
} from '@presently/domain'
import type { Db } from '@presently/db'
import { publicCache } from './cache.ts'
import { registerSignedInScope, signedIn } from './signed-in.ts'
import { errorResponses, messageOutput, signedInOnly } from './schema.ts'

/**
 * Profile reference data (spec account-area §7): public and the same for everyone, so shared
 * caches may keep it for five minutes (ETags revalidate after that).
 */
function registerReferenceRoutes(app: FastifyInstance, db: Db): void {
  const route = app.withTypeProvider<ZodTypeProvider>()
  /** One public list of reference data at `url`. */
  const list = <T extends z.ZodType>(
    url: string,
    summary: string,
    output: T,
    load: (db: Db) => Promise<z.output<T>[]>,
  ) =>
    route.get(
      url,
      { schema: { tags: ['reference'], summary, response: { 200: z.array(output) } } },
      async (_request, reply) => {
        publicCache(reply)
        return load(db)
      },
    )
  list(
    '/api/relationships',
    'Relationships of a person to the user, with the My People filter type',
    relationshipOutput,
    listRelationships,
  )
  list(
    '/api/occasions',
    'Occasions, grouped by category for the pickers, with the recommender weights',
    occasionOutput,
    listOccasions,
  )
  list(
    '/api/interests',
    'Interests (IAB Content Taxonomy 3.1): category > subcategory > name',
    interestListItem,
    listInterests,
  )
  list(
    '/api/gift-preferences',
    'Gift preference groups; several options may be chosen in each',
    giftPreferenceGroupOutput,
    listGiftPreferenceGroups,
  )
  for (const kind of ['intelligence', 'lifestyle', 'taste', 'personality'] as const) {
    route.get(
      `/api/${kind}`,
      {
        schema: {
          tags: ['reference'],
          summary: `The ${kind} categories of the profile form, one choice each, options in pairs`,
          response: { 200: z.array(optionCategoryOutput) },
        },
      },
      async (_request, reply) => {
        publicCache(reply)
        return listOptionCategories(db, kind)
      },
    )
  }
}

const personParams = z.object({ id: idField })
const personEventsParams = z.object({ personId: idField })
const deleted = (message: string) => ({ success: true as const, message })

/**
 * The people and events calls of spec account-area §7 (/api/people*, /api/events*), answered
 * by the services of the tRPC people and events routers. Signed-in only (401 otherwise); every
 * id is checked against the caller's own data (another user's answers 404). Never cached by
 * browsers (no-store); the lists are kept in the server's account cache per user and data
 * version (plugins/account-cache.ts, issue 24).
 */
async function registerPeopleRoutes(app: FastifyInstance, db: Db): Promise<void> {
  await registerSignedInScope(app, (scope) => {
    scope.get(
      '/api/people',
      {
        schema: {
          tags: ['people'],
          summary: "The signed-in user's people, with events, completeness and tier",
          security: signedInOnly,
          response: { 200: z.array(personSummaryOutput), ...errorResponses(401) },
        },
      },
      // Kept per user and data version; next occurrences depend on today (issue 24).
      async (request, reply) =>
        request.server.accountCache.send(request, reply, { call: 'GET /api/people', today: true }, () =>
          listPeople(db, signedIn(request).id),
        ),
    )
    scope.post(
      '/api/people',
      {
        schema: {
          tags: ['people'],
          summary: 'Adds a person from the profile form values (dob as YYYY-MM-DD), with their important dates',
          security: signedInOnly,
          body: personInput,
          response: { 201: personOutput, ...errorResponses(400, 401, 409) },
        },
      },
      async (request, reply) => reply.status(201).send(await createPerson(db, signedIn(request).id, request.body)),
    )
    scope.get(
      '/api/people/:id',
      {
        schema: {
          tags: ['people'],
          summary: 'One person of the signed-in user',
          security: signedInOnly,
          params: personParams,
          response: { 200: personOutput, ...errorResponses(400, 401, 404) },
        },
      },
      // Kept per user, person and data version; next occurrences depend on today (issue 24).
      async (request, reply) =>
        request.server.accountCache.send(
          request,
          reply,
          { call: 'GET /api/people/:id', input: request.params, today: true },
          () => getPerson(db, signedIn(request).id, request.params.id),
        ),
    )
    scope.patch(
      '/api/people/:id',
      {
        schema: {
          tags: ['people'],
          summary: "Replaces a person's profile with the form values (events are kept)",
          security: signedInOnly,
          params: personParams,
          body: personInput,
          response: { 200: personOutput, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => updatePerson(db, signedIn(request).id, request.params.id, request.body),
    )
    scope.delete(
      '/api/people/:id',
      {
        schema: {
          tags: ['people'],
          summary: 'Deletes a person with their events and personal data',
          security: signedInOnly,
          params: personParams,
          response: { 200: messageOutput, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        await deletePerson(db, signedIn(request).id, request.params.id)
        return deleted('Person deleted')
      },
    )

    scope.get(
      '/api/events',
      {
        schema: {
          tags: ['events'],
          summary: "Every event of the signed-in user's people, by month and day, with occasion and people",
          security: signedInOnly,
          response: { 200: z.array(eventOutput), ...errorResponses(401) },
        },
      },
      // Kept per user and data version; next occurrences depend on today (issue 24).
      async (request, reply) =>
        request.server.accountCache.send(request, reply, { call: 'GET /api/events', today: true }, () =>
          listEvents(db, signedIn(request).id),
        ),
    )
    scope.get(
      '/api/events/person/:personId',
      {
        schema: {
          tags: ['events'],
          summary: "A person's events",
          security: signedInOnly,
          params: personEventsParams,
          response: { 200: z.array(eventOutput), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => listPersonEvents(db, signedIn(request).id, request.params.personId),
    )
    scope.post(
      '/api/events/person/:personId',
      {
        schema: {
          tags: ['events'],
          summary: 'Adds a yearly event {occasionId, date (YYYY-MM-DD), name?} for a person',
          security: signedInOnly,
          params: personEventsParams,
          body: createEventInput,
          response: { 201: eventOutput, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createEvent(db, signedIn(request).id, request.params.personId, request.body)),
    )
    scope.post(
      '/api/events/people',
      {
        schema: {
          tags: ['events'],
          summary:
            'Adds one yearly event {occasionId, date} to several people in one step (issue 43: "Add Christmas for everyone"); people who have the occasion already are skipped',
          security: signedInOnly,
          body: addEventForPeopleInput,
          response: { 201: addEventForPeopleOutput, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request, reply) => reply.status(201).send(await addEventForPeople(db, signedIn(request).id, request.body)),
    )
    scope.patch(
      '/api/events/person/:personId/event/:eventId',
      {
        schema: {
          tags: ['events'],
          summary:
            'Changes an event (issue 21): any of {occasionId, date, name, rule, reminderLeadDays}; the others are kept',
          security: signedInOnly,
          params: z.object({ personId: idField, eventId: idField }),
          body: updateEventInput,
          response: { 200: eventOutput, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) =>
        updateEvent(db, signedIn(request).id, request.params.personId, request.params.eventId, request.body),
    )
    scope.delete(
      '/api/events/person/:personId/event/:eventId',
      {
        schema: {
          tags: ['events'],
          summary: 'Removes an event from a person',
          security: signedInOnly,
          params: z.object({ personId: idField, eventId: idField }),
          response: { 200: messageOutput, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        await deleteEvent(db, signedIn(request).id, request.params.personId, request.params.eventId)
        return deleted('Event deleted')
      },
    )
  })
}

/**
 * The private calendar feed (issue 9): no session, the secret token is the key. Calendar apps
 * poll it; it is private to its owner, so only their own cache may keep it, and only briefly.
 */
function registerCalendarRoute(app: FastifyInstance, db: Db, appUrl: string): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/calendar/:file',
    {
      schema: {
        tags: ['events'],
        summary: "A user's important dates as an iCalendar feed, at the secret URL the events page gives",
        params: z.object({ file: safeText({ max: 100 }) }),
        response: {
          200: { description: 'iCalendar (RFC 5545)', content: { 'text/calendar': { schema: z.string() } } },
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const token = request.params.file.endsWith('.ics') ? request.params.file.slice(0, -4) : ''
      const feed = await renderCalendarFeed(db, token, appUrl)
      return reply
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline; filename="presently-dates.ics"')
        .type('text/calendar; charset=utf-8')
        .send(feed)
    },
  )
}

/** Every /api/* call of issue 9: reference data, people, events, the calendar feed. */
export async function registerPeopleAndEventsRoutes(app: FastifyInstance, db: Db, appUrl: string): Promise<void> {
  registerReferenceRoutes(app, db)
  await registerPeopleRoutes(app, db)
  registerCalendarRoute(app, db, appUrl)
}
