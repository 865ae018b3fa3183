import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '../-components/account-page'
import { ExchangesList } from '../../../features/exchanges/exchanges-list'
import { EXCHANGE_UI } from '../../../features/exchanges/messages'

export const Route = createFileRoute('/_account/exchanges/')({
  head: () => ({ meta: [{ title: 'Gift Exchanges' }] }),
  component: ExchangesRoute,
})

/** /exchanges (issue 36): the user's gift exchanges. */
function ExchangesRoute() {
  return (
    <AccountPage title={EXCHANGE_UI.listTitle} intro={EXCHANGE_UI.listIntro}>
      <ExchangesList />
    </AccountPage>
  )
}
