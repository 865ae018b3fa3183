import { useMutation } from '@tanstack/react-query'
import { selectionError } from '@presently/domain'
import { pushPurchase } from '../analytics/data-layer'
import { apiErrorMessage } from '../../lib/api-errors'
import { useTRPCClient } from '../../lib/trpc'
import { ORDER_UI } from './messages'

/** A failure whose message is meant for the user as it is. */
class BuyError extends Error {}

/** Only web links leave the shop; anything else stored as a URL is treated as missing. */
export function webUrl(raw: string | null | undefined): string | null {
  if (!raw) return null
  try {
    const url = new URL(raw)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

/** How a merchant link opens (issue 26): a new tab, no opener or referrer, marked as a paid link. */
export const MERCHANT_LINK = { target: '_blank', rel: 'noopener noreferrer sponsored' } as const

/**
 * Opens `url` in a new tab through a link with MERCHANT_LINK's attributes, so the shop stays
 * open behind it (issue 26: "the merchant opens in the same tab"). Called within the Buy Now
 * click's user activation, so browsers let the tab open.
 */
export function openMerchant(url: string): void {
  const link = document.createElement('a')
  link.href = url
  link.target = MERCHANT_LINK.target
  link.rel = MERCHANT_LINK.rel
  document.body.append(link)
  link.click()
  link.remove()
}

/** The person and occasion a gift is for: ids, or undefined when not chosen. */
export interface BuySelection {
  personId: number | undefined
  occasionId: number | undefined
}

/**
 * The buy flow (spec browsing-and-purchase §4 "Buy flow", §5, §8) for a signed-in user, given the
 * current selection: `buy(productId)` checks the selection (selectionError's messages), records
 * the click-through (POST /api/clickthrough; the server takes the user from the session), reports
 * the purchase to the data layer, fetches the affiliate URL (GET /api/redirect/{id}) and opens it
 * in a new tab (openMerchant; issue 26); `merchantUrl` is that URL afterwards, for a "Continue to
 * the shop" link in case the browser blocked the tab. `errorMessage` is what the "Error" dialog shows: a selection message, the
 * server's message, or "Failed to process purchase" / "Failed to get affiliate URL" / "No
 * affiliate URL found". `reset()` closes it.
 */
export function useBuyNow(selected: BuySelection) {
  const client = useTRPCClient()
  const mutation = useMutation({
    mutationFn: async ({ productId, chosen }: { productId: number; chosen: BuySelection | undefined }) => {
      const personId = chosen ? chosen.personId : selected.personId
      const occasionId = chosen ? chosen.occasionId : selected.occasionId
      const invalid = selectionError(personId, occasionId)
      if (invalid || personId === undefined || occasionId === undefined) throw new BuyError(invalid ?? '')
      const order = await client.orders.clickThrough
        .mutate({ productId, personId, occasionId })
        .catch((error: unknown) => {
          throw new BuyError(apiErrorMessage(error, ORDER_UI.purchaseFailed))
        })
      const { affiliateUrl } = await client.products.affiliateUrl.query({ id: productId }).catch((error: unknown) => {
        throw new BuyError(apiErrorMessage(error, ORDER_UI.getAffiliateUrlFailed))
      })
      const url = webUrl(affiliateUrl)
      if (!url) throw new BuyError(ORDER_UI.noAffiliateUrl)
      pushPurchase({ orderId: order.id, product: order.product, personId, occasionId })
      return url
    },
    onSuccess: (url) => openMerchant(url),
  })
  const errorMessage = mutation.isError
    ? mutation.error instanceof BuyError
      ? mutation.error.message
      : ORDER_UI.purchaseFailed
    : null
  return {
    /** Buys for the selection given to the hook, or for `chosen` (the Buy Now dialog's, issue 43 §4). */
    buy: (productId: number, chosen?: BuySelection) => mutation.mutate({ productId, chosen }),
    /** True from the click until the merchant's tab opens. */
    isPending: mutation.isPending,
    merchantUrl: mutation.isSuccess ? mutation.data : null,
    errorMessage,
    reset: () => mutation.reset(),
  }
}
