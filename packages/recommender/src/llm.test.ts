import { describe, expect, it } from 'vitest'
import { applyLlmAnswer, buildLlmPrompts, extractJson, profileSummary } from './llm.ts'
import { recommend } from './engine.ts'
import { OCCASIONS, profile, testCatalog, TODAY } from './testing/catalog.ts'

const sam = profile({
  dateOfBirth: '2015-02-01',
  relationship: { name: 'Grandson', type: 'Family' },
  interests: [{ name: 'Card Games', love: true, targets: [{ path: 'Games::Card Games', weight: 1 }] }],
})
const candidates = recommend(sam, OCCASIONS.christmas, testCatalog(), { count: 5, today: TODAY }).recommendations

describe('the LLM prompt', () => {
  it('summarises the profile and lists the candidates by id, asking for JSON only', () => {
    const summary = profileSummary(sam, OCCASIONS.christmas, TODAY)
    expect(summary).toContain('Name: Sam')
    expect(summary).toContain('Age for this occasion: 10')
    expect(summary).toContain('Loves: card games')
    const prompts = buildLlmPrompts(summary, candidates, 3)
    expect(prompts.system).toContain('only reorder')
    for (const c of candidates) expect(prompts.user).toContain(`id: ${c.path}`)
  })
})

describe('applyLlmAnswer', () => {
  const [a, b, c] = candidates as [(typeof candidates)[0], (typeof candidates)[0], (typeof candidates)[0]]
  const reply = (items: unknown[]) => JSON.stringify({ recommendations: items })

  it('honours the new order and the rewritten reasoning', () => {
    const { recommendations } = applyLlmAnswer(
      reply([
        { category: c.path, reasoning: 'A new reason that is long enough.' },
        { category: a.path, reasoning: 'Another reason that is long enough.' },
        { category: b.path },
      ]),
      candidates,
      3,
    )
    expect(recommendations.map((r) => r.path)).toEqual([c.path, a.path, b.path])
    expect(recommendations[0]!.reasoning).toBe('A new reason that is long enough.')
    expect(recommendations[2]!.reasoning).toBe(b.reasoning)
    expect(recommendations[0]!.confidence).toBe(c.confidence)
  })

  it('drops invented categories and fills the places left in the engine order', () => {
    const { recommendations, dropped } = applyLlmAnswer(
      '```json\n' +
        reply([{ category: 'Luxury Watches', reasoning: 'Not in the list at all, sadly.' }, { category: b.category }]) +
        '\n```',
      candidates,
      3,
    )
    expect(dropped).toEqual(['Luxury Watches'])
    expect(recommendations.map((r) => r.path)).toEqual([b.path, a.path, c.path])
  })

  it('refuses what is not the expected JSON', () => {
    expect(() => applyLlmAnswer('I would suggest chess.', candidates, 3)).toThrow()
    expect(() => applyLlmAnswer(JSON.stringify({ picks: [] }), candidates, 3)).toThrow()
    expect(() => extractJson('{not json}')).toThrow()
  })

  it('keeps the engine reasoning when the model writes markup or nothing useful', () => {
    const { recommendations } = applyLlmAnswer(
      reply([{ category: a.path, reasoning: '<script>alert(1)</script> hello there' }]),
      candidates,
      1,
    )
    expect(recommendations[0]!.reasoning).toBe(a.reasoning)
  })
})
