/** UI text of My People, the person form and the person page (spec account-area §2, §4, §8). */
export const PEOPLE_UI = {
  myPeople: 'My People',
  addPerson: 'Add Person',
  addNewPerson: 'Add New Person',
  /** "Edit {name}". */
  editHeading: (name: string) => `Edit ${name}`,
  updatePerson: 'Update Person',
  adding: 'Adding...',
  updating: 'Updating...',
  cancel: 'Cancel',
  deletePerson: 'Delete Person',
  deleteTitle: 'Are you sure?',
  /** The delete dialog's text (spec account-area §2 "Delete dialog"). */
  deleteText: (name: string) =>
    `This action cannot be undone. This will permanently delete ${name}'s profile, including all their events and personalized data.`,
  delete: 'Delete',
  back: 'Back',
  editProfile: 'Edit Profile',
  profileSummary: 'Profile Summary',
  eventsTitle: 'Events & Important Dates',
  /** Issue 43 §4: opens the Add Event dialog for this person. */
  addDate: 'Add a date',
  giftIdeas: 'Gift Ideas',
  notFound: 'Person not found',
  emptyTitle: 'Get started with people',
  emptyAction: 'Add your first person',
  noMatchesTitle: 'No matches found',
  clearFilters: 'Clear filters',
  addPersonLower: 'Add person',
  filters: 'Filters',
  clearAll: 'Clear All',
  applyFilters: 'Apply Filters',
  allQualityLevels: 'All Quality Levels',
  /** "All (n)". */
  all: (count: number) => `All (${count})`,
  errorTitle: 'Error',
  createFailed: 'Failed to create person',
  updateFailed: 'Failed to update person details',
  deleteFailed: 'Failed to delete person',
  fetchPeopleFailed: 'Failed to fetch people',
  /** "Failed to fetch person: {status} {text}" (§8): tRPC gives the code and the server's text. */
  fetchPersonFailed: (status: string, text: string) => `Failed to fetch person: ${status} ${text}`,
  fetchOccasionsFailed: 'Failed to fetch occasions',
  fetchEventsFailed: 'Failed to fetch events',
  importantDates: 'Important Dates',
  addImportantDate: 'Add Important Date',
  addEvent: 'Add Event',
  saveFirst: 'Save the person first to add important dates',
  noImportantDates: 'No important dates added yet. Add a birthday, anniversary or other special date.',
  addEventFailed: 'Failed to add event',
  deleteEventFailed: 'Failed to delete event',
} as const

/** After adding an event, the person's data is read again after this delay (spec account-area §4, §9). */
export const EVENT_REFRESH_DELAY_MS = 300
