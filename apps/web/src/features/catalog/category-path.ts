import type { CategoryNode } from '@presently/domain'

/**
 * A category name as the server compares it: case, hyphens and "&"/"and" folded, so a name read
 * back from a slug ("DIE CAST & TOY VEHICLES") matches the stored one ("Die-Cast & Toy Vehicles").
 */
export function categoryKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[-\s]+/g, ' ')
    .trim()
}

/**
 * The nodes from a root down to the category of the given levels (name first), or null when
 * some level is not in the tree.
 */
export function findCategoryPath(nodes: readonly CategoryNode[], levels: readonly string[]): CategoryNode[] | null {
  const path: CategoryNode[] = []
  let siblings = nodes
  for (const level of levels) {
    const key = categoryKey(level)
    const node = siblings.find((candidate) => categoryKey(candidate.name) === key)
    if (!node) return null
    path.push(node)
    siblings = node.children
  }
  return path
}

/** The ids of a node and its ancestors ("A::B::C" -> "A", "A::B", "A::B::C"). */
export function selfAndAncestorIds(id: string): string[] {
  const parts = id.split('::')
  return parts.map((_, index) => parts.slice(0, index + 1).join('::'))
}

/**
 * Expands a node and keeps its ancestors open (spec browsing-and-purchase §2 "Category tree").
 * Returns a new set.
 */
export function expandNode(expanded: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(expanded)
  for (const ancestor of selfAndAncestorIds(id)) next.add(ancestor)
  return next
}

/** Collapses a node and its descendants. Returns a new set. */
export function collapseNode(expanded: ReadonlySet<string>, id: string): Set<string> {
  const prefix = `${id}::`
  return new Set([...expanded].filter((open) => open !== id && !open.startsWith(prefix)))
}
