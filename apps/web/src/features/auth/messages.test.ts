import { TRPCClientError } from '@trpc/client'
import { describe, expect, it } from 'vitest'
import { AUTH_TEXT, errorMessage, isEmailNotConfirmed, loginErrorMessage, registerErrorMessage } from './messages'

/** A failed call as the tRPC client reports it: the server's message and error code. */
function apiError(code: string, message: string) {
  return new TRPCClientError<never>(message, {
    result: { error: { code: -32600, message, data: { code, httpStatus: 400 } } } as never,
  })
}

const offline = () => new TRPCClientError<never>('Failed to fetch', { cause: new TypeError('Failed to fetch') })

describe('loginErrorMessage (spec browsing-and-purchase §8)', () => {
  it.each([
    'Invalid email or password',
    'Invalid credentials',
    'Incorrect password',
    'Wrong password',
    'Authentication failed',
    'Login failed',
  ])('"%s" becomes the invalid-credentials message', (message) => {
    expect(loginErrorMessage(apiError('UNAUTHORIZED', message))).toBe(AUTH_TEXT.invalidCredentials)
  })

  it('"User not found" and "Email not found" become the no-account message', () => {
    expect(loginErrorMessage(apiError('NOT_FOUND', 'User not found'))).toBe(AUTH_TEXT.noAccount)
    expect(loginErrorMessage(apiError('NOT_FOUND', 'Email not found'))).toBe(AUTH_TEXT.noAccount)
  })

  it('a lost connection becomes the connection message', () => {
    expect(loginErrorMessage(offline())).toBe(AUTH_TEXT.connectionError)
  })

  it('anything else shows the server message', () => {
    const message = 'Too many attempts. Please try again later.'
    expect(loginErrorMessage(apiError('TOO_MANY_REQUESTS', message))).toBe(message)
  })

  it('an internal error falls back to "Login failed", which reads as invalid credentials', () => {
    expect(loginErrorMessage(apiError('INTERNAL_SERVER_ERROR', 'Internal server error'))).toBe(
      AUTH_TEXT.invalidCredentials,
    )
  })

  it('knows an unconfirmed email by its 403', () => {
    expect(isEmailNotConfirmed(apiError('FORBIDDEN', 'Please confirm your email address'))).toBe(true)
    expect(isEmailNotConfirmed(apiError('UNAUTHORIZED', 'Invalid email or password'))).toBe(false)
  })
})

describe('registerErrorMessage (spec browsing-and-purchase §8)', () => {
  it.each([
    'An account with this email address already exists',
    'Email already registered',
    'This email is already in use',
    'duplicate key value violates unique constraint',
  ])('"%s" becomes the email-exists message', (message) => {
    expect(registerErrorMessage(apiError('CONFLICT', message))).toBe(AUTH_TEXT.emailExists)
  })

  it('otherwise the server message, else "Registration failed"', () => {
    expect(registerErrorMessage(apiError('BAD_REQUEST', 'Please enter a valid email'))).toBe(
      'Please enter a valid email',
    )
    expect(registerErrorMessage(apiError('INTERNAL_SERVER_ERROR', 'Internal server error'))).toBe('Registration failed')
  })
})

describe('errorMessage', () => {
  it('words a lost connection and keeps server messages', () => {
    expect(errorMessage(offline(), 'Failed to change password')).toBe(AUTH_TEXT.connectionError)
    expect(errorMessage(apiError('BAD_REQUEST', 'Current password is incorrect'), 'x')).toBe(
      'Current password is incorrect',
    )
    expect(errorMessage(new Error('boom'), 'Failed to change password')).toBe('Failed to change password')
  })
})
