import { z } from 'zod'
import { personContext } from './context.ts'
import { plainInterest } from './reasoning.ts'
import type { OccasionInput, ProfileInput, Recommendation } from './types.ts'

/**
 * The optional LLM re-ranking, its pure half (issue 12): the prompt sent to an OpenAI-compatible
 * chat-completions endpoint and the validation of its answer. The model sees the engine's top
 * candidates and a profile summary and may only reorder those candidates and rewrite their
 * reasoning; anything else in its answer is dropped. The network call lives in the server
 * (packages/api services/recommendations/llm-rerank.ts).
 */

export interface LlmPrompts {
  system: string
  user: string
}

/** A plain-text summary of what the profile says, for the model (no contact details or notes). */
export function profileSummary(profile: ProfileInput, occasion: OccasionInput, today: string): string {
  const context = personContext(profile, occasion, today)
  const lines = [`Name: ${profile.name}`]
  if (context.age !== null && context.ageSource === 'dateOfBirth') lines.push(`Age for this occasion: ${context.age}`)
  if (context.ageSource === 'occasion') lines.push('The present is for a baby.')
  if (profile.relationship) lines.push(`Relationship to the shopper: ${profile.relationship.name}`)
  if (profile.gender) lines.push(`Gender (as given in the profile): ${profile.gender}`)
  const loves = profile.interests.filter((i) => i.love).map((i) => plainInterest(i.name))
  const likes = profile.interests.filter((i) => !i.love).map((i) => plainInterest(i.name))
  if (loves.length) lines.push(`Loves: ${loves.join('; ')}`)
  if (likes.length) lines.push(`Likes: ${likes.join('; ')}`)
  if (profile.selections.length) lines.push(`Profile: ${profile.selections.map((s) => s.option).join('; ')}`)
  if (profile.giftPreferences.length)
    lines.push(`Gift preferences: ${profile.giftPreferences.map((g) => `${g.group}: ${g.option}`).join('; ')}`)
  if (profile.likes.length)
    lines.push(
      `Products the shopper liked for them: ${profile.likes
        .slice(0, 5)
        .map((l) => l.title)
        .join('; ')}`,
    )
  if (context.repeats.length)
    lines.push(`Bought for this occasion last year (do not repeat): ${context.repeats.map((r) => r.title).join('; ')}`)
  lines.push(`Occasion: ${occasion.label}`)
  lines.push(`Profile completeness: ${profile.completeness}%`)
  return lines.join('\n')
}

/** The messages sent to the model: fixed instructions, then the profile and the candidates. */
export function buildLlmPrompts(summary: string, candidates: readonly Recommendation[], count: number): LlmPrompts {
  const system = [
    'You help a UK gift shop choose gift categories for one person and occasion.',
    'You may only reorder the candidate categories you are given and rewrite their reasoning.',
    'Never add a category that is not in the list. Use each category id exactly as given.',
    'Reasoning: one or two plain British English sentences naming what in the profile points to the category.',
    `Answer with JSON only: {"recommendations":[{"category":"<id>","reasoning":"<text>"}]}, best first, at most ${count} items.`,
  ].join('\n')
  const list = candidates
    .map((c, i) => `${i + 1}. id: ${c.path}\n   name: ${c.category}\n   engine's reasoning: ${c.reasoning}`)
    .join('\n')
  const user = `Person:\n${summary}\n\nCandidates (engine's order):\n${list}\n\nChoose the best ${count}.`
  return { system, user }
}

/** What the model must answer (validated; extra fields are ignored). */
export const llmAnswerSchema = z.object({
  recommendations: z
    .array(
      z.object({
        category: z.string().min(1).max(500),
        reasoning: z.string().max(1000).optional(),
      }),
    )
    .max(50),
})

/** The JSON object in a model's reply (it may wrap it in prose or a ```json fence). */
export function extractJson(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text)
  const body = fenced?.[1] ?? text
  const start = body.indexOf('{')
  const end = body.lastIndexOf('}')
  if (start < 0 || end <= start) throw new Error('no JSON object in the reply')
  return JSON.parse(body.slice(start, end + 1)) as unknown
}

/**
 * Text the model wrote, kept only when it is plain text of sensible length (10 to `max`
 * characters, no control characters or angle brackets); whitespace runs become one space.
 */
export function cleanModelText(text: string | undefined, max = 400): string | null {
  const value = (text ?? '').replace(/\s+/g, ' ').trim()
  if (value.length < 10 || value.length > max) return null
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f<>]/.test(value)) return null
  return value
}

/**
 * Applies a model's answer to the engine's candidates: the categories it names (by id, or by
 * name, case-insensitively) in its order, each once, with its reasoning where usable; categories
 * it invents are dropped and listed; the engine's own order fills any places left.
 * @throws Error when the reply is not JSON of llmAnswerSchema's shape.
 */
export function applyLlmAnswer(
  reply: string,
  candidates: readonly Recommendation[],
  count: number,
): { recommendations: Recommendation[]; dropped: string[] } {
  const answer = llmAnswerSchema.parse(extractJson(reply))
  const byKey = new Map<string, Recommendation>()
  for (const c of candidates) {
    byKey.set(c.path.toLowerCase(), c)
    byKey.set(c.category.toLowerCase(), c)
  }
  const chosen: Recommendation[] = []
  const dropped: string[] = []
  for (const item of answer.recommendations) {
    const match = byKey.get(item.category.trim().toLowerCase())
    if (!match) {
      dropped.push(item.category)
      continue
    }
    if (chosen.some((c) => c.path === match.path)) continue
    const reasoning = cleanModelText(item.reasoning)
    chosen.push(reasoning ? { ...match, reasoning } : match)
    if (chosen.length >= count) break
  }
  for (const c of candidates) {
    if (chosen.length >= count) break
    if (!chosen.some((x) => x.path === c.path)) chosen.push(c)
  }
  return { recommendations: chosen, dropped }
}
