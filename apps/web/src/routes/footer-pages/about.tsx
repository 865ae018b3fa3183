import { Anchor, Stack, Text, Title } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { PageContainer } from '../../features/layout/page-container'
import { pageTitle } from '../../lib/page-title'

export const Route = createFileRoute('/footer-pages/about')({
  head: () => ({ meta: [{ title: pageTitle('About Presently') }] }),
  component: AboutPage,
})

function AboutPage() {
  return (
    <PageContainer size="md">
      <Stack gap="md">
        <Title order={1}>About Presently</Title>
        <Text size="lg">
          Presently helps you find thoughtful gifts for the people you love, and reminds you before the dates that
          matter.
        </Text>
        <Text>
          Keep a list of the people you buy for, note their birthdays, anniversaries and other special days, and get
          gift ideas that suit them. When you find the right present, we send you straight to the shop that sells it.
          Prices are shown in pounds sterling.
        </Text>
        <Title order={2} size="h3" mt="md">
          Our catalogue
        </Title>
        <Text>
          Product information comes from the &quot;Toy products on Amazon&quot; data set by PromptCloud (amazon.co.uk,
          2017), used under the{' '}
          <Anchor href="https://creativecommons.org/licenses/by-sa/4.0/" target="_blank" rel="noreferrer">
            CC BY-SA 4.0
          </Anchor>{' '}
          licence.
        </Text>
        <Title order={2} size="h3" mt="md">
          Get in touch
        </Title>
        <Text>
          Questions or ideas? Email us at{' '}
          <Anchor href="mailto:support@presently.example">support@presently.example</Anchor>.
        </Text>
      </Stack>
    </PageContainer>
  )
}
