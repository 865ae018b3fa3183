import { createFileRoute } from '@tanstack/react-router'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { textParam } from '../features/catalog/listing-search'
import { AUTH_TEXT } from '../features/auth/messages'
import { StatusCard } from '../features/auth/status-card'
import { useTokenActionOnLoad } from '../features/auth/use-token-action'
import { apiErrorCode } from '../lib/api-errors'
import { AnchorLink, ButtonLink } from '../lib/links'
import { useTRPC } from '../lib/trpc'
import { pageTitle } from '../lib/page-title'

export const Route = createFileRoute('/unsubscribe')({
  head: () => ({ meta: [{ title: pageTitle('Unsubscribe') }] }),
  validateSearch: (search: Record<string, unknown>): { token?: string; only?: 'reminders' | 'price-alerts' } => ({
    token: textParam(search.token) || undefined,
    // Issue 21: the reminder email's own link turns off reminders alone; issue 39: the price
    // alert email's, price alerts alone.
    ...(textParam(search.only) === 'reminders' ? { only: 'reminders' as const } : {}),
    ...(textParam(search.only) === 'price-alerts' ? { only: 'price-alerts' as const } : {}),
  }),
  component: UnsubscribePage,
})

/**
 * The unsubscribe link of every email (spec browsing-and-purchase §2, §4, §8): processed on
 * load, then success with "Manage Account Settings" or failure. Open to everyone: the token is
 * the proof, whoever is signed in.
 */
function UnsubscribePage() {
  const { token, only } = Route.useSearch()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const everything = useMutation(
    trpc.auth.unsubscribe.mutationOptions({
      // A signed-in user's settings show the new value.
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.auth.session.queryKey() }),
    }),
  )
  const reminders = useMutation(
    trpc.reminders.unsubscribe.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.reminders.settings.queryKey() }),
    }),
  )
  const priceAlerts = useMutation(
    trpc.prices.unsubscribe.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.prices.alertSettings.queryKey() }),
    }),
  )
  const unsubscribe = only === 'reminders' ? reminders : only === 'price-alerts' ? priceAlerts : everything
  useTokenActionOnLoad(token, (value) => unsubscribe.mutate({ token: value }))

  if (!token || unsubscribe.isError) {
    return (
      <StatusCard tone="error" title="Unsubscribe Failed" actions={<AnchorLink to="/">Back to home</AnchorLink>}>
        {!token ? AUTH_TEXT.noUnsubscribeToken : unsubscribeFailure(unsubscribe.error)}
      </StatusCard>
    )
  }
  if (unsubscribe.isSuccess) {
    return (
      <StatusCard
        tone="success"
        title="Unsubscribed"
        actions={<ButtonLink to="/my-account/profile">{AUTH_TEXT.manageAccountSettings}</ButtonLink>}
      >
        {unsubscribe.data.message || AUTH_TEXT.unsubscribeSuccessDefault}
      </StatusCard>
    )
  }
  return <StatusCard tone="loading" title="Unsubscribing…" />
}

/**
 * A refused link says why (the server's message, else the default); a request that never got a
 * proper answer asks to try again (spec browsing-and-purchase §8).
 */
function unsubscribeFailure(error: unknown): string {
  const code = apiErrorCode(error)
  if (!code || code === 'INTERNAL_SERVER_ERROR') return AUTH_TEXT.unsubscribeProcessFailed
  return error instanceof Error && error.message ? error.message : AUTH_TEXT.unsubscribeFailedDefault
}
