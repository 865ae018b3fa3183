import { Button } from '@mantine/core'
import { IconShoppingBag } from '@tabler/icons-react'
import { useSearch } from '@tanstack/react-router'
import { ButtonLink } from '../../../lib/links'
import { BuyErrorDialog } from '../../../features/orders/buy-error-dialog'
import { selectionIdFromSearch } from '../../../features/orders/selection-from-search'
import { useBuyNow } from '../../../features/orders/use-buy-now'

/**
 * Buy Now (spec browsing-and-purchase §4 "Buy flow"). Visitors are sent to sign in; signed-in
 * users buy for the selected person and occasion (useBuyNow), failures in the "Error" dialog.
 */
export function BuyNowButton({ productId, signedIn }: { productId: number; signedIn: boolean }) {
  if (!signedIn) {
    return (
      <ButtonLink to="/auth" size="lg" leftSection={<IconShoppingBag size={20} aria-hidden />}>
        Buy Now
      </ButtonLink>
    )
  }
  return <SignedInBuyNow productId={productId} />
}

function SignedInBuyNow({ productId }: { productId: number }) {
  // The selection is the URL's person and occasion (spec §2 "Query parameters") until the
  // header pickers' useSelection() arrives; the lead wires it in at merge.
  const search: Record<string, unknown> = useSearch({ strict: false })
  const buyNow = useBuyNow({
    personId: selectionIdFromSearch(search.person),
    occasionId: selectionIdFromSearch(search.occasion),
  })
  return (
    <>
      <Button
        size="lg"
        leftSection={<IconShoppingBag size={20} aria-hidden />}
        loading={buyNow.isPending}
        onClick={() => buyNow.buy(productId)}
      >
        Buy Now
      </Button>
      <BuyErrorDialog message={buyNow.errorMessage} onClose={buyNow.reset} />
    </>
  )
}
