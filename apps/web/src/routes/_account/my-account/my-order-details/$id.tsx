import { createFileRoute } from '@tanstack/react-router'
import { OrderDetail } from '../../../../features/orders/order-detail'
import { pageTitle } from '../../../../lib/page-title'

export const Route = createFileRoute('/_account/my-account/my-order-details/$id')({
  head: () => ({ meta: [{ title: pageTitle('Order Details') }] }),
  component: MyAccountMyOrderDetailsIdPage,
})

/** Order detail (spec account-area §2). */
function MyAccountMyOrderDetailsIdPage() {
  const { id } = Route.useParams()
  return <OrderDetail id={id} />
}
