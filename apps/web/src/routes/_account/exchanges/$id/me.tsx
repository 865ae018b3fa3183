import { createFileRoute } from '@tanstack/react-router'
import { StatusMessage } from '../../../../features/catalog/status-message'
import { ParticipantPage } from '../../../../features/exchanges/participant-page'

export const Route = createFileRoute('/_account/exchanges/$id/me')({
  head: () => ({ meta: [{ title: 'My Gift Exchange' }] }),
  component: MyExchangeRoute,
})

/** /exchanges/{id}/me (issue 36): the signed-in participant's page. */
function MyExchangeRoute() {
  const { id } = Route.useParams()
  const exchangeId = /^\d{1,9}$/.test(id) ? Number(id) : null
  if (!exchangeId) return <StatusMessage title="Exchange not found" />
  return <ParticipantPage participant={{ exchangeId }} />
}
