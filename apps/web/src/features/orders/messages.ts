/** UI messages of the buy flow and the orders screens (spec browsing-and-purchase §8, account-area §2, §8). */
export const ORDER_UI = {
  buyErrorTitle: 'Error',
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
