import { Center, Loader, Stack, Text, Title } from '@mantine/core'
import { useSession } from '../../features/session/session'
import { PageContainer } from '../../features/layout/page-container'
import { CategoryTiles } from '../../features/catalog/category-tiles'
import { Landing } from './landing'

/**
 * Home (/ and /home). Signed-out visitors get the landing page; signed-in users browse by
 * category (the events panel, recommendations and occasion tiles arrive in later issues).
 */
export function HomePage() {
  const { user, isPending } = useSession()
  if (isPending) {
    return (
      <Center py={120}>
        <Loader aria-label="Loading" />
      </Center>
    )
  }
  if (!user) return <Landing />
  return (
    <PageContainer>
      <Stack gap="xs" mb="lg">
        <Title order={1}>Find the Perfect Gift</Title>
        <Text c="dimmed">Browse gift ideas by category.</Text>
      </Stack>
      <CategoryTiles />
    </PageContainer>
  )
}
