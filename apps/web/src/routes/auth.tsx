import { Alert, CloseButton, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import { AuthPanel, type AuthTab } from '../features/auth/auth-panel'
import { GOOGLE_ERRORS } from '../features/auth/messages'
import { PageContainer } from '../features/layout/page-container'
import { fetchSessionUser } from '../features/session/session'
import { AUTH_REASONS, safeReturnPath, type AuthReason } from '../features/auth/return-to'
import { pageTitle } from '../lib/page-title'

interface AuthSearch {
  /** "register" opens the Register tab (the create-account links of the token pages). */
  tab?: AuthTab
  /** A failed Google sign-in: google_cancelled, google_unverified, google_conflict, google_failed. */
  error?: string
  /** Where a sign-in returns to (a path of the shop; issue 26: Buy Now returns to the product). */
  returnTo?: string
  /** Why the visitor was sent here, said above the form ("Sign in to see the products you like"). */
  why?: AuthReason
}

/**
 * Login and register as a page (spec browsing-and-purchase §2): the modal's two tabs, a close
 * button that goes to /, and / after a successful sign-in, or `returnTo` when given (issue 26:
 * Buy Now and View Liked Products send visitors here and back). Signed-in users go to /home.
 */
export const Route = createFileRoute('/auth')({
  head: () => ({ meta: [{ title: pageTitle('Authentication') }] }),
  validateSearch: (search: Record<string, unknown>): AuthSearch => ({
    tab: search.tab === 'register' ? 'register' : undefined,
    error: typeof search.error === 'string' && search.error in GOOGLE_ERRORS ? search.error : undefined,
    returnTo: safeReturnPath(search.returnTo),
    why: typeof search.why === 'string' && search.why in AUTH_REASONS ? (search.why as AuthReason) : undefined,
  }),
  beforeLoad: async ({ context, search }) => {
    const user = await fetchSessionUser(context)
    if (user) throw redirect({ href: search.returnTo ?? '/home' })
  },
  component: AuthPage,
})

function AuthPage() {
  const { tab, error, returnTo, why } = Route.useSearch()
  const navigate = useNavigate()
  const goHome = () => void navigate({ to: '/' })
  const afterSignIn = () => void (returnTo ? navigate({ href: returnTo }) : navigate({ to: '/' }))
  return (
    <PageContainer size="xs">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="sm" mt={{ base: 0, sm: 'xl' }}>
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={4}>
              <Title order={1} size="h2">
                Welcome to Presently
              </Title>
              <Text c="dimmed" size="sm">
                Sign in, or create a free account to save the people you buy for.
              </Text>
            </Stack>
            <CloseButton aria-label="Close" size="lg" onClick={goHome} />
          </Group>
          {why ? (
            <Alert color="brand" variant="light" role="status">
              {AUTH_REASONS[why]}
            </Alert>
          ) : null}
          <AuthPanel
            key={`${tab ?? 'login'}-${error ?? ''}`}
            initialTab={tab ?? 'login'}
            initialError={error ? GOOGLE_ERRORS[error] : undefined}
            onSignedIn={afterSignIn}
            returnTo={returnTo}
          />
        </Stack>
      </Paper>
    </PageContainer>
  )
}
