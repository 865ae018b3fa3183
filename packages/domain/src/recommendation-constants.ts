// No zod here: the web app's home block imports this (docs/decisions/web-bundle.md).

/** Answers per call: 1..10, 3 when not given (spec account-area §7, §9 "Recommendation count 3"). */
export const RECOMMENDATION_COUNT = { min: 1, max: 10, default: 3 } as const

/** Product picks per call: 1..24, 8 when not given (issue 20). */
export const PICK_COUNT_RANGE = { min: 1, max: 24, default: 8 } as const

/** A budget for picks in whole pounds: 1..100,000 (issue 20 "maxPrice"). */
export const PICK_MAX_PRICE = { min: 1, max: 100_000 } as const
