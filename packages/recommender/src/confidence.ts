import { SIGNALS } from './weights.ts'
import type { SignalKey } from './types.ts'

/** The shape of the confidence curve (docs/decisions/recommendations.md "Confidence"). */
export const CONFIDENCE = {
  /** Where a category with no evidence about the person starts. */
  base: 0.12,
  /** What evidence can add, approached as 1 - exp(-evidence / scale). */
  evidenceShare: 0.58,
  evidenceScale: 1.5,
  /** What a complete profile adds (completeness 0..1). */
  completenessShare: 0.15,
  /** Per agreeing independent signal family (strength >= agreeAt), up to maxAgreeing. */
  perAgreeing: 0.02,
  agreeAt: 0.3,
  maxAgreeing: 5,
  min: 0.05,
  max: 0.95,
} as const

/** A family's strength 0..1: its contribution against what counts as full (SIGNALS fullAt). */
export function signalStrength(key: SignalKey, contribution: number): number {
  const { fullAt } = SIGNALS[key]
  return Math.min(1, Math.max(0, contribution / fullAt))
}

/**
 * Confidence of one answer as a whole percentage (spec account-area §3 "confidence (percent)"):
 * evidence = Σ over signal families of SIGNALS[k].evidence × strength, so independent signals
 * that agree add up (an interest, a like and the age together beat any one of them); the
 * profile's completeness lifts it; a poor budget fit or a partly avoided range lowers it.
 * A name-only profile, where only the occasion and the catalog speak, lands near 25-35%.
 *
 * @param signals weighted contributions of the answer's category (score.ts).
 * @param completeness profile completeness 0..100.
 * @param fit product of the budget and avoid factors (0..1).
 */
export function confidencePercent(
  signals: Partial<Record<SignalKey, number>>,
  completeness: number,
  fit: number,
): number {
  let evidence = 0
  let agreeing = 0
  for (const [key, contribution] of Object.entries(signals) as [SignalKey, number][]) {
    const strength = signalStrength(key, contribution)
    evidence += SIGNALS[key].evidence * strength
    if (SIGNALS[key].evidence > 0 && strength >= CONFIDENCE.agreeAt) agreeing += 1
  }
  const c = CONFIDENCE
  const value =
    (c.base +
      c.evidenceShare * (1 - Math.exp(-evidence / c.evidenceScale)) +
      c.completenessShare * (completeness / 100) +
      c.perAgreeing * Math.min(agreeing, c.maxAgreeing)) *
    Math.sqrt(Math.min(1, Math.max(0, fit)))
  return Math.round(100 * Math.min(c.max, Math.max(c.min, value)))
}

/**
 * The signal families behind an answer, strongest first: those that count as evidence
 * (SIGNALS evidence > 0) with a strength (contribution against fullAt) of at least
 * `CONFIDENCE.agreeAt`, the same families confidencePercent counts as agreeing. The web app
 * shows them under the confidence bar (issue 12: "a confidence bar and the signals behind it").
 */
export function evidenceSignals(signals: Partial<Record<SignalKey, number>>): SignalKey[] {
  return (Object.entries(signals) as [SignalKey, number][])
    .filter(
      ([key, contribution]) => SIGNALS[key].evidence > 0 && signalStrength(key, contribution) >= CONFIDENCE.agreeAt,
    )
    .sort((a, b) => signalStrength(b[0], b[1]) - signalStrength(a[0], a[1]))
    .map(([key]) => key)
}
