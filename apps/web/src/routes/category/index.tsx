import {} from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { PageContainer } from '../../features/layout/page-container'
import { StatusMessage } from '../../features/catalog/status-message'
import { ButtonLink } from '../../lib/links'
import { pageTitle } from '../../lib/page-title'

// /category without a name: no category to show.
export const Route = createFileRoute('/category/')({
  head: () => ({ meta: [{ title: pageTitle('Category') }] }),
  component: () => (
    <PageContainer>
      <StatusMessage
        order={1}
        title="Category Not Found"
        action={
          <ButtonLink to="/" variant="light">
            Back to home
          </ButtonLink>
        }
      >
        Choose a category from the home page to see its gift ideas.
      </StatusMessage>
    </PageContainer>
  ),
})
