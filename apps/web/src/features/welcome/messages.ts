/** Words of the first-visit start on the home page (issue 26). */
export const WELCOME_UI = {
  title: 'Welcome to Presently',
  intro: 'Two quick steps to your first gift ideas.',
  step1: '1. Add the first person you buy for',
  step2: '2. Then see gift ideas for their birthday',
  /** Issue 43 §4: in November and December the start offers Christmas first. */
  step2Christmas: '2. Then see gift ideas for Christmas',
  interestsLabel: 'Two things they love',
  interestsHint: 'Pick two interests; you can add more later.',
  nameRequired: 'Please enter a name',
  relationshipRequired: 'Please select a relationship',
  birthdayRequired: 'Please enter their birthday',
  save: 'Save and show gift ideas',
  skip: 'Skip for now',
  /** Heading once the start is done, on the same visit: "Gift ideas for Mum". */
  ideasFor: (name: string) => `Gift ideas for ${name}`,
  welcomeBack: 'Welcome back',
} as const
