import { describe, expect, it } from 'vitest'
import { splitVariantName, trigramSimilarity } from './variant-names.ts'

describe('splitVariantName (real catalog titles)', () => {
  it('removes colours', () => {
    const red = splitVariantName('Red 7mm D6 Opaque x25 Dice')
    const blue = splitVariantName('Blue 7mm D6 Opaque x25 Dice')
    expect(red.base).toBe(blue.base)
    expect(red).toMatchObject({ value: 'Red 7mm', type: 'size/colour' })
  })
  it('removes measurements', () => {
    expect(splitVariantName('Monchhichi 45 cm Classic Boy')).toEqual({
      base: 'monchhichi classic boy',
      value: '45 cm',
      type: 'size',
    })
    expect(splitVariantName('Monchhichi 80 cm Classic Boy').base).toBe('monchhichi classic boy')
  })
  it('uses feed attributes (Awin Fashion:size and colour)', () => {
    const parts = splitVariantName('Wunder Under High-Rise Leggings 25"', { size: '18', colour: 'Black' })
    expect(parts.base).toBe('wunder under high rise leggings 25')
    expect(parts.value).toBe('Black 18')
  })
  it('leaves titles without variant words alone', () => {
    expect(splitVariantName('Hornby 2014 Catalogue')).toEqual({ base: 'hornby 2014 catalogue', value: '', type: null })
  })
})

describe('trigramSimilarity', () => {
  it('is 1 for equal strings and lower for different ones', () => {
    expect(trigramSimilarity('Hornby', 'hornby')).toBe(1)
    const s = trigramSimilarity('Red 7mm D6 Dice', 'Blue 7mm D6 Dice')
    expect(s).toBeGreaterThan(0.3)
    expect(s).toBeLessThan(1)
  })
})
