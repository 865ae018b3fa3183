/**
 * The shop's own features (beyond the spec) under many signed-in users at once, over real HTTP:
 * wish lists shared with hidden claims, presents and budgets, "Not for {name}" dismissals,
 * reminder settings, likes with their person associations. Every answer is checked to be the
 * caller's own; the owner of a shared list must never see who claimed from it.
 *
 * Each user gets a person, a shared wish list with one item, a present, a default budget, a
 * dismissal, reminder lead times and a like linked to their person, all named or valued after
 * the user, and claims the item of the next user's list (a ring). Then every user loops over
 * REST and tRPC reads of all of them, rewrites their budget and lead times with new values and
 * reads them back, and asks for the previous user's person and list (404 expected).
 *
 * Used by apps/server/src/feature-isolation.test.ts.
 */

export interface FeatureLoadOptions {
  /** http://host:port of a listening server. */
  baseUrl: string
  /** Session cookies ("session=...") of distinct, confirmed accounts, at least two. */
  cookies: string[]
  /** Shop ids of products to dismiss and like, at least one. */
  productIds: number[]
  /** A relationship id for POST /api/people. */
  relationshipId: number
  durationMs: number
}

export interface FeatureLoadResult {
  requests: number
  /** Answers with status >= 500. */
  serverErrors: number
  /** Answers holding another user's data, or a claim shown to the list's owner. */
  mixUps: number
  /** Other unexpected answers (wrong status, unreadable body). */
  otherErrors: number
  /** The first few problems, for the failure message. */
  samples: string[]
}

interface Setup {
  index: number
  cookie: string
  tag: string
  personId: number
  listId: number
  itemId: number
  token: string
  productId: number
  productLikeId: number
  budget: number
  leadDays: number[]
}

/** Runs the setup, then the mixed load until `durationMs` has passed. See the module comment. */
export async function runFeatureIsolationLoad(options: FeatureLoadOptions): Promise<FeatureLoadResult> {
  const result: FeatureLoadResult = { requests: 0, serverErrors: 0, mixUps: 0, otherErrors: 0, samples: [] }
  const note = (kind: 'serverErrors' | 'mixUps' | 'otherErrors', text: string) => {
    result[kind] += 1
    if (result.samples.length < 20) result.samples.push(`${kind}: ${text}`)
  }

  async function call(cookie: string, method: string, path: string, body?: unknown) {
    const response = await fetch(`${options.baseUrl}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    result.requests += 1
    if (response.status >= 500) note('serverErrors', `${method} ${path} -> ${response.status} ${text.slice(0, 200)}`)
    let json: unknown
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    return { status: response.status, json }
  }

  /** A call during setup: anything but `expected` throws. */
  async function must<T>(cookie: string, method: string, path: string, body: unknown, expected: number): Promise<T> {
    const res = await call(cookie, method, path, body)
    if (res.status !== expected) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(res.json)}`)
    return res.json as T
  }

  const trpc = async (cookie: string, procedure: string, input?: unknown) => {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`
    const res = await call(cookie, 'GET', `/trpc/${procedure}${query}`)
    return { status: res.status, data: (res.json as { result?: { data?: unknown } } | undefined)?.result?.data }
  }

  // Setup: one user after another's writes would be slow; the users set up at once.
  const users: Setup[] = await Promise.all(
    options.cookies.map(async (cookie, index) => {
      const tag = `user${index}x${Math.random().toString(36).slice(2, 8)}`
      const person = await must<{ id: number }>(
        cookie,
        'POST',
        '/api/people',
        { name: `Person ${tag}`, relationshipId: options.relationshipId },
        201,
      )
      const list = await must<{ id: number }>(cookie, 'POST', '/api/lists', { name: `List ${tag}` }, 201)
      const item = await must<{ id: number }>(
        cookie,
        'POST',
        `/api/lists/${list.id}/items`,
        { title: `Item ${tag}`, quantity: 1 },
        201,
      )
      const shared = await must<{ url: string }>(cookie, 'POST', `/api/lists/${list.id}/share`, {}, 200)
      await must(
        cookie,
        'POST',
        `/api/people/${person.id}/gifts`,
        { title: `Gift ${tag}`, givenOn: '2026-01-02', pricePaid: index + 1 },
        201,
      )
      const productId = options.productIds[index % options.productIds.length]!
      await must(cookie, 'POST', `/api/people/${person.id}/dismissed-products`, { productId }, 201)
      const like = await must<{ productLikeId: number }>(cookie, 'POST', `/api/products/${productId}/like`, {}, 200)
      await must(
        cookie,
        'POST',
        '/api/product-like-associations/batch',
        { productLikeId: like.productLikeId, associations: [{ personId: person.id, occasionId: null }] },
        200,
      )
      return {
        index,
        cookie,
        tag,
        personId: person.id,
        listId: list.id,
        itemId: item.id,
        token: shared.url.split('/lists/shared/')[1]!,
        productId,
        productLikeId: like.productLikeId,
        budget: 0,
        leadDays: [14, 3],
      }
    }),
  )
  // The ring of claims: each user claims the next user's item.
  const next = (u: Setup) => users[(u.index + 1) % users.length]!
  const previous = (u: Setup) => users[(u.index + users.length - 1) % users.length]!
  await Promise.all(
    users.map((u) =>
      must(u.cookie, 'POST', `/api/shared-lists/${next(u).token}/items/${next(u).itemId}/claim`, {}, 200),
    ),
  )
  result.requests = 0

  const check = (u: Setup, where: string, ok: boolean, got: unknown) => {
    if (!ok) note('mixUps', `${where} for ${u.tag}: ${JSON.stringify(got).slice(0, 300)}`)
  }
  const expectStatus = (u: Setup, where: string, status: number, expected: number) => {
    if (status === expected) return true
    if (status < 500) note('otherErrors', `${where} for ${u.tag} -> ${status}, expected ${expected}`)
    return false
  }

  async function loop(u: Setup, until: number) {
    let round = 0
    while (performance.now() < until) {
      round += 1
      const lists = await call(u.cookie, 'GET', '/api/lists')
      if (expectStatus(u, 'GET /api/lists', lists.status, 200)) {
        const names = (lists.json as { name: string }[]).map((l) => l.name)
        check(u, 'GET /api/lists', names.length === 1 && names[0] === `List ${u.tag}`, names)
      }
      const trpcLists = await trpc(u.cookie, 'wishLists.list')
      if (expectStatus(u, 'trpc wishLists.list', trpcLists.status, 200)) {
        const names = (trpcLists.data as { name: string }[]).map((l) => l.name)
        check(u, 'trpc wishLists.list', names.length === 1 && names[0] === `List ${u.tag}`, names)
      }
      // The owner's view of their own shared list: never a claim, though the previous user claimed.
      const own = await call(u.cookie, 'GET', `/api/shared-lists/${u.token}`)
      if (expectStatus(u, 'GET own shared list', own.status, 200)) {
        const body = own.json as {
          view: string
          items: { title: string; claimedQuantity: unknown; claims: unknown[] }[]
        }
        check(
          u,
          'GET own shared list',
          body.view === 'owner' &&
            body.items.length === 1 &&
            body.items[0]!.title === `Item ${u.tag}` &&
            body.items[0]!.claimedQuantity === null &&
            body.items[0]!.claims.length === 0 &&
            !JSON.stringify(body).includes(previous(u).tag),
          body,
        )
      }
      // The next user's list, as its claimer: "You" claimed it.
      const theirs = await call(u.cookie, 'GET', `/api/shared-lists/${next(u).token}`)
      if (expectStatus(u, 'GET next shared list', theirs.status, 200)) {
        const body = theirs.json as { view: string; items: { claims: { name: string; mine: boolean }[] }[] }
        const claims = body.items[0]?.claims ?? []
        check(
          u,
          'GET next shared list',
          body.view === 'visitor' && claims.length === 1 && claims[0]!.mine && claims[0]!.name === 'You',
          body,
        )
      }
      const claims = await call(u.cookie, 'GET', '/api/my-account/claims')
      if (expectStatus(u, 'GET /api/my-account/claims', claims.status, 200)) {
        const rows = claims.json as { itemId: number; listName: string }[]
        check(
          u,
          'GET /api/my-account/claims',
          rows.length === 1 && rows[0]!.itemId === next(u).itemId && rows[0]!.listName === `List ${next(u).tag}`,
          rows,
        )
      }
      const gifts = await call(u.cookie, 'GET', `/api/people/${u.personId}/gifts`)
      if (expectStatus(u, 'GET gifts', gifts.status, 200)) {
        const rows = gifts.json as { title: string; personId: number }[]
        check(
          u,
          'GET gifts',
          rows.length === 1 && rows[0]!.title === `Gift ${u.tag}` && rows[0]!.personId === u.personId,
          rows,
        )
      }
      const trpcGifts = await trpc(u.cookie, 'gifts.list', { personId: u.personId })
      if (expectStatus(u, 'trpc gifts.list', trpcGifts.status, 200)) {
        const rows = trpcGifts.data as { title: string }[]
        check(u, 'trpc gifts.list', rows.length === 1 && rows[0]!.title === `Gift ${u.tag}`, rows)
      }
      const dismissed = await call(u.cookie, 'GET', `/api/people/${u.personId}/dismissed-products`)
      if (expectStatus(u, 'GET dismissed-products', dismissed.status, 200)) {
        const rows = dismissed.json as { productId: number }[]
        check(u, 'GET dismissed-products', rows.length === 1 && rows[0]!.productId === u.productId, rows)
      }
      const associations = await call(u.cookie, 'GET', `/api/product-like-associations/${u.productLikeId}`)
      if (expectStatus(u, 'GET associations', associations.status, 200)) {
        const rows = associations.json as { personId: number | null }[]
        check(u, 'GET associations', rows.length === 1 && rows[0]!.personId === u.personId, rows)
      }
      // Writes with new values each round, read back at once.
      const budget = round * 100 + u.index
      const put = await call(u.cookie, 'PUT', `/api/people/${u.personId}/budgets`, { default: budget, byOccasion: [] })
      if (expectStatus(u, 'PUT budgets', put.status, 200)) u.budget = budget
      const budgets = await call(u.cookie, 'GET', `/api/people/${u.personId}/budgets`)
      if (expectStatus(u, 'GET budgets', budgets.status, 200)) {
        const body = budgets.json as { default: number | null }
        check(u, 'GET budgets', body.default === u.budget, body)
      }
      const leadDays = [1 + ((round + u.index) % 60)]
      const saved = await call(u.cookie, 'PUT', '/api/my-account/reminder-settings', { enabled: true, leadDays })
      if (expectStatus(u, 'PUT reminder-settings', saved.status, 200)) u.leadDays = leadDays
      const settings = await trpc(u.cookie, 'reminders.settings')
      if (expectStatus(u, 'trpc reminders.settings', settings.status, 200)) {
        const body = settings.data as { leadDays: number[] }
        check(u, 'trpc reminders.settings', JSON.stringify(body.leadDays) === JSON.stringify(u.leadDays), body)
      }
      // Another user's ids answer 404 and nothing of theirs.
      const other = previous(u)
      for (const path of [
        `/api/lists/${other.listId}`,
        `/api/people/${other.personId}/gifts`,
        `/api/people/${other.personId}/budgets`,
        `/api/people/${other.personId}/dismissed-products`,
        `/api/product-like-associations/${other.productLikeId}`,
      ]) {
        const res = await call(u.cookie, 'GET', path)
        if (res.status !== 404) note('mixUps', `GET ${path} for ${u.tag} -> ${res.status}`)
      }
    }
  }

  const until = performance.now() + options.durationMs
  await Promise.all(users.map((u) => loop(u, until)))
  return result
}
