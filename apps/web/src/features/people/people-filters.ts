import type { ProfileTier } from '@presently/domain'

/** What the My People filters read of a person (a GET /api/people summary). */
export interface FilterablePerson {
  relationship: { type: string } | null
  tier: ProfileTier
}

/** The relationship type of a person; one whose relationship is gone counts as "Other". */
export function relationshipType(person: FilterablePerson): string {
  return person.relationship?.type ?? 'Other'
}

/** The two filters of My People (spec account-area §2): null is "All" / "All Quality Levels". */
export interface PeopleFilters {
  relationshipType: string | null
  tier: ProfileTier | null
}

export const NO_FILTERS: PeopleFilters = { relationshipType: null, tier: null }

/** The order of the quality filter's choices (spec account-area §2: Gold, Silver, Bronze). */
export const TIERS: readonly ProfileTier[] = ['gold', 'silver', 'bronze']

const matchesType = (person: FilterablePerson, type: string | null) =>
  type === null || relationshipType(person) === type
const matchesTier = (person: FilterablePerson, tier: ProfileTier | null) => tier === null || person.tier === tier

/** The people both filters keep, in their order. */
export function filterPeople<P extends FilterablePerson>(people: readonly P[], filters: PeopleFilters): P[] {
  return people.filter((p) => matchesType(p, filters.relationshipType) && matchesTier(p, filters.tier))
}

/**
 * Counts of the relationship-type buttons: `all` and one per type present in the whole list
 * (sorted by name), each counting the people the quality filter keeps, so a button's number is
 * what choosing it would show (docs/decisions/people-list.md).
 */
export function relationshipTypeCounts(
  people: readonly FilterablePerson[],
  tier: ProfileTier | null,
): { all: number; types: Array<{ type: string; count: number }> } {
  const types = [...new Set(people.map(relationshipType))].sort((a, b) => a.localeCompare(b))
  const kept = people.filter((p) => matchesTier(p, tier))
  return {
    all: kept.length,
    types: types.map((type) => ({ type, count: kept.filter((p) => relationshipType(p) === type).length })),
  }
}

/** Counts of the quality choices among the people the relationship-type filter keeps. */
export function tierCounts(
  people: readonly FilterablePerson[],
  type: string | null,
): { all: number } & Record<ProfileTier, number> {
  const kept = people.filter((p) => matchesType(p, type))
  return {
    all: kept.length,
    gold: kept.filter((p) => p.tier === 'gold').length,
    silver: kept.filter((p) => p.tier === 'silver').length,
    bronze: kept.filter((p) => p.tier === 'bronze').length,
  }
}

/** The number on the mobile Filters button's badge: how many of the two filters are set. */
export function activeFilterCount(filters: PeopleFilters): number {
  return (filters.relationshipType === null ? 0 : 1) + (filters.tier === null ? 0 : 1)
}
