/** UI messages of the buy flow and the orders screens (spec browsing-and-purchase §8, account-area §2, §8). */
export const ORDER_UI = {
  buyErrorTitle: 'Error',
  /** Issue 43 §4: the dialog where Buy Now's person and occasion are chosen (beyond the spec). */
  chooseTitle: 'Who is this gift for?',
  noPeople: 'Add the person you are buying for, then come back to this product.',
  cancel: 'Cancel',
  getAffiliateUrlFailed: 'Failed to get affiliate URL',
  noAffiliateUrl: 'No affiliate URL found',
  purchaseFailed: 'Failed to process purchase',
  loginRequired: 'Please log in to view your orders.',
  empty: 'No orders found.',
  productUnavailable: 'Product details unavailable',
  fetchOrdersFailed: 'Failed to fetch orders',
  fetchOrderFailed: 'Failed to fetch order',
  loadError: 'Error loading order information',
  notFound: "Order not found. The order may have been deleted or you don't have permission to view it.",
} as const
