import { describe, expect, it } from 'vitest'
import {
  giftFallbackLine,
  giftQuestionAge,
  giftQuestionLine,
  giftQuestionWords,
  parseGiftQuestion,
} from './gift-question.ts'

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

describe('gift questions that describe the person (issue 43 §3)', () => {
  it('reads a teenager as the youngest teen, and keeps only the gift words', () => {
    const question = parseGiftQuestion('something for a teenage boy who loves football')!
    expect(question).toMatchObject({ age: 13, relationshipWord: 'teenager', relationship: null })
    expect(giftQuestionLine(question)).toBe('Showing gifts for a teenager')
    expect(giftQuestionWords('something for a teenage boy who loves football')).toBe('football')
  })
  it('reads "a present for a runner" as a question about running, which it does not search for', () => {
    const question = parseGiftQuestion('present for a runner')!
    expect(question.hobby).toBe('running')
    expect(giftQuestionWords('present for a runner')).toBe('')
    expect(giftFallbackLine(question, '')).toBe('Nothing in the catalog is for running. Showing popular gifts')
    expect(giftFallbackLine(parseGiftQuestion('gift for grandad who likes kayaks under £20')!, 'kayaks')).toBe(
      'Nothing in the catalog matches “kayaks”. Showing popular gifts for a grandad, under £20',
    )
  })
  it('still leaves plain searches alone', () => {
    expect(parseGiftQuestion('football')).toBeNull()
    expect(parseGiftQuestion('teenage mutant ninja turtles')).toBeNull()
  })
})
