import { describe, expect, it } from 'vitest'
import { associationLabel } from './association-label'

const names = { people: new Map([[1, 'Mum']]), occasions: new Map([[2, 'Birthday']]) }

describe('associationLabel', () => {
  it('names the person and the occasion, either or both', () => {
    expect(associationLabel({ personId: 1, occasionId: 2 }, names)).toBe('Mum · Birthday')
    expect(associationLabel({ personId: 1, occasionId: null }, names)).toBe('Mum')
    expect(associationLabel({ personId: null, occasionId: 2 }, names)).toBe('Birthday')
  })

  it('has a stand-in for ids not loaded yet', () => {
    expect(associationLabel({ personId: 9, occasionId: 8 }, names)).toBe('Someone · An occasion')
  })
})
