import { Tabs, Text } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { PlainPage } from '../features/layout/plain-page'
import { redirectSignedIn } from '../features/session/session'
import { AnchorLink } from '../lib/links'

// Login and register (spec browsing-and-purchase §2); the forms arrive with accounts.
export const Route = createFileRoute('/auth')({
  head: () => ({ meta: [{ title: 'Authentication' }] }),
  beforeLoad: ({ context }) => redirectSignedIn(context, '/home'),
  component: AuthPage,
})

function AuthPage() {
  return (
    <PlainPage title="Welcome to Presently" narrow>
      <Tabs defaultValue="login">
        <Tabs.List grow>
          <Tabs.Tab value="login">Sign In</Tabs.Tab>
          <Tabs.Tab value="register">Register</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="login" pt="md">
          <Text c="dimmed">Signing in opens soon.</Text>
        </Tabs.Panel>
        <Tabs.Panel value="register" pt="md">
          <Text c="dimmed">Creating a free account opens soon.</Text>
        </Tabs.Panel>
      </Tabs>
      <Text size="sm">
        Meanwhile, <AnchorLink to="/">browse gift ideas</AnchorLink>.
      </Text>
    </PlainPage>
  )
}
