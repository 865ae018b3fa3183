/** Words of the wish-list pages (issue 23). */
export const WISH_LIST_UI = {
  listsTitle: 'Wish Lists',
  listsIntro:
    'Make a list of what you would like, share its link with the people who buy for you, and they claim items without you ever seeing who got what.',
  claimsTitle: 'My Claims',
  claimsIntro: "Items you said you'd get from other people's wish lists.",
  addToList: 'Add to a wish list',
  newList: 'New list',
  noLists: 'You have no wish lists yet.',
  noItems: 'This list is empty. Add products from the shop or items from anywhere.',
  noClaims: "You haven't claimed anything yet.",
  removed: "Removed by the list's owner",
  /** Issue 37: the owner changed the title, price or quantity after the claim. */
  changed: "Changed by the list's owner",
  claim: "I'll get this",
  unclaim: 'Unclaim',
  claimed: 'Claimed',
  signInToClaim: 'Sign in to claim',
  signedOutNote:
    "Claim with your name and email address, no account needed, or sign in to see what has been claimed. The list's owner never sees claims.",
  ownerNote: 'This is your list as others see it. Claims are hidden from you, so your presents stay a surprise.',
  shareIntro:
    'Anyone with this link can see the list and claim items, with an account or by confirming their email address. Renewing the link stops the old one, for everyone who had it.',
  loadError: 'Could not load the wish list',
  notFound: 'This wish list link does not work any more',
  groupGift: 'Group gift',
  pledge: 'Pledge',
  planned: 'Planned gifts',
  plannedEmpty: 'No planned gifts yet: link a shared wish list to this person and claim items from it.',
} as const
