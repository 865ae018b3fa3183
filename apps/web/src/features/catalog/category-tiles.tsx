import {
  Box,
  Collapse,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core'
import { IconChevronDown, type Icon } from '@tabler/icons-react'
import { useId, useState, type ReactNode } from 'react'
import { CATEGORY_ROUTE, categoryParams } from './category-names'
import { GIFT_CATEGORY_TILES, MORE_CATEGORY_TILES, OCCASION_TILES, type CategoryTile } from './featured-categories'
import classes from './category-tiles.module.css'
import { tilesWorthShowing, useTileCounts } from './use-tile-counts'
import { CardLink } from '../../lib/links'

type HeadingOrder = 2 | 3

function TileBody({ Icon, title, text, count }: { Icon: Icon; title: string; text: string; count?: number }) {
  return (
    <>
      <ThemeIcon size={44} radius="md" variant="light" color="brand" aria-hidden>
        <Icon size={24} stroke={1.6} />
      </ThemeIcon>
      <Text fw={700} mt="sm" className={classes.title}>
        {title}
      </Text>
      <Text size="sm" c="dimmed" mt={2}>
        {text}
      </Text>
      {count !== undefined ? (
        <Text size="xs" fw={600} c="brand.8" mt={4} data-testid="tile-count">
          {count.toLocaleString('en-GB')} {count === 1 ? 'gift' : 'gifts'}
        </Text>
      ) : null}
    </>
  )
}

/**
 * Category tiles that keep their promise (issue 26 item 9): only those whose listing holds at
 * least TILE_MIN_PRODUCTS fitting products, each with its listing's count.
 */
function CategoryTiles({ tiles }: { tiles: readonly CategoryTile[] }) {
  const counts = useTileCounts(tiles)
  if (counts === undefined) {
    return (
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing={{ base: 'sm', sm: 'md' }} aria-busy>
        {tiles.map(({ title }) => (
          <Skeleton key={title} h={132} radius="md" />
        ))}
      </SimpleGrid>
    )
  }
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
      {tilesWorthShowing(tiles, counts).map(({ levels, title, text, Icon }) => (
        <CardLink
          key={title}
          to={CATEGORY_ROUTE}
          params={categoryParams(levels)}
          withBorder
          padding="md"
          className={classes.tile}
          data-testid="category-tile"
        >
          <TileBody Icon={Icon} title={title} text={text} count={counts?.get(title)?.total} />
        </CardLink>
      ))}
    </SimpleGrid>
  )
}

function OccasionTiles() {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing={{ base: 'sm', sm: 'md' }}>
      {OCCASION_TILES.map(({ promoName, title, blurb, Icon }) => (
        <CardLink
          key={promoName}
          to="/promo/$promoName"
          params={{ promoName }}
          withBorder
          padding="md"
          className={classes.tile}
          data-testid="occasion-tile"
        >
          <TileBody Icon={Icon} title={title} text={blurb} />
        </CardLink>
      ))}
    </SimpleGrid>
  )
}

/** A titled group of tiles that can be collapsed; it starts expanded (spec browsing-and-purchase §2). */
function TileGroup({ title, order, children }: { title: string; order: HeadingOrder; children: ReactNode }) {
  const [opened, setOpened] = useState(true)
  const panelId = useId()
  return (
    <Box component="section">
      <Title order={order} size="h3" mb="md">
        <UnstyledButton
          className={classes.groupToggle}
          aria-expanded={opened}
          aria-controls={panelId}
          onClick={() => setOpened((open) => !open)}
        >
          <Group gap="xs" wrap="nowrap" component="span">
            {title}
            <IconChevronDown size={20} aria-hidden className={classes.chevron} data-opened={opened || undefined} />
          </Group>
        </UnstyledButton>
      </Title>
      <Collapse expanded={opened} id={panelId}>
        {children}
      </Collapse>
    </Box>
  )
}

/**
 * The home page's tiles: "Find the Perfect Gift" categories and "Shop by Occasion" promotions
 * (spec browsing-and-purchase §2 "Home tiles"), then more of the catalog's categories.
 */
export function HomeTiles({ order = 2 }: { order?: HeadingOrder }) {
  return (
    <Stack gap={40}>
      <TileGroup title="Find the Perfect Gift" order={order}>
        <CategoryTiles tiles={GIFT_CATEGORY_TILES} />
      </TileGroup>
      <TileGroup title="Shop by Occasion" order={order}>
        <OccasionTiles />
      </TileGroup>
      <TileGroup title="More Categories" order={order}>
        <CategoryTiles tiles={MORE_CATEGORY_TILES} />
      </TileGroup>
    </Stack>
  )
}
