import { describe, expect, it } from 'vitest'
import { applyCorrections, chooseCorrection, correctableWords, osaDistance } from './search-suggestion.ts'

describe('osaDistance', () => {
  it('counts a swap of neighbouring letters as one edit', () => {
    expect(osaDistance('lgeo', 'lego')).toBe(1)
    expect(osaDistance('dinosuar', 'dinosaur')).toBe(1)
    expect(osaDistance('jigsw', 'jigsaw')).toBe(1)
    expect(osaDistance('kitten', 'sitting')).toBe(3)
    expect(osaDistance('same', 'same')).toBe(0)
  })
  it('stops past the limit', () => {
    expect(osaDistance('abcdef', 'uvwxyz', 2)).toBe(3)
    expect(osaDistance('a', 'abcd', 1)).toBe(2)
  })
})

describe('chooseCorrection', () => {
  it('takes the nearest word, then the one in more titles (issue 26: "lgeo" -> lego)', () => {
    const vocabulary = [
      { word: 'geo', ndoc: 3 },
      { word: 'lego', ndoc: 164 },
      { word: 'led', ndoc: 26 },
    ]
    expect(chooseCorrection('lgeo', vocabulary)).toBe('lego')
    expect(
      chooseCorrection('dinosuar', [
        { word: 'dinos', ndoc: 11 },
        { word: 'dinosaur', ndoc: 55 },
        { word: 'dinosaurs', ndoc: 14 },
      ]),
    ).toBe('dinosaur')
  })
  it('offers nothing for a known word or one too far from every candidate', () => {
    expect(chooseCorrection('lego', [{ word: 'lego', ndoc: 1 }])).toBeNull()
    expect(chooseCorrection('xyzzy', [{ word: 'lego', ndoc: 164 }])).toBeNull()
  })
})

describe('correctableWords and applyCorrections', () => {
  it('replaces whole words and says null when nothing changed', () => {
    expect(correctableWords('Lgeo  STAR wars 10')).toEqual(['lgeo', 'star', 'wars'])
    expect(applyCorrections('Lgeo star wars', new Map([['lgeo', 'lego']]))).toBe('lego star wars')
    expect(applyCorrections('lego', new Map())).toBeNull()
  })
})
