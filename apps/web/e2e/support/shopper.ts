import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { registerConfirmedUser, signIn } from './auth-helpers'

/** The JSON body of an API response, failing the test (with the body) on a non-2xx status. */
export async function apiJson<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true)
  return (await response.json()) as T
}

/** Registers a confirmed account for `label` and signs it in on `page`. */
export async function newShopper(page: Page, label: string): Promise<void> {
  const { email, password } = await registerConfirmedUser(page.request, label)
  await signIn(page, email, password)
}

/**
 * One of the signed-in shopper's people, made through POST /api/people: with the relationship
 * named `relationship` (default Mother), a date of birth, and `interest` naming an interest to
 * love (the first whose name matches). Returns the person's id.
 */
export async function addPerson(
  request: APIRequestContext,
  name: string,
  options: { relationship?: string; dob?: string; interest?: RegExp } = {},
): Promise<number> {
  const relationships = await apiJson<Array<{ id: number; name: string }>>(await request.get('/api/relationships'))
  const relationship = relationships.find((r) => r.name === (options.relationship ?? 'Mother'))
  expect(relationship, `a relationship named ${options.relationship ?? 'Mother'}`).toBeDefined()
  let interests: Array<{ interestId: number; is_primary: boolean }> = []
  if (options.interest) {
    const all = await apiJson<Array<{ id: number; name: string }>>(await request.get('/api/interests'))
    const found = all.find((i) => options.interest!.test(i.name))
    expect(found, `an interest matching ${String(options.interest)}`).toBeDefined()
    interests = [{ interestId: found!.id, is_primary: true }]
  }
  const person = await apiJson<{ id: number }>(
    await request.post('/api/people', {
      data: { name, relationshipId: relationship!.id, ...(options.dob ? { dob: options.dob } : {}), interests },
    }),
  )
  return person.id
}

/** An occasion of the reference data (GET /api/occasions) as the API gives it. */
export interface Occasion {
  id: number
  value: string
  label: string
  category: string
}

/** Every occasion, as GET /api/occasions lists them. */
export async function occasions(request: APIRequestContext): Promise<Occasion[]> {
  return apiJson<Occasion[]>(await request.get('/api/occasions'))
}

/** The occasion whose `value` is `value` (e.g. "birthday"). */
export async function occasion(request: APIRequestContext, value: string): Promise<Occasion> {
  const found = (await occasions(request)).find((o) => o.value === value)
  expect(found, `an occasion ${value}`).toBeDefined()
  return found!
}
