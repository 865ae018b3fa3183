// No zod here: the web app may show these numbers (docs/decisions/web-bundle.md).

/**
 * What one account may store (issue 25, item 4; docs/decisions/account-limits.md): a probe grew
 * one account to 1,200 people and 1,700 events. Far above any real use (a person's own circle,
 * a few dates each, a long wish-list habit), low enough that one account cannot grow the
 * database or its own pages without bound. Wish lists and their items are capped by the lists
 * issue.
 */
export const ACCOUNT_LIMITS = {
  /** People (profiles) per user. */
  people: 500,
  /** Events linked to one person (their important dates). */
  eventsPerPerson: 50,
  /** Liked products per user. */
  likes: 5_000,
} as const

/** The answers (409 CONFLICT) when a limit is reached. */
export const LIMIT_MESSAGES = {
  people: `You can keep up to ${ACCOUNT_LIMITS.people} people. Delete someone before adding another.`,
  eventsPerPerson: `A person can have up to ${ACCOUNT_LIMITS.eventsPerPerson} important dates. Delete one before adding another.`,
  likes: `You can like up to ${ACCOUNT_LIMITS.likes.toLocaleString('en-GB')} products. Unlike one before liking another.`,
} as const
