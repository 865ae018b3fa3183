import { Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconMapQuestion } from '@tabler/icons-react'
import { PageContainer } from '../../features/layout/page-container'
import { ButtonLink } from '../../lib/links'

/** Any unknown path: titled "Not Found" by the root route, showing "404 Page Not Found" (spec §2). */
export function NotFoundPage() {
  return (
    <PageContainer>
      <Stack align="center" gap="md" py={64} ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" color="brand" aria-hidden>
          <IconMapQuestion size={40} stroke={1.5} />
        </ThemeIcon>
        <Title order={1}>404 Page Not Found</Title>
        <Text c="dimmed" maw={420}>
          The page you were looking for has moved or never existed. Let&apos;s find you a gift idea instead.
        </Text>
        <ButtonLink to="/">Back to home</ButtonLink>
      </Stack>
    </PageContainer>
  )
}
