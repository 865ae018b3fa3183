import { Button } from '@mantine/core'
import { IconShoppingBag } from '@tabler/icons-react'
import { ButtonLink } from '../../../lib/links'
import { BuyErrorDialog } from '../../../features/orders/buy-error-dialog'
import { useBuyNow } from '../../../features/orders/use-buy-now'
import { useSelection } from '../../../features/selection/use-selection'

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
  // The header pickers' selection: only ids of the user's own people and the occasions count.
  const { personId, occasionId, peopleLoading, occasionsLoading } = useSelection()
  const buyNow = useBuyNow({ personId, occasionId })
  // Busy until the lists have loaded: a click before then would judge a selection not yet read.
  const selectionLoading = peopleLoading || occasionsLoading
  return (
    <>
      <Button
        size="lg"
        leftSection={<IconShoppingBag size={20} aria-hidden />}
        loading={buyNow.isPending || selectionLoading}
        onClick={() => buyNow.buy(productId)}
      >
        Buy Now
      </Button>
      <BuyErrorDialog message={buyNow.errorMessage} onClose={buyNow.reset} />
    </>
  )
}
