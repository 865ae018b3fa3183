import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '../-components/account-page'
import { NewExchangeForm } from '../../../features/exchanges/new-exchange-form'
import { EXCHANGE_UI } from '../../../features/exchanges/messages'

export const Route = createFileRoute('/_account/exchanges/new')({
  head: () => ({ meta: [{ title: 'New Gift Exchange' }] }),
  component: NewExchangeRoute,
})

/** /exchanges/new (issue 36). */
function NewExchangeRoute() {
  return (
    <AccountPage title={EXCHANGE_UI.newTitle}>
      <NewExchangeForm />
    </AccountPage>
  )
}
