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
  // The product's read starts beside the page's chunk instead of after it (LCP); not awaited in
  // the browser, so the page renders as before and shows its skeleton while the read is in
  // flight. The server's first view (no window) waits for it, so its <title> is the product's.
  loader: async ({ context, params }): Promise<{ title: string | null }> => {
    const id = parseProductId(params.id)
    if (id === null) return { title: null }
    const options = productQueryOptions(context.trpc, id)
    const read = context.queryClient.prefetchQuery(options)
    if (typeof window === 'undefined') await read
    return { title: context.queryClient.getQueryData(options.queryKey)?.title ?? null }
  },
  // Issue 43 §5: the tab names the product ("... Puzzle Vase – Presently") from the first view's
  // HTML on (a page read without JavaScript, a link preview); "Product" until its data is here.
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.title ?? 'Product') }] }),
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
