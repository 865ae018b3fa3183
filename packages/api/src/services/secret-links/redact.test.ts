import { describe, expect, test } from 'vitest'
import { generateToken } from '../auth/tokens.ts'
import { generateLinkToken } from './link-token.ts'
import { fullyDecode, isSecretName, REDACTED, redactLogLine, redactUrl } from './redact.ts'

/** Every character percent-encoded: the spelling most unlike the token. */
const encodeAll = (text: string) =>
  [...text].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}`).join('')

describe('secret names (issue 41)', () => {
  test('token, password, secret, code, state and their compounds are secret', () => {
    for (const name of ['token', 'shareToken', 'join_token', 'input[0][token]', 'password', 'code', 'state', 'apiKey'])
      expect(isSecretName(name), name).toBe(true)
  })
  test('ordinary names are not', () => {
    for (const name of ['q', 'page', 'promoCode', 'postcode', 'sortKey', 'input', 'batch', 'itemId', 'path'])
      expect(isSecretName(name), name).toBe(false)
  })
})

describe('redactUrl (issue 41)', () => {
  const link = generateLinkToken()
  const email = generateToken()

  test('token-shaped path segments and query values go, whatever their route', () => {
    expect(redactUrl(`/api/shared-lists/${link}/items/3/claim`)).toBe(`/api/shared-lists/${REDACTED}/items/3/claim`)
    expect(redactUrl(`/exchange/${link}`)).toBe(`/exchange/${REDACTED}`)
    expect(redactUrl(`/api/calendar/${email}.ics`)).toBe(`/api/calendar/${REDACTED}.ics`)
    expect(redactUrl(`/api/whatever/${email.toUpperCase()}`)).toBe(`/api/whatever/${REDACTED}`)
    expect(redactUrl(`/search?q=${link}`)).toBe(`/search?q=${REDACTED}`)
  })

  test('secret-named query parameters and tRPC input keys go, whatever their shape', () => {
    expect(redactUrl('/reset-password?token=short&x=1')).toBe(`/reset-password?token=${REDACTED}&x=1`)
    expect(redactUrl('/api/auth/google/callback?code=4/0Ab&state=xyz')).toBe(
      `/api/auth/google/callback?code=${REDACTED}&state=${REDACTED}`,
    )
    const input = encodeURIComponent(JSON.stringify({ 0: { token: 'abc', itemId: 4 } }))
    expect(redactUrl(`/trpc/sharedLists.byToken?batch=1&input=${input}`)).toBe(
      `/trpc/sharedLists.byToken?batch=1&input={"0":{"token":"${REDACTED}","itemId":4}}`,
    )
  })

  test('every spelling: percent-encoded letters, %2F, %2D, double encoding, double slashes', () => {
    for (const url of [
      `/%61pi/shared-lists/${link}`,
      `/api/shared%2Dlists/${encodeAll(link)}`,
      `//api/shared-lists/${link}`,
      `/lists%2Fshared/${link}`,
      `/lists/shared/${encodeAll(link).replace(/%/g, '%25')}`,
      `/%74rpc/sharedLists.byToken?input=${encodeAll(JSON.stringify({ token: link }))}`,
      `/reset-password?%74oken=${encodeAll(email)}`,
    ]) {
      const logged = redactUrl(url)
      expect(logged, url).not.toContain(link)
      expect(logged, url).not.toContain(email)
      expect(logged, url).toContain(REDACTED)
    }
  })

  test('route parameters named like secrets go even when malformed', () => {
    expect(redactUrl('/api/auth/validate-token/not-a-real-token', ['not-a-real-token'])).toBe(
      `/api/auth/validate-token/${REDACTED}`,
    )
  })

  test('other URLs are only decoded', () => {
    expect(redactUrl('/api/products?category=Toys%20%26%20Games&page=2')).toBe(
      '/api/products?category=Toys & Games&page=2',
    )
    expect(redactUrl('/product/lego-technic-42115-lamborghini')).toBe('/product/lego-technic-42115-lamborghini')
    expect(fullyDecode('%E0%A4%A')).toBe('%E0%A4%A')
  })
})

describe('redactLogLine (issue 41)', () => {
  test('keeps the line JSON while taking out tokens, secret-named keys and quoted JSON inputs', () => {
    const link = generateLinkToken()
    const line = JSON.stringify({
      msg: `Route GET:/lists/shared/${encodeAll(link)} not found`,
      password: 'hunter22',
      err: { message: `Unexpected token, "{"token":"abc-def"}" is not valid JSON` },
      links: [`http://localhost:3000/reset-password?token=${generateToken()}`],
    })
    const safe = redactLogLine(line)
    const parsed = JSON.parse(safe) as { msg: string; password: string; err: { message: string }; links: string[] }
    expect(parsed.msg).toBe(`Route GET:/lists/shared/${REDACTED} not found`)
    expect(parsed.password).toBe(REDACTED)
    expect(parsed.err.message).toBe(`Unexpected token, "{"token":"${REDACTED}"}" is not valid JSON`)
    expect(parsed.links[0]).toBe(`http://localhost:3000/reset-password?token=${REDACTED}`)
  })

  test('a database error keeps its 22-character constraint name; a token beside it still goes', () => {
    const link = generateLinkToken()
    const line = JSON.stringify({ err: { constraint: 'people_name_not_marked', detail: `token ${link}` } })
    const parsed = JSON.parse(redactLogLine(line)) as { err: { constraint: string; detail: string } }
    expect(parsed.err.constraint).toBe('people_name_not_marked')
    expect(parsed.err.detail).toBe(`token ${REDACTED}`)
  })
})
