// No zod here: the web app's home block imports this (docs/decisions/web-bundle.md).

/** Answers per call: 1..10, 3 when not given (spec account-area §7, §9 "Recommendation count 3"). */
export const RECOMMENDATION_COUNT = { min: 1, max: 10, default: 3 } as const
