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
