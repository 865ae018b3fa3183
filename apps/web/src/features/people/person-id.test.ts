import { describe, expect, it } from 'vitest'
import { parsePersonId } from './person-id'

describe('parsePersonId', () => {
  it('takes whole numbers 1..2^31-1', () => {
    expect(parsePersonId('1')).toBe(1)
    expect(parsePersonId('2147483647')).toBe(2147483647)
  })
  it('refuses anything else', () => {
    for (const raw of ['0', '-1', '1.5', '1e3', '', ' 1', 'abc', '2147483648', '99999999999', '０１']) {
      expect(parsePersonId(raw)).toBeNull()
    }
  })
})
