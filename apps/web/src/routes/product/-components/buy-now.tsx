import { Button, Group, Modal, Text } from '@mantine/core'
import { IconShoppingBag } from '@tabler/icons-react'
import { useMutation } from '@tanstack/react-query'
import { apiErrorMessage } from '../../../lib/api-errors'
import { ButtonLink } from '../../../lib/links'
import { useTRPCClient } from '../../../lib/trpc'

const NO_AFFILIATE_URL = 'No affiliate URL found'

/** A failure whose message is meant for the user as it is. */
class BuyError extends Error {}

/** Only web links leave the shop; anything else stored as a URL is treated as missing. */
function webUrl(raw: string): string | null {
  try {
    const url = new URL(raw)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

/**
 * Buy Now (spec browsing-and-purchase §4 "Buy flow"). Visitors are sent to sign in; for signed-in
 * users it fetches the product's affiliate URL and sends the browser there. Failures show in a
 * dialog titled "Error" (spec §8).
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
  const client = useTRPCClient()
  const buy = useMutation({
    mutationFn: async () => {
      const { affiliateUrl } = await client.products.affiliateUrl.query({ id: productId })
      const url = affiliateUrl ? webUrl(affiliateUrl) : null
      if (!url) throw new BuyError(NO_AFFILIATE_URL)
      return url
    },
    onSuccess: (url) => window.location.assign(url),
  })
  const errorMessage = buy.isError
    ? buy.error instanceof BuyError
      ? buy.error.message
      : apiErrorMessage(buy.error, 'Failed to get affiliate URL')
    : null

  return (
    <>
      <Button
        size="lg"
        leftSection={<IconShoppingBag size={20} aria-hidden />}
        loading={buy.isPending || buy.isSuccess}
        onClick={() => buy.mutate()}
      >
        Buy Now
      </Button>
      <Modal opened={errorMessage !== null} onClose={() => buy.reset()} title="Error" centered>
        <Text>{errorMessage}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => buy.reset()}>
            Close
          </Button>
        </Group>
      </Modal>
    </>
  )
}
