import { Anchor, Button, Stack } from '@mantine/core'
import { IconExternalLink, IconShoppingBag } from '@tabler/icons-react'
import { useLocation } from '@tanstack/react-router'
import { ButtonLink } from '../../../lib/links'
import { useState } from 'react'
import { selectionError } from '@presently/domain'
import { BuyChoiceDialog } from '../../../features/orders/buy-choice-dialog'
import { BuyErrorDialog } from '../../../features/orders/buy-error-dialog'
import { MERCHANT_LINK, useBuyNow } from '../../../features/orders/use-buy-now'
import { useSelection } from '../../../features/selection/use-selection'

/**
 * Buy Now (spec browsing-and-purchase §4 "Buy flow"). Visitors are sent to sign in and come back
 * to this product, selection included (issue 26); signed-in users buy for the selected person and
 * occasion (useBuyNow), failures in the "Error" dialog, the merchant in a new tab. Without a
 * person or an occasion the spec's message opens a dialog where they are chosen (issue 43 §4).
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
  const { personId, occasionId, people, occasions, peopleLoading, occasionsLoading, update } = useSelection()
  const buyNow = useBuyNow({ personId, occasionId })
  // Issue 43 §4: without a person or an occasion, the spec's message opens a dialog to choose them.
  const [choosing, setChoosing] = useState<string | null>(null)
  // Busy until the lists have loaded: a click before then would judge a selection not yet read.
  const selectionLoading = peopleLoading || occasionsLoading
  return (
    <Stack gap={6} align="flex-start">
      <Button
        size="lg"
        leftSection={<IconShoppingBag size={20} aria-hidden />}
        loading={buyNow.isPending || selectionLoading}
        onClick={() => {
          const invalid = selectionError(personId, occasionId)
          if (invalid) setChoosing(invalid)
          else buyNow.buy(productId)
        }}
      >
        Buy Now
      </Button>
      {buyNow.merchantUrl ? (
        <Anchor href={buyNow.merchantUrl} {...MERCHANT_LINK} size="sm" data-testid="merchant-link">
          Continue to the shop <IconExternalLink size={14} aria-label="(opens in a new tab)" />
        </Anchor>
      ) : null}
      <BuyChoiceDialog
        message={choosing}
        people={people}
        occasions={occasions}
        personId={personId}
        occasionId={occasionId}
        onClose={() => setChoosing(null)}
        onChoose={(person, occasion) => {
          setChoosing(null)
          // The header shows what was chosen, as if picked there (and the next Buy Now needs no dialog).
          update({ person, occasion })
          buyNow.buy(productId, { personId: person, occasionId: occasion })
        }}
      />
      <BuyErrorDialog message={buyNow.errorMessage} onClose={buyNow.reset} />
    </Stack>
  )
}
