import { createFileRoute } from '@tanstack/react-router'
import { DEFAULT_ORDER_PAGE_SIZE } from '@presently/domain'
import { AccountPage } from '../-components/account-page'
import { OrdersList } from '../../../features/orders/orders-list'
import { parseOrdersSearch, type OrdersPageState } from '../../../features/orders/orders-search'
import { pageTitle } from '../../../lib/page-title'

export const Route = createFileRoute('/_account/my-account/my-orders')({
  head: () => ({ meta: [{ title: pageTitle('My Orders') }] }),
  validateSearch: (search: Record<string, unknown>): Partial<OrdersPageState> => parseOrdersSearch(search),
  component: MyAccountMyOrdersPage,
})

/** My Orders (spec account-area §2 "Orders"); page and size live in the URL, so Back returns to the same page. */
function MyAccountMyOrdersPage() {
  const { page = 1, size = DEFAULT_ORDER_PAGE_SIZE } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <AccountPage title="My Orders" intro="Gifts you have bought through Presently.">
      <OrdersList
        page={page}
        size={size}
        onChange={(next) =>
          void navigate({
            search: parseOrdersSearch({ page: next.page, size: next.size }),
            resetScroll: false,
          })
        }
      />
    </AccountPage>
  )
}
