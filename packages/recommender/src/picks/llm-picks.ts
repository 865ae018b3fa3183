import { z } from 'zod'
import { cleanModelText, extractJson, type LlmPrompts } from '../llm.ts'
import { pounds } from './pick-reason.ts'
import type { PickBudget, ProductPick } from './types.ts'

/**
 * The optional LLM pass over the gift picks, its pure half (issue 20: "an optional LLM may only
 * reorder the picks and reword reasons, as it does for categories"). The model sees the profile
 * summary (profileSummary, as for categories) and the engine's picks; its answer may change their
 * order and their reasons, nothing else: the products, their number, the budget and the diversity
 * of the set are the engine's. The network call lives in packages/api (services/picks).
 */

/** A reason the model rewrote is kept only up to this length (characters). */
export const PICK_REASON_MAX = 200

/** The messages sent to the model: fixed instructions, then the person and the picks. */
export function buildPickLlmPrompts(summary: string, picks: readonly ProductPick[], budget: PickBudget): LlmPrompts {
  const system = [
    'You help a UK gift shop present gift ideas for one person and occasion.',
    'You may only reorder the products you are given and rewrite their reasons.',
    'Never add or remove a product. Use each product id exactly as given.',
    "Reason: one plain British English sentence (under 200 characters) saying why the product suits this person, from the profile and the engine's reason.",
    "Do not state any number (price, rating, reviews, age) that is not in the engine's reason for that product.",
    'Answer with JSON only: {"picks":[{"id":<product id>,"reason":"<text>"}]}, best first, every product once.',
  ].join('\n')
  const list = picks
    .map(
      (pick, i) =>
        `${i + 1}. id: ${pick.product.id}\n   title: ${pick.product.title}\n   category: ${pick.category.name}\n   price: ${pounds(pick.product.price)}\n   engine's reason: ${pick.reason}`,
    )
    .join('\n')
  const within = budget.max === null ? 'no budget given' : `at most ${pounds(budget.max)} each`
  const user = `Person:\n${summary}\n\nBudget: ${within}\n\nProducts (engine's order):\n${list}\n\nOrder all ${picks.length} best first.`
  return { system, user }
}

/** What the model must answer (validated; extra fields are ignored). */
export const pickLlmAnswerSchema = z.object({
  picks: z
    .array(
      z.object({
        id: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]),
        reason: z.string().max(1000).optional(),
      }),
    )
    .max(100),
})

/** The numbers a text states ("4.8", "1,200", "£30" -> "4.8", "1200", "30"). */
function numbersIn(text: string): Set<string> {
  return new Set([...text.matchAll(/\d[\d,]*(?:\.\d+)?/g)].map((m) => m[0].replace(/,/g, '')))
}

/**
 * A reason the model rewrote for `pick`, or null to keep the engine's: plain text of 10 to
 * PICK_REASON_MAX characters (cleanModelText) stating no number the engine's reason does not
 * (no invented price, rating, review count or age).
 */
function acceptedReason(text: string | undefined, pick: ProductPick): string | null {
  const reason = cleanModelText(text, PICK_REASON_MAX)
  if (!reason) return null
  const known = numbersIn(pick.reason)
  for (const n of numbersIn(reason)) if (!known.has(n)) return null
  return reason
}

/**
 * Applies a model's answer to the engine's picks: the picks it names (by product id) in its
 * order, each once, with its reason where acceptedReason keeps it; ids that are not among the
 * picks are dropped and listed; picks it leaves out follow in the engine's order. The answer
 * always holds exactly the engine's picks.
 * @throws Error when the reply is not JSON of pickLlmAnswerSchema's shape.
 */
export function applyPickLlmAnswer(
  reply: string,
  picks: readonly ProductPick[],
): { picks: ProductPick[]; dropped: string[]; reworded: number } {
  const answer = pickLlmAnswerSchema.parse(extractJson(reply))
  const byId = new Map(picks.map((pick) => [pick.product.id, pick]))
  const chosen: ProductPick[] = []
  const seen = new Set<number>()
  const dropped: string[] = []
  let reworded = 0
  for (const item of answer.picks) {
    const pick = byId.get(item.id)
    if (!pick) {
      dropped.push(String(item.id))
      continue
    }
    if (seen.has(item.id)) continue
    seen.add(item.id)
    const reason = acceptedReason(item.reason, pick)
    if (reason && reason !== pick.reason) reworded += 1
    chosen.push(reason ? { ...pick, reason } : pick)
  }
  for (const pick of picks) if (!seen.has(pick.product.id)) chosen.push(pick)
  return { picks: chosen, dropped, reworded }
}
