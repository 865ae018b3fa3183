import { describe, expect, it } from 'vitest'
import { applyPickLlmAnswer, buildPickLlmPrompts } from './llm-picks.ts'
import type { PickProduct, ProductPick } from './types.ts'

function pick(id: number, title: string, price: number, reason: string): ProductPick {
  const product: PickProduct = {
    id,
    awProductId: 5000 + id,
    title,
    description: null,
    price,
    imageUrl: null,
    brand: null,
    merchant: 'Amazon UK',
    rating: 4.8,
    reviewCount: 1200,
    productUrl: `/product/${id}`,
    path: 'Hobbies::Model Trains & Railway Sets',
    variantGroupId: null,
    variantSecondary: false,
    disabled: false,
    hidden: false,
    inStock: null,
  }
  return {
    product,
    category: {
      name: 'Model Trains & Railway Sets',
      url: '/products/hobbies/model-trains-railway-sets',
      path: product.path!,
    },
    reason,
    score: 1 - id / 100,
    signals: ['interest'],
    personal: true,
  }
}

const picks = [
  pick(
    11,
    'Hornby Flying Scotsman Train Set',
    29.99,
    'Loves model railways; 4.8 stars from 1,200 reviews; within your £30.',
  ),
  pick(12, 'Ravensburger Steam Railway Jigsaw', 14.99, 'For his love of jigsaws and railways.'),
  pick(13, 'Peco Railway Grass Scenery Pack', 12.99, 'Scenery for a model railway he will enjoy building.'),
]
const reply = (items: unknown[]) => JSON.stringify({ picks: items })

describe('the picks LLM prompt (issue 20)', () => {
  it('lists every pick by id with its title, price and reason, the budget, and asks for JSON only', () => {
    const prompts = buildPickLlmPrompts('Name: Dad\nLoves: model railways', picks, { max: 30, source: 'query' })
    expect(prompts.system).toContain('only reorder')
    expect(prompts.system).toContain('JSON only')
    for (const p of picks) {
      expect(prompts.user).toContain(`id: ${p.product.id}`)
      expect(prompts.user).toContain(p.product.title)
      expect(prompts.user).toContain(p.reason)
    }
    expect(prompts.user).toContain('£29.99')
    expect(prompts.user).toContain('at most £30 each')
    expect(prompts.user).toContain('Name: Dad')
    expect(buildPickLlmPrompts('Name: Dad', picks, { max: null, source: 'none' }).user).toContain('no budget given')
  })
})

describe('applyPickLlmAnswer (issue 20)', () => {
  it("takes the model's order and its reasons, and keeps every pick", () => {
    const {
      picks: answer,
      dropped,
      reworded,
    } = applyPickLlmAnswer(
      reply([
        { id: 13, reason: 'He can landscape the layout he already loves building.' },
        { id: '11', reason: 'The classic Flying Scotsman, rated 4.8 stars by 1,200 reviewers, within £30.' },
        { id: 12 },
      ]),
      picks,
    )
    expect(answer.map((p) => p.product.id)).toEqual([13, 11, 12])
    expect(answer[0]!.reason).toBe('He can landscape the layout he already loves building.')
    expect(answer[1]!.reason).toContain('4.8 stars')
    expect(answer[2]!.reason).toBe(picks[1]!.reason)
    expect(answer[0]!.score).toBe(picks[2]!.score)
    expect(dropped).toEqual([])
    expect(reworded).toBe(2)
  })

  it('drops products it invents, ignores repeats, and puts the picks it left out after, in the engine order', () => {
    const { picks: answer, dropped } = applyPickLlmAnswer(
      '```json\n' + reply([{ id: 99, reason: 'A lovely watch he never asked for.' }, { id: 12 }, { id: 12 }]) + '\n```',
      picks,
    )
    expect(dropped).toEqual(['99'])
    expect(answer.map((p) => p.product.id)).toEqual([12, 11, 13])
  })

  it('keeps the engine reason when the new one states a number the engine did not, or is not plain text', () => {
    const { picks: answer, reworded } = applyPickLlmAnswer(
      reply([
        { id: 11, reason: 'Rated 5 stars by 10,000 happy buyers.' },
        { id: 12, reason: 'Only £9.99 today, a bargain for him.' },
        { id: 13, reason: '<b>Great</b> for his layout, he will love it.' },
      ]),
      picks,
    )
    expect(answer.map((p) => p.reason)).toEqual(picks.map((p) => p.reason))
    expect(reworded).toBe(0)
    const tooShort = applyPickLlmAnswer(reply([{ id: 11, reason: 'Nice.' }]), picks)
    expect(tooShort.picks[0]!.reason).toBe(picks[0]!.reason)
    const tooLong = applyPickLlmAnswer(reply([{ id: 11, reason: 'Lovely '.repeat(40) }]), picks)
    expect(tooLong.picks[0]!.reason).toBe(picks[0]!.reason)
  })

  it('refuses what is not the expected JSON', () => {
    expect(() => applyPickLlmAnswer('I would suggest the train set.', picks)).toThrow()
    expect(() => applyPickLlmAnswer(JSON.stringify({ recommendations: [] }), picks)).toThrow()
    expect(() => applyPickLlmAnswer(reply([{ id: 'eleven' }]), picks)).toThrow()
  })
})
