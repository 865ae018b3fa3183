import { createFileRoute } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { ProductDetail } from './-components/product-detail'
import { parseProductId } from '../../features/catalog/product-id'
import { productQueryOptions } from '../../features/catalog/query-options'
import { pageTitle } from '../../lib/page-title'

// Signed-in only, so not in the product page's chunk for everyone (docs/decisions/web-bundle.md).
const UpcomingEventsBanner = lazy(() => import('../../features/events/upcoming-events-banner'))

/** Product detail (spec browsing-and-purchase §2 "Product page"), with the "Upcoming Events" banner above it. */
export const Route = createFileRoute('/product/$id')({
  head: () => ({ meta: [{ title: pageTitle('Product') }] }),
  // The product's read starts beside the page's chunk instead of after it (LCP); not awaited, so
  // the page renders as before and shows its skeleton while the read is in flight.
  loader: ({ context, params }) => {
    const id = parseProductId(params.id)
    if (id !== null) void context.queryClient.prefetchQuery(productQueryOptions(context.trpc, id))
  },
  component: ProductPage,
})

function ProductPage() {
  const { id } = Route.useParams()
  return (
    <>
      <Suspense fallback={null}>
        <UpcomingEventsBanner />
      </Suspense>
      <ProductDetail id={id} />
    </>
  )
}
