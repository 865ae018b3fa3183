import { Button, Group, Loader, Text, UnstyledButton } from '@mantine/core'
import type { CategoryNode } from '@presently/domain'
import { IconChevronRight } from '@tabler/icons-react'
import { useId, useState, type ReactNode } from 'react'
import { collapseNode, expandNode, findCategoryPath } from './category-path'
import classes from './category-tree.module.css'

/** What a page renders for one node: a link to the node's category (page or filter). */
export interface CategoryNodeLinkProps {
  /** The node's levels, name first, as stored (e.g. ["Hobbies", "Model Trains & Railway Sets"]). */
  levels: string[]
  className: string | undefined
  /** Set on the current category. */
  active: boolean
  children: ReactNode
}

interface CategoryTreeProps {
  nodes: readonly CategoryNode[]
  /** Products per node id; shown beside each name when given (search and promo pages). */
  counts?: Readonly<Record<string, number>>
  /** Levels of the current category, name first, in any case ("HOBBIES" from a slug works). */
  selected: readonly string[]
  /** Renders a node's link. */
  renderLink: (props: CategoryNodeLinkProps) => ReactNode
}

/**
 * The category tree of a listing page (spec browsing-and-purchase §2 "Category tree"): each node
 * is a link (to its category page, or to the page filtered by it) beside a toggle that shows its
 * subcategories. Expanding a node keeps its ancestors open; the current category's path is
 * expanded on arrival and whenever the URL selects another category.
 *
 * A disclosure list rather than an ARIA tree: every node is an ordinary link and every toggle an
 * ordinary button, so links open in new tabs and keyboard and screen-reader users need no
 * tree-specific keys (docs/decisions/catalog-listing-pages.md).
 */
export function CategoryTree({ nodes, counts, selected, renderLink }: CategoryTreeProps) {
  const path = findCategoryPath(nodes, selected)
  const selectedId = path?.at(-1)?.id ?? null
  const [expanded, setExpanded] = useState<Set<string>>(() =>
    selectedId ? expandNode(new Set(), selectedId) : new Set(),
  )
  // A new category in the URL opens its path too (adjusting state while rendering, not in an effect).
  const [shownId, setShownId] = useState(selectedId)
  if (shownId !== selectedId) {
    setShownId(selectedId)
    if (selectedId) setExpanded((prev) => expandNode(prev, selectedId))
  }

  const toggle = (id: string) => setExpanded((prev) => (prev.has(id) ? collapseNode(prev, id) : expandNode(prev, id)))
  const idPrefix = useId()

  const renderNodes = (level: readonly CategoryNode[], parents: string[], listId?: string) => (
    <ul className={parents.length === 0 ? classes.list : classes.sublist} id={listId}>
      {level.map((node, index) => {
        const levels = [...parents, node.name]
        const hasChildren = node.children.length > 0
        const isOpen = hasChildren && expanded.has(node.id)
        const isActive = node.id === selectedId
        const childListId = `${listId ?? idPrefix}-${index}`
        const count = counts?.[node.id]
        return (
          <li key={node.id}>
            <div className={classes.row}>
              {hasChildren ? (
                <UnstyledButton
                  className={classes.toggle}
                  aria-expanded={isOpen}
                  aria-controls={isOpen ? childListId : undefined}
                  aria-label={`${node.name} subcategories`}
                  onClick={() => toggle(node.id)}
                >
                  <IconChevronRight size={16} aria-hidden />
                </UnstyledButton>
              ) : (
                <span className={classes.spacer} aria-hidden />
              )}
              {renderLink({
                levels,
                className: classes.link,
                active: isActive,
                children: (
                  <>
                    {node.name}
                    {count !== undefined ? ' ' : null}
                    {count !== undefined ? (
                      <span className={classes.count}>({count.toLocaleString('en-GB')})</span>
                    ) : null}
                  </>
                ),
              })}
            </div>
            {isOpen ? renderNodes(node.children, levels, childListId) : null}
          </li>
        )
      })}
    </ul>
  )

  return renderNodes(nodes, [])
}

interface CategoryTreePanelProps extends Omit<CategoryTreeProps, 'nodes'> {
  /** The tree, or undefined while it loads or after it failed. */
  nodes: readonly CategoryNode[] | undefined
  isPending: boolean
  isError: boolean
  onRetry: () => void
}

/** The tree with its loading and error states (spec browsing-and-purchase §8 "Categories"). */
export function CategoryTreePanel({ nodes, isPending, isError, onRetry, ...treeProps }: CategoryTreePanelProps) {
  if (isPending) {
    return (
      <Group gap="xs" py={4} role="status">
        <Loader size={14} aria-hidden />
        <Text size="sm" c="dimmed">
          Loading categories...
        </Text>
      </Group>
    )
  }
  if (isError || !nodes) {
    return (
      <Group gap="xs" role="alert">
        <Text size="sm" c="red.8">
          Error loading categories
        </Text>
        <Button variant="subtle" size="compact-xs" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    )
  }
  if (nodes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No categories to show.
      </Text>
    )
  }
  return <CategoryTree nodes={nodes} {...treeProps} />
}
