import { Stack, Text, Title } from '@mantine/core'
import { PageContainer } from '../../features/layout/page-container'
import { ButtonLink } from '../../lib/links'

/** Any unknown path: titled "Not Found" by the root route, showing "404 Page Not Found" (spec §2). */
export function NotFoundPage() {
  return (
    <PageContainer>
      <Stack align="center" gap="md" py={64} ta="center">
        <Text fz={64} fw={800} c="brand.2" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1}>404 Page Not Found</Title>
        <Text c="dimmed" maw={420}>
          The page you were looking for has moved or never existed. Let&apos;s find you a gift idea instead.
        </Text>
        <ButtonLink to="/">Back to home</ButtonLink>
      </Stack>
    </PageContainer>
  )
}
