import { describe, expect, it } from 'vitest'
import { shareDestination, sharedSearchTerm } from './share-target'

describe('sharedSearchTerm', () => {
  it('prefers the title, without URLs and extra spaces', () => {
    expect(
      sharedSearchTerm({ title: '  LEGO  Castle https://x.test/a ', text: 'other', url: 'https://x.test/b' }),
    ).toBe('LEGO Castle')
  })

  it('falls back to the text without its link', () => {
    expect(sharedSearchTerm({ text: 'Look at this Hornby train set https://shop.test/p/1' })).toBe(
      'Look at this Hornby train set',
    )
  })

  it('reads the last path segment of a bare link', () => {
    expect(sharedSearchTerm({ url: 'https://shop.test/products/wooden-toy_train.html?ref=1' })).toBe('wooden toy train')
    expect(sharedSearchTerm({ text: 'https://shop.test/p/knitted%20scarf' })).toBe('knitted scarf')
  })

  it('answers empty for nothing readable or a broken URL', () => {
    expect(sharedSearchTerm({})).toBe('')
    expect(sharedSearchTerm({ url: 'not a url' })).toBe('')
    expect(sharedSearchTerm({ url: 'https://shop.test/' })).toBe('')
  })

  it('keeps at most 200 characters', () => {
    expect(sharedSearchTerm({ title: 'a'.repeat(500) })).toHaveLength(200)
  })
})

describe('shareDestination', () => {
  it('opens a search for shared text without a link', () => {
    expect(shareDestination({ title: 'Garden gnome' })).toEqual({ to: '/search', search: { q: 'Garden gnome' } })
    expect(shareDestination({ text: 'wooden train set' })).toEqual({ to: '/search', search: { q: 'wooden train set' } })
  })

  it('opens "Add to a wish list" with a shared link (issue 38), from url or from the text', () => {
    expect(shareDestination({ url: 'https://shop.test/p/1', title: ' Oak  bookcase ' })).toEqual({
      to: '/my-account/lists/add',
      search: { url: 'https://shop.test/p/1', title: 'Oak bookcase' },
    })
    expect(shareDestination({ text: 'Look at this https://shop.test/p/2?colour=red' })).toEqual({
      to: '/my-account/lists/add',
      search: { url: 'https://shop.test/p/2?colour=red' },
    })
  })

  it('never takes a link that is not http or https', () => {
    expect(shareDestination({ url: 'javascript:alert(1)', title: 'x' })).toEqual({ to: '/search', search: { q: 'x' } })
    expect(shareDestination({ url: 'not a url' })).toEqual({ to: '/', search: {} })
  })
})
