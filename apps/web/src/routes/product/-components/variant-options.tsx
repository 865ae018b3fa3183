import { NativeSelect } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { productUrlId } from '../../../features/catalog/product-path'
import { variantGroupQueryOptions, variantStatusQueryOptions } from '../../../features/catalog/query-options'
import { useTRPC } from '../../../lib/trpc'

/**
 * "Available Options:" (spec browsing-and-purchase §2): the other variants of the product's group
 * (sizes, colours), shown when the variant status says the product is a variant. Choosing one
 * opens that variant's product page.
 */
export function VariantOptions({ productId }: { productId: number }) {
  const trpc = useTRPC()
  const navigate = useNavigate()
  const status = useQuery(variantStatusQueryOptions(trpc, productId))
  const isVariant = status.data?.isVariant === true
  const group = useQuery(variantGroupQueryOptions(trpc, productId, isVariant))
  const variants = group.data?.variants ?? []
  if (!isVariant || variants.length < 2) return null

  return (
    <NativeSelect
      label="Available Options:"
      data={variants.map((variant) => ({ value: String(variant.id), label: variant.displayName }))}
      value={String(productId)}
      onChange={(event) => {
        const chosen = variants.find((variant) => String(variant.id) === event.currentTarget.value)
        if (!chosen || chosen.id === productId) return
        void navigate({
          to: '/product/$id',
          params: { id: productUrlId({ id: chosen.id, awProductId: chosen.variantId }) },
        })
      }}
      maw={360}
      data-testid="variant-select"
    />
  )
}
