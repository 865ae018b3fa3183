import { Breadcrumbs, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { CATEGORY_ROUTE, categoryParams } from './category-names'
import { AnchorLink } from '../../lib/links'

/** Renders a link for a trail entry (the entry's text as its children). */
export type CrumbLink = (children: ReactNode) => ReactNode

interface BreadcrumbProps {
  /** Entries after Home; an entry with `link` links, the last one without is the current page. */
  items: readonly { label: string; link?: CrumbLink }[]
}

/** Home > ... (spec browsing-and-purchase §2, §4: levels joined with " > "). */
export function Breadcrumb({ items }: BreadcrumbProps) {
  const entries = [
    <AnchorLink to="/" size="sm" key="home">
      Home
    </AnchorLink>,
    ...items.map(({ label, link }, index) =>
      link ? (
        <span key={index}>{link(label)}</span>
      ) : (
        <Text size="sm" c="dimmed" aria-current="page" lineClamp={1} maw={{ base: 220, sm: 420 }} key={index}>
          {label}
        </Text>
      ),
    ),
  ]
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separator=">" separatorMargin={6} style={{ flexWrap: 'wrap', rowGap: 4 }}>
        {entries}
      </Breadcrumbs>
    </nav>
  )
}

interface CategoryBreadcrumbProps {
  /** Category levels, name first (display names). */
  levels: readonly string[]
  /** When set, the last category level links too and this text ends the trail (a product title). */
  current?: string
}

/**
 * Home > category levels. Each level links to its category page; going up one level drops the
 * deepest level (spec browsing-and-purchase §4).
 */
export function CategoryBreadcrumb({ levels, current }: CategoryBreadcrumbProps) {
  const items = levels.map((level, index) => {
    const isLast = index === levels.length - 1 && current === undefined
    return {
      label: level,
      link: isLast
        ? undefined
        : (children: ReactNode) => (
            <AnchorLink to={CATEGORY_ROUTE} params={categoryParams(levels.slice(0, index + 1))} size="sm">
              {children}
            </AnchorLink>
          ),
    }
  })
  return <Breadcrumb items={current === undefined ? items : [...items, { label: current }]} />
}
