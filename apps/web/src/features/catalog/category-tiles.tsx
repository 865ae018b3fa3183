import { SimpleGrid, Text, ThemeIcon } from '@mantine/core'
import { CATEGORY_ROUTE, categoryParams } from './category-names'
import { FEATURED_CATEGORIES } from './featured-categories'
import classes from './category-tiles.module.css'
import { CardLink } from '../../lib/links'

/** Tiles linking to the catalog's top-level categories. */
export function CategoryTiles() {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
      {FEATURED_CATEGORIES.map(({ name, blurb, Icon }) => (
        <CardLink
          key={name}
          to={CATEGORY_ROUTE}
          params={categoryParams([name])}
          withBorder
          padding="md"
          className={classes.tile}
        >
          <ThemeIcon size={44} radius="md" variant="light" color="brand" aria-hidden>
            <Icon size={24} stroke={1.6} />
          </ThemeIcon>
          <Text fw={700} mt="sm">
            {name}
          </Text>
          <Text size="sm" c="dimmed" mt={2}>
            {blurb}
          </Text>
        </CardLink>
      ))}
    </SimpleGrid>
  )
}
