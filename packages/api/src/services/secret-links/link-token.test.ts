import { describe, expect, test } from 'vitest'
import { generateLinkToken, hashLinkToken, looksLikeLinkToken, sameLinkToken } from './link-token.ts'

describe('link tokens', () => {
  test('are 22 base64url characters, different every time', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => generateLinkToken()))
    expect(tokens.size).toBe(1000)
    for (const token of tokens) expect(looksLikeLinkToken(token)).toBe(true)
  })

  test('hash to 64 hex characters, the same for the same token only', () => {
    const token = generateLinkToken()
    expect(hashLinkToken(token)).toMatch(/^[0-9a-f]{64}$/)
    expect(hashLinkToken(token)).toBe(hashLinkToken(token))
    expect(hashLinkToken(token)).not.toBe(hashLinkToken(generateLinkToken()))
  })

  test('shape check refuses other lengths and alphabets', () => {
    expect(looksLikeLinkToken('a'.repeat(21))).toBe(false)
    expect(looksLikeLinkToken('a'.repeat(23))).toBe(false)
    expect(looksLikeLinkToken(`${'a'.repeat(21)}=`)).toBe(false)
    expect(looksLikeLinkToken(`${'a'.repeat(21)}/`)).toBe(false)
  })

  test('compare equal strings as equal and others, any length, as not', () => {
    const token = generateLinkToken()
    expect(sameLinkToken(token, `${token}`)).toBe(true)
    expect(sameLinkToken(token, generateLinkToken())).toBe(false)
    expect(sameLinkToken(token, token.slice(1))).toBe(false)
  })
})
