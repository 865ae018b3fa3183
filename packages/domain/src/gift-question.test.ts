import { describe, expect, it } from 'vitest'
import { giftQuestionAge, giftQuestionLine, giftQuestionWords, parseGiftQuestion } from './gift-question.ts'

describe('parseGiftQuestion (issue 26)', () => {
  it('reads "gift for grandad under £20"', () => {
    const q = parseGiftQuestion('gift for grandad under £20')
    expect(q).toEqual({
      relationship: 'Grandfather',
      relationshipWord: 'grandad',
      age: null,
      occasion: null,
      maxPrice: 20,
    })
    expect(giftQuestionLine(q!)).toBe('Showing gifts for a grandad, under £20')
  })
  it('reads "christmas present for a 9 year old"', () => {
    const q = parseGiftQuestion('Christmas present for a 9 year old')
    expect(q).toEqual({ relationship: null, relationshipWord: null, age: 9, occasion: 'christmas', maxPrice: null })
    expect(giftQuestionLine(q!)).toBe('Showing christmas gifts for a 9 year old')
  })
  it('reads other spellings of price and age', () => {
    expect(parseGiftQuestion('birthday ideas for mum below 15 pounds')).toMatchObject({
      relationship: 'Mother',
      occasion: 'birthday',
      maxPrice: 15,
    })
    expect(parseGiftQuestion('present for nephew aged 7')).toMatchObject({ relationship: 'Nephew', age: 7 })
  })
  it('is null for a plain product search', () => {
    expect(parseGiftQuestion('lego star wars')).toBeNull()
    expect(parseGiftQuestion('baking set')).toBeNull()
    expect(parseGiftQuestion('gift')).toBeNull()
  })
})

describe('giftQuestionWords and giftQuestionAge (issue 26)', () => {
  it('keeps only the words about the gift itself', () => {
    expect(giftQuestionWords('gift for grandad under £20')).toBe('')
    expect(giftQuestionWords('Christmas present for a 9 year old')).toBe('')
    expect(giftQuestionWords('gift for grandad who likes fishing under £20')).toBe('fishing')
    expect(giftQuestionWords('lego gift for a nephew aged 7 below 30 pounds')).toBe('lego')
  })
  it('holds age ranges against the age said, or a grown-up for an adult relationship', () => {
    expect(giftQuestionAge(parseGiftQuestion('christmas present for a 9 year old')!)).toBe(9)
    expect(giftQuestionAge(parseGiftQuestion('gift for grandad under £20')!)).toBe(18)
    expect(giftQuestionAge(parseGiftQuestion('present for my nephew')!)).toBeNull()
  })
})
