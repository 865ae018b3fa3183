import { Breadcrumbs, Text } from '@mantine/core'
import { CATEGORY_ROUTE, categoryParams } from './category-names'
import { AnchorLink } from '../../lib/links'

interface CategoryBreadcrumbProps {
  /** Category levels, name first (display names). */
  levels: readonly string[]
  /** When set, the last category level links too and this text ends the trail (a product title). */
  current?: string
}

/**
 * Home > category levels (spec browsing-and-purchase §2, §4: levels joined with " > ").
 * Each level links to its category page; going up one level drops the deepest level.
 */
export function CategoryBreadcrumb({ levels, current }: CategoryBreadcrumbProps) {
  const items = [
    <AnchorLink to="/" size="sm" key="home">
      Home
    </AnchorLink>,
    ...levels.map((level, index) => {
      const isLast = index === levels.length - 1 && current === undefined
      return isLast ? (
        <Text size="sm" c="dimmed" aria-current="page" key={level + index}>
          {level}
        </Text>
      ) : (
        <AnchorLink
          to={CATEGORY_ROUTE}
          params={categoryParams(levels.slice(0, index + 1))}
          size="sm"
          key={level + index}
        >
          {level}
        </AnchorLink>
      )
    }),
  ]
  if (current !== undefined) {
    items.push(
      <Text size="sm" c="dimmed" aria-current="page" lineClamp={1} key="current" maw={{ base: 200, sm: 420 }}>
        {current}
      </Text>,
    )
  }
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separator=">" separatorMargin={6} mb="md" style={{ flexWrap: 'wrap', rowGap: 4 }}>
        {items}
      </Breadcrumbs>
    </nav>
  )
}
