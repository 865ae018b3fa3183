/** UI messages of likes and the Liked Products page (spec account-area §2, §8). */
export const LIKE_UI = {
  title: 'Liked Products',
  subtitle: "Products you've liked and saved for future reference",
  empty: "You haven't liked any products yet.",
  /** "Error loading liked products: <message>". */
  loadError: (message: string) => `Error loading liked products: ${message}`,
  fetchFailed: 'Failed to fetch liked products',
  fetchAssociationsFailed: 'Failed to fetch associations',
  saveFailed: 'Failed to save associations',
  copyFailed: 'Failed to copy association',
  toggleFailed: 'Failed to toggle product like',
  dropHere: 'Drop here to create event association',
  unavailable: 'No longer available',
  personEmpty: 'No liked products for this person and occasion yet.',
  undo: 'Undo',
} as const

/** How long the like button stays locked after a click (spec account-area §9 "like button lock 500 ms"). */
export const LIKE_LOCK_MS = 500
