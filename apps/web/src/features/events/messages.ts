/** UI messages of the Important Events page, the home panel and the product banner (spec account-area §2, §5, §8). */
export const EVENT_UI = {
  title: 'Important Events',
  intro: 'Birthdays, anniversaries and other dates to remember.',
  listTitle: 'Events & Important Dates',
  showAll: 'Show All Events',
  empty: 'No events found',
  /** Issue 26: the section under the month's list, and the caption of "Show All Events". */
  comingUpTitle: 'Coming up',
  comingUpCaption: 'The next 12 months, soonest first',
  allCaption: 'All events, soonest first',
  noEvents: 'No important dates added yet. Add a birthday, anniversary or other special date.',
  loadErrorTitle: 'Error loading events',
  loadError: 'There was a problem loading your events. Please try again later.',
  invalidDate: 'Invalid date',
  addButton: 'Add Event',
  addTitle: 'Add Important Date',
  adding: 'Adding...',
  cancel: 'Cancel',
  deleteTitle: 'Confirm Event Deletion',
  deleteButton: 'Delete',
  deleting: 'Deleting...',
  fillAllFields: 'Please fill in all fields to add an event.',
  personRequired: "Please select who you're buying for",
  occasionRequired: 'Please select an occasion',
  dateRequired: 'Event date is required',
  noPeople: 'Add a person first to record their important dates.',
  addPerson: 'Add Person',
  addFailed: 'Failed to add event',
  deleteFailed: 'Failed to delete event',
  fetchFailed: 'Failed to fetch events',
  upcomingTitle: 'Upcoming Events',
  upcomingEmpty: 'No events in the next 30 days.',
  /** Under the home panel's list while cards are hidden below (issue 26). */
  upcomingMore: (total: number) => `${total} events in the next 30 days: scroll the list for more`,
  manageEvents: 'Manage important dates',
  findGift: 'Find Gift',
  chooseEvent: 'Choose',
  chosenEvent: 'Chosen',
} as const

/** The private calendar feed's part of the events page (issue 9, docs/decisions/calendar-feed.md). */
export const CALENDAR_LINK_UI = {
  title: 'Add these dates to your calendar',
  intro:
    'Subscribe to this private link in Google Calendar, Apple Calendar or Outlook and your important dates stay up to date there. Anyone with the link can see the dates, so keep it to yourself.',
  copy: 'Copy calendar link',
  copied: 'Calendar link copied',
  copyFailed: 'Could not copy: select the link and copy it yourself.',
  reset: 'Reset link',
  resetting: 'Resetting...',
  resetDone: 'New calendar link made. The old link no longer works.',
  resetHint: 'Reset link makes a new link; the old one stops working.',
  hiddenLink:
    'Your calendar link is on. It is shown only when it is made: reset it to get a new link (the old one stops working).',
  inputLabel: 'Calendar link',
  failed: 'Failed to make a calendar link',
} as const
