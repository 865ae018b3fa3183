import { Anchor, Button, Stack } from '@mantine/core'
import { IconExternalLink, IconShoppingBag } from '@tabler/icons-react'
import { useLocation } from '@tanstack/react-router'
import { ButtonLink } from '../../../lib/links'
import { BuyErrorDialog } from '../../../features/orders/buy-error-dialog'
import { MERCHANT_LINK, useBuyNow } from '../../../features/orders/use-buy-now'
import { useSelection } from '../../../features/selection/use-selection'

/**
 * Buy Now (spec browsing-and-purchase §4 "Buy flow"). Visitors are sent to sign in and come back
 * to this product, selection included (issue 26); signed-in users buy for the selected person and
 * occasion (useBuyNow), failures in the "Error" dialog, the merchant in a new tab.
 */
export function BuyNowButton({ productId, signedIn }: { productId: number; signedIn: boolean }) {
  const here = useLocation({ select: (location) => location.href })
  if (!signedIn) {
    return (
      <ButtonLink
        to="/auth"
        search={{ returnTo: here, why: 'buy' }}
        size="lg"
        leftSection={<IconShoppingBag size={20} aria-hidden />}
      >
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
    <Stack gap={6} align="flex-start">
      <Button
        size="lg"
        leftSection={<IconShoppingBag size={20} aria-hidden />}
        loading={buyNow.isPending || selectionLoading}
        onClick={() => buyNow.buy(productId)}
      >
        Buy Now
      </Button>
      {buyNow.merchantUrl ? (
        <Anchor href={buyNow.merchantUrl} {...MERCHANT_LINK} size="sm" data-testid="merchant-link">
          Continue to the shop <IconExternalLink size={14} aria-label="(opens in a new tab)" />
        </Anchor>
      ) : null}
      <BuyErrorDialog message={buyNow.errorMessage} onClose={buyNow.reset} />
    </Stack>
  )
}
