import { createFileRoute, redirect } from '@tanstack/react-router'
import { useMutation } from '@tanstack/react-query'
import { textParam } from '../features/catalog/listing-search'
import { AUTH_TEXT, rawErrorMessage } from '../features/auth/messages'
import { StatusCard } from '../features/auth/status-card'
import { useTokenActionOnLoad } from '../features/auth/use-token-action'
import { safeReturnPath } from '../features/auth/return-to'
import { fetchSessionUser } from '../features/session/session'
import { AnchorLink, ButtonLink } from '../lib/links'
import { useTRPC } from '../lib/trpc'
import { pageTitle } from '../lib/page-title'

export const Route = createFileRoute('/confirm-email')({
  head: () => ({ meta: [{ title: pageTitle('Confirm Email') }] }),
  validateSearch: (search: Record<string, unknown>): { token?: string; returnTo?: string } => ({
    token: textParam(search.token) || undefined,
    // Issue 43 §4: where the registration started (a shared list), carried by the mail's link.
    returnTo: safeReturnPath(search.returnTo),
  }),
  beforeLoad: async ({ context, search }) => {
    // Signed-in users go to / (spec §6), or back to where their registration started.
    if (!(await fetchSessionUser(context))) return
    if (search.returnTo) throw redirect({ href: search.returnTo })
    throw redirect({ to: '/' })
  },
  component: ConfirmEmailPage,
})

/**
 * Confirms the email of the link on load (spec browsing-and-purchase §2, §4, §8): a spinner,
 * then "Email Confirmed!" with "Go to Login", or "Confirmation Failed" with login and
 * create-account links. With `returnTo` (issue 43 §4) "Go to Login" signs in and goes back there.
 */
function ConfirmEmailPage() {
  const { token, returnTo } = Route.useSearch()
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
        actions={
          <ButtonLink to="/auth" search={returnTo ? { returnTo } : {}}>
            {AUTH_TEXT.goToLogin}
          </ButtonLink>
        }
      >
        Your email address is confirmed. You can now sign in to your account
        {returnTo ? ' and go back to where you were.' : '.'}
      </StatusCard>
    )
  }
  return <StatusCard tone="loading" title="Confirming your email…" />
}
