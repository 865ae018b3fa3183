import { describe, expect, it } from 'vitest'
import type { LinkPreview } from '@presently/domain'
import { draftFromPreview, draftOf, itemFields } from './item-form'

const preview: LinkPreview = {
  url: 'https://shop.test/p/1',
  status: 'product',
  message: null,
  title: 'Hemsby Oak Bookcase',
  image: '/api/link-previews/images/0123456789abcdef0123456789abcdef',
  imageId: '0123456789abcdef0123456789abcdef',
  price: 1299.99,
  otherPrice: null,
  availability: 'in_stock',
  shopName: 'Hartley & Co',
  readAt: '2026-11-28T20:00:00.000Z',
  catalogProduct: null,
}

describe('draftFromPreview (issue 38)', () => {
  it('fills an empty form: title, price, picture', () => {
    const draft = draftFromPreview({ ...draftOf(), link: preview.url }, preview)
    expect(draft).toMatchObject({ title: 'Hemsby Oak Bookcase', price: '1299.99', imageId: preview.imageId })
    expect(itemFields(draft, false)).toMatchObject({ price: 1299.99, imageId: preview.imageId, otherPrice: null })
  })

  it('never replaces what the user typed, but replaces an earlier preview', () => {
    const typed = draftFromPreview({ ...draftOf(), title: 'Bookcase for Mum', price: '1000' }, preview)
    expect(typed).toMatchObject({ title: 'Bookcase for Mum', price: '1000' })
    const first = draftFromPreview(draftOf(), preview)
    const second = draftFromPreview(first, {
      ...preview,
      title: 'Trail Runner',
      price: null,
      otherPrice: { amount: 89, currency: 'USD' },
    })
    expect(second).toMatchObject({ title: 'Trail Runner', price: '', otherPrice: { amount: 89, currency: 'USD' } })
    expect(itemFields(second, false)).toMatchObject({ price: null, otherPrice: { amount: 89, currency: 'USD' } })
  })

  it('a typed £ price replaces a price in another currency', () => {
    const draft = draftFromPreview(draftOf(), { ...preview, price: null, otherPrice: { amount: 89, currency: 'USD' } })
    expect(itemFields({ ...draft, price: '70' }, false)).toMatchObject({ price: 70, otherPrice: null })
  })
})
