import { createFileRoute } from '@tanstack/react-router'
import { StatusMessage } from '../../../../features/catalog/status-message'
import { OrganiserPage } from '../../../../features/exchanges/organiser-page'

export const Route = createFileRoute('/_account/exchanges/$id/')({
  head: () => ({ meta: [{ title: 'Gift Exchange' }] }),
  component: OrganiserRoute,
})

/** /exchanges/{id} (issue 36): the organiser's page. */
function OrganiserRoute() {
  const { id } = Route.useParams()
  const exchangeId = /^\d{1,9}$/.test(id) ? Number(id) : null
  if (!exchangeId) return <StatusMessage title="Exchange not found" />
  return <OrganiserPage id={exchangeId} />
}
