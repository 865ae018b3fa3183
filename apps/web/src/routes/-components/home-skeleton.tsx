import { Box, Paper, Skeleton, Stack } from '@mantine/core'
import { HomeTiles } from '../../features/catalog/category-tiles'
import { PageContainer } from '../../features/layout/page-container'

/**
 * The signed-in home's stand-in while its first screen loads (issue 24, CLS < 0.05;
 * docs/decisions/home-layout-stability.md): the "Welcome back" heading, the Upcoming Events panel
 * about as tall as it is with two or three events, and the tiles themselves (their counts start
 * loading now). The home replaces it in one commit once the welcome state, the events, the
 * chosen person and occasion and the panels' chunks are all there, so nothing on screen is pushed
 * down by a part that arrives later. Kept in the landing's chunk (no account code) so HomePage can
 * show it while the signed-in home's chunk loads.
 */
export function HomeSkeleton() {
  return (
    <PageContainer>
      <Box aria-busy="true" data-testid="home-skeleton">
        <Stack gap="xs" mb="xl" aria-hidden>
          <Skeleton h={44} w="60%" maw={320} />
          <Skeleton h={20} w="85%" maw={380} />
        </Stack>
        <Paper withBorder p="md" mb="xl" aria-hidden>
          <Skeleton h={32} w={220} />
          <Skeleton h={20} w="50%" maw={300} mt="sm" />
          <Skeleton h={200} mt="sm" radius="md" />
        </Paper>
      </Box>
      <HomeTiles />
    </PageContainer>
  )
}
