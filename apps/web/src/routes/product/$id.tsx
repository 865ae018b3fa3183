import { createFileRoute } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { ProductDetail } from './-components/product-detail'

// Signed-in only, so not in the product page's chunk for everyone (docs/decisions/web-bundle.md).
const UpcomingEventsBanner = lazy(() => import('../../features/events/upcoming-events-banner'))

/** Product detail (spec browsing-and-purchase §2 "Product page"), with the "Upcoming Events" banner above it. */
export const Route = createFileRoute('/product/$id')({
  head: () => ({ meta: [{ title: 'Product Detail' }] }),
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
