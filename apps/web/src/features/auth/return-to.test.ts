import { describe, expect, it } from 'vitest'
import { safeReturnPath } from './return-to'

describe('safeReturnPath (issue 26)', () => {
  it('keeps paths of the shop and refuses anything that could leave it', () => {
    expect(safeReturnPath('/product/123?person=4&occasion=2')).toBe('/product/123?person=4&occasion=2')
    expect(safeReturnPath('/my-account/liked-products')).toBe('/my-account/liked-products')
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '',
      7,
      null,
      '/a\nb',
    ]) {
      expect(safeReturnPath(bad)).toBeUndefined()
    }
  })
})
