import { Skeleton, Stack, Text, Typography } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { formattedDescriptionQueryOptions } from '../../../features/catalog/query-options'
import { useTRPC } from '../../../lib/trpc'

/**
 * "Product Details": the formatted description, looked up by the product's affiliate-network id
 * (spec browsing-and-purchase §2, §7, §8 for the fallback texts). A disabled product (only staff
 * see its page) is not described to anyone: the page says "Disabled" rather than "Could not load
 * product description" (issue 26).
 */
export function ProductDescription({
  awProductId,
  disabled = false,
}: {
  awProductId: number | null
  disabled?: boolean
}) {
  if (disabled) {
    return (
      <Text c="dimmed" data-testid="description-disabled">
        Disabled: shoppers cannot see this product, so its description is not shown. Enable it to show it again.
      </Text>
    )
  }
  if (!awProductId) return <Text c="dimmed">No product description available.</Text>
  return <FormattedDescription awProductId={awProductId} />
}

function FormattedDescription({ awProductId }: { awProductId: number }) {
  const trpc = useTRPC()
  const query = useQuery(formattedDescriptionQueryOptions(trpc, awProductId))
  if (query.isPending) {
    return (
      <Stack gap={8} aria-busy="true" aria-label="Loading the description">
        <Skeleton height={12} />
        <Skeleton height={12} />
        <Skeleton height={12} width="60%" />
      </Stack>
    )
  }
  if (query.isError) return <Text c="dimmed">Could not load product description</Text>
  if (!query.data.description) return <Text c="dimmed">No description available</Text>
  return (
    <Typography fz="sm" lh={1.65} data-testid="product-description">
      {/* Sanitised on the server: sanitize-html keeps p, br, lists and emphasis, and no attributes. */}
      <div dangerouslySetInnerHTML={{ __html: query.data.description }} />
    </Typography>
  )
}
