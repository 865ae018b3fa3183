import { describe, expect, it } from 'vitest'
import { TRPCClientError } from '@trpc/client'
import { apiErrorMessage, RESPONSE_MESSAGES } from './api-errors'

/** The error the tRPC client throws when it cannot parse an answer's body. */
function parseFailure(body: string): TRPCClientError<never> {
  let cause: unknown
  try {
    JSON.parse(body)
  } catch (error) {
    cause = error
  }
  return TRPCClientError.from(cause as Error)
}

describe('apiErrorMessage (spec browsing-and-purchase §8)', () => {
  it('says an empty body was received', () => {
    expect(apiErrorMessage(parseFailure(''), 'Failed to fetch products')).toBe(RESPONSE_MESSAGES.empty)
  })

  it('says the format is invalid for a body that is not JSON', () => {
    expect(apiErrorMessage(parseFailure('<html>Bad gateway</html>'), 'Failed to fetch products')).toBe(
      RESPONSE_MESSAGES.invalid,
    )
  })

  it('keeps the fallback for other failures', () => {
    expect(apiErrorMessage(new TypeError('Failed to fetch'), 'Failed to fetch products')).toBe(
      'Failed to fetch products',
    )
    expect(apiErrorMessage(TRPCClientError.from(new Error('socket hang up')), 'Failed to fetch promo')).toBe(
      'Failed to fetch promo',
    )
  })
})
