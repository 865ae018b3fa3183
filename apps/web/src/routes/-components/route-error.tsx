import { Button } from '@mantine/core'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { PageContainer } from '../../features/layout/page-container'
import { StatusMessage } from '../../features/catalog/status-message'

/** Unexpected errors of a route: a friendly message and a retry; details stay in the console. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  console.error(error)
  return (
    <PageContainer>
      <StatusMessage
        tone="error"
        order={1}
        title="Oops! Something went wrong"
        action={
          <Button
            variant="light"
            onClick={() => {
              reset()
              void router.invalidate()
            }}
          >
            Try again
          </Button>
        }
      >
        Please try again in a moment.
      </StatusMessage>
    </PageContainer>
  )
}
