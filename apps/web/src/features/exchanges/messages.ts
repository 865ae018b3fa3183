/** Words of the gift-exchange pages (issue 36), UK English. */
export const EXCHANGE_UI = {
  listTitle: 'Gift Exchanges',
  listIntro:
    'Organise a Secret Santa for the office, the family or friends: everyone draws one person and buys them a present within the limit. Nobody but the giver learns who drew whom.',
  newTitle: 'New gift exchange',
  none: 'You are not in any gift exchange yet.',
  linkNotFound: 'This exchange link does not work any more',
  loadError: 'Could not load the exchange',
  limitLine: (limit: string) => `Spending limit ${limit}`,
  joinTitle: 'Join the exchange',
  joinIntro: (deadline: string) =>
    `Join by ${deadline} to be in the draw. Once names are drawn you will see who you are buying for, their list and gift ideas.`,
  waitingTitle: 'You are in',
  waiting: (deadline: string) =>
    `Names will be drawn after sign-up closes on ${deadline}. We will email you when you can open your match. Meanwhile, add a few things you would like below.`,
  drawnTitle: 'Names are drawn',
  openIntro: 'Open your match to see who you are buying for. Keep it to yourself!',
  youDraw: (name: string) => `You are buying for ${name}`,
  budgetLine: (limit: string, date: string) => `Spend up to ${limit}. Presents are exchanged on ${date}.`,
  ideasTitle: (limit: string) => `Gift ideas up to ${limit}`,
  noIdeas: 'No ideas from the shop yet: their list and hints will help.',
  gotIt: 'Got it: I have their present',
  askTitle: (name: string) => `Ask ${name} a question`,
  askIntro: 'They will not know who is asking. The organiser cannot read your messages.',
  santaTitle: 'Messages with your Santa',
  santaIntro: 'Your Santa can ask you questions; answer them or write to your Santa without learning who they are.',
  myListTitle: 'My list for this exchange',
  myListIntro: (limit: string) =>
    `Things you would like, up to ${limit}. Your Santa sees your list and hints (and is told by email, at most once a day, when they change).`,
  emptyList: 'Your list is empty. Add something you would like, or a few hints.',
  emailsOn: 'Email me about this exchange',
  attach: 'Add this exchange to my account',
  statusIntro: 'You see how far each person has got, never who drew whom: that stays between each Santa and the shop.',
  revealIntro:
    'Nobody can see the pairs, you included. Only in an emergency (someone must buy in another’s place) can you look: it is recorded and everyone is told.',
  revealWarning:
    'Revealing shows you every pair. It is recorded, and every participant is emailed that the organiser looked.',
} as const
