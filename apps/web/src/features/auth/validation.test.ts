import { describe, expect, it } from 'vitest'
import {
  currentPasswordRule,
  emailRule,
  forgotEmailRule,
  matches,
  newPasswordRule,
  passwordRule,
  resetPasswordRule,
  setPasswordRule,
} from './validation'

describe('form rules (spec browsing-and-purchase §5, account-area §5)', () => {
  it('login and register email', () => {
    expect(emailRule('')).toBe('Email is required')
    expect(emailRule('nope')).toBe('Please enter a valid email')
    expect(emailRule(' Someone@Example.com ')).toBeNull()
  })

  it('forgot-password email', () => {
    expect(forgotEmailRule('nope')).toBe('Please enter a valid email address')
    expect(forgotEmailRule('someone@example.com')).toBeNull()
  })

  it('login and register password: at least 6', () => {
    expect(passwordRule('')).toBe('Password is required')
    expect(passwordRule('12345')).toBe('Password must be at least 6 characters')
    expect(passwordRule('123456')).toBeNull()
  })

  it('reset password: 8 to 100 with upper, lower and a digit', () => {
    expect(resetPasswordRule('Short1')).toBe('Password must be at least 8 characters')
    expect(resetPasswordRule('alllowercase1')).toBe('Password must include uppercase, lowercase and a number')
    expect(resetPasswordRule('Good-pass1')).toBeNull()
    expect(resetPasswordRule(`Aa1${'x'.repeat(98)}`)).not.toBeNull()
  })

  it('set and change password', () => {
    expect(setPasswordRule('')).toBe('Password must be at least 6 characters')
    expect(setPasswordRule('123456')).toBeNull()
    expect(currentPasswordRule('')).toBe('Current password is required')
    expect(newPasswordRule('12345')).toBe('New password must be at least 6 characters')
  })

  it('confirmations must match', () => {
    const rule = matches<{ password: string; confirmPassword: string }>('password', 'Passwords do not match')
    expect(rule('a', { password: 'b', confirmPassword: 'a' })).toBe('Passwords do not match')
    expect(rule('b', { password: 'b', confirmPassword: 'b' })).toBeNull()
  })
})
