import { Anchor, List, Stack, Text, Title } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { PageContainer } from '../../features/layout/page-container'
import { pageTitle } from '../../lib/page-title'

export const Route = createFileRoute('/footer-pages/privacy')({
  head: () => ({ meta: [{ title: pageTitle('Privacy Policy') }] }),
  component: PrivacyPage,
})

function PrivacyPage() {
  return (
    <PageContainer size="md">
      <Stack gap="md">
        <Title order={1}>Privacy Policy</Title>
        <Text c="dimmed">How Presently looks after your information.</Text>

        <Title order={2} size="h3" mt="md">
          What we collect
        </Title>
        <List spacing="xs">
          <List.Item>Your email address and password when you create an account.</List.Item>
          <List.Item>The people, important dates and gift preferences you choose to add.</List.Item>
          <List.Item>The products you like and the shop links you follow, so we can improve suggestions.</List.Item>
        </List>

        <Title order={2} size="h3" mt="md">
          How we use it
        </Title>
        <Text>
          We use your information only to run Presently: to keep you signed in, to send the reminders you ask for and to
          suggest gifts. We do not sell your information.
        </Text>

        <Title order={2} size="h3" mt="md">
          Cookies
        </Title>
        <Text>We use cookies only to keep you signed in, not to track you across other websites.</Text>

        <Title order={2} size="h3" mt="md">
          Your choices
        </Title>
        <Text>
          You can unsubscribe from emails at any time from your account settings or from the link in any email. To see
          or delete the information we hold about you, contact{' '}
          <Anchor href="mailto:support@presently.example">support@presently.example</Anchor>.
        </Text>
      </Stack>
    </PageContainer>
  )
}
