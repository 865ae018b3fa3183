import { describe, expect, it } from 'vitest'
import { LineByNumber, LineByString } from './seen-keys.ts'

describe('LineByNumber and LineByString (issue 24: compact duplicate checks)', () => {
  it('keep the first line of each key, exactly, through many growths', () => {
    const numbers = new LineByNumber()
    const strings = new LineByString()
    const reference = new Map<string, number>()
    const referenceNumbers = new Map<number, number>()
    for (let line = 2; line < 60_000; line++) {
      // Repeats every 7th key, and keys that differ in one character or only in length.
      const n = line % 7 === 0 ? line - 5 : line
      const id = line % 11 === 0 ? `SKU-${line - 3}` : `SKU-${line}${line % 2 ? 'é' : ''}`
      const key = 1_000_000_000 + n * 104_729
      if (numbers.get(key) === undefined) numbers.set(key, line)
      if (strings.get(id) === undefined) strings.set(id, line)
      if (!reference.has(id)) reference.set(id, line)
      if (!referenceNumbers.has(key)) referenceNumbers.set(key, line)
    }
    for (const [id, line] of reference) expect(strings.get(id)).toBe(line)
    expect(strings.size).toBe(reference.size)
    expect(strings.get('SKU-')).toBeUndefined()
    expect(strings.get('SKU-100é')).toBeUndefined()
    for (const [key, line] of referenceNumbers) expect(numbers.get(key)).toBe(line)
    expect(numbers.size).toBe(referenceNumbers.size)
    expect(numbers.size).toBeLessThan(60_000 - 2)
    expect(numbers.get(9_999_999_999)).toBeUndefined()
  })

  it('takes 0 (an affiliate id of "00000") and refuses what is not a non-negative safe integer', () => {
    const numbers = new LineByNumber()
    numbers.set(0, 4)
    numbers.set(0, 9)
    expect(numbers.get(0)).toBe(4)
    expect(numbers.size).toBe(1)
    expect(() => numbers.set(-1, 1)).toThrow(RangeError)
    expect(() => numbers.set(2 ** 53, 1)).toThrow(RangeError)
    expect(() => numbers.set(1.5, 1)).toThrow(RangeError)
  })
})
