/**
 * The page data layer (spec browsing-and-purchase §1): a Google Tag Manager style `dataLayer`
 * array on window. It mirrors the selected person and occasion (the pickers arrive in a later
 * issue) and goes back to an anonymous state on logout (§4 "Session").
 */

/** One entry of the data layer; GTM also accepts functions, run with its data model as `this`. */
export type DataLayerEntry = Record<string, unknown> | ((this: { reset: () => void }) => void)

declare global {
  interface Window {
    dataLayer?: DataLayerEntry[]
  }
}

/** The state of a visitor who is not signed in and has picked nobody. */
export const ANONYMOUS_STATE = {
  event: 'session_reset',
  loginState: 'anonymous',
  userId: null,
  personId: null,
  occasionId: null,
} as const

/** Appends an entry, creating the layer when no tag manager did. */
export function pushToDataLayer(entry: DataLayerEntry): void {
  window.dataLayer ??= []
  window.dataLayer.push(entry)
}

/**
 * Forgets everything the layer knew about the signed-in user: GTM's data model is reset (the
 * function form is GTM's documented way to do it; other consumers ignore it), then the
 * anonymous state is pushed so tags that read the latest values see nobody selected.
 */
export function resetDataLayer(): void {
  pushToDataLayer(function (this: { reset: () => void }) {
    this.reset()
  })
  pushToDataLayer({ ...ANONYMOUS_STATE })
}

/** What the data layer reports of one purchase (a click-through to the merchant). */
export interface PurchaseEntry {
  /** The order's id (the click-through's). */
  orderId: number
  product: { id: number; awProductId: number; title: string; price: number }
  personId: number
  occasionId: number
}

/**
 * Reports a purchase (issue 11: "Orders" in the page data layer) as GA4's recommended `purchase`
 * event: transaction_id is the order's id, value the price in GBP, one item with the
 * affiliate-network id as item_id. The previous ecommerce object is cleared first, as Google's
 * ecommerce guide asks, so tags never merge two purchases. The selected person and occasion ride
 * along (spec browsing-and-purchase §1: the layer mirrors them).
 */
export function pushPurchase({ orderId, product, personId, occasionId }: PurchaseEntry): void {
  pushToDataLayer({ ecommerce: null })
  pushToDataLayer({
    event: 'purchase',
    personId,
    occasionId,
    ecommerce: {
      transaction_id: String(orderId),
      currency: 'GBP',
      value: product.price,
      items: [{ item_id: String(product.awProductId), item_name: product.title, price: product.price, quantity: 1 }],
    },
  })
}
