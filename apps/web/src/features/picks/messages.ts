/** Texts of the gift picks (issue 20). */
export const PICKS_UI = {
  title: (name: string) => `Gift ideas for ${name}`,
  loading: 'Finding gift ideas…',
  error: 'Unable to load gift ideas',
  empty: (name: string) => `No products in the shop fit ${name} for this occasion yet.`,
  budget: (max: number | null, source: string) =>
    max === null ? 'Any price' : source === 'options' ? `Up to £${max} (from the profile's budget)` : `Up to £${max}`,
  budgetLabel: 'Budget per gift',
  /** The override box when empty: the budget in force (profile, event, options), else "Any". */
  budgetPlaceholder: (max: number | null) => (max === null ? 'Any' : `£${max}`),
  buyNow: 'Buy Now',
  notFor: (name: string) => `Not for ${name}`,
  dismissFailed: 'Could not hide that product. Please try again.',
  dismissedTitle: (name: string) => `Hidden from ${name}'s gift ideas`,
  undo: 'Undo',
  undoLabel: (title: string) => `Show ${title} again`,
  fetchFailed: (message: string) => `Failed to fetch gift ideas: ${message}`,
  /** Issue 43: where the honesty line leads when the shop has little for the person. */
  wayOnIntro: 'Other ways to find something:',
  wayOnFinder: 'Try the gift finder',
  wayOnWishList: 'Add an idea from any shop to a wish list',
} as const
