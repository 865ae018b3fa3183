import type { OccasionOutput } from '@presently/domain'

/**
 * Occasions as Select groups by their category (spec: occasions carry a category, default
 * "Main"): "Main" first, then the others by name; occasions keep the server's order in a group.
 */
export function occasionGroups(occasions: readonly OccasionOutput[]) {
  const groups = new Map<string, Array<{ value: string; label: string }>>()
  for (const o of occasions) {
    groups.set(o.category, [...(groups.get(o.category) ?? []), { value: String(o.id), label: o.label }])
  }
  return [...groups]
    .sort(([a], [b]) => (a === 'Main' ? -1 : b === 'Main' ? 1 : a.localeCompare(b)))
    .map(([group, items]) => ({ group, items }))
}
