import { createFileRoute } from '@tanstack/react-router'
import { useMutation } from '@tanstack/react-query'
import { textParam } from '../features/catalog/listing-search'
import { AUTH_TEXT, rawErrorMessage } from '../features/auth/messages'
import { StatusCard } from '../features/auth/status-card'
import { useTokenActionOnLoad } from '../features/auth/use-token-action'
import { redirectSignedIn } from '../features/session/session'
import { AnchorLink, ButtonLink } from '../lib/links'
import { useTRPC } from '../lib/trpc'

export const Route = createFileRoute('/confirm-email')({
  head: () => ({ meta: [{ title: 'Confirm Email' }] }),
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: textParam(search.token) || undefined,
  }),
  beforeLoad: ({ context }) => redirectSignedIn(context, '/'),
  component: ConfirmEmailPage,
})

/**
 * Confirms the email of the link on load (spec browsing-and-purchase §2, §4, §8): a spinner,
 * then "Email Confirmed!" with "Go to Login", or "Confirmation Failed" with login and
 * create-account links.
 */
function ConfirmEmailPage() {
  const { token } = Route.useSearch()
  const trpc = useTRPC()
  const confirm = useMutation(trpc.auth.confirmEmail.mutationOptions())
  useTokenActionOnLoad(token, (value) => confirm.mutate({ token: value }))

  if (!token || confirm.isError) {
    return (
      <StatusCard
        tone="error"
        title={AUTH_TEXT.confirmationFailed}
        actions={
          <>
            <ButtonLink to="/auth">{AUTH_TEXT.goToLogin}</ButtonLink>
            <AnchorLink to="/auth" search={{ tab: 'register' }} size="sm">
              Create an account
            </AnchorLink>
          </>
        }
      >
        {!token ? AUTH_TEXT.noConfirmationToken : rawErrorMessage(confirm.error, AUTH_TEXT.confirmFailedDefault)}
      </StatusCard>
    )
  }
  if (confirm.isSuccess) {
    return (
      <StatusCard
        tone="success"
        title={AUTH_TEXT.emailConfirmed}
        actions={<ButtonLink to="/auth">{AUTH_TEXT.goToLogin}</ButtonLink>}
      >
        Your email address is confirmed. You can now sign in to your account.
      </StatusCard>
    )
  }
  return <StatusCard tone="loading" title="Confirming your email…" />
}
