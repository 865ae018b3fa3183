import { createFileRoute } from '@tanstack/react-router'
import { ProductDetail } from './-components/product-detail'

/** Product detail (spec browsing-and-purchase §2 "Product page"). */
export const Route = createFileRoute('/product/$id')({
  head: () => ({ meta: [{ title: 'Product Detail' }] }),
  component: ProductPage,
})

function ProductPage() {
  const { id } = Route.useParams()
  return <ProductDetail id={id} />
}
