import { createCallerFactory, router } from './trpc.ts'
import { productsRouter } from './router/products.ts'
import { authRouter } from './router/auth.ts'
import { accountRouter } from './router/account.ts'
import { categoriesRouter } from './router/categories.ts'
import { promosRouter } from './router/promos.ts'
import { variantsRouter } from './router/variants.ts'
import { referenceRouter } from './router/reference.ts'
import { peopleRouter } from './router/people.ts'
import { eventsRouter } from './router/events.ts'
import { likesRouter } from './router/likes.ts'
import { ordersRouter } from './router/orders.ts'
import { recommendationsRouter } from './router/recommendations.ts'
import { jobsRouter } from './router/jobs.ts'
import { wishListsRouter } from './router/wish-lists.ts'
import { sharedListsRouter } from './router/shared-lists.ts'
import { guestsRouter } from './router/guests.ts'
import { giftsRouter } from './router/gifts.ts'
import { remindersRouter } from './router/reminders.ts'
import { exchangesRouter } from './router/exchanges.ts'
import { exchangeParticipantsRouter } from './router/exchange-participants.ts'
import { linkPreviewsRouter } from './router/link-previews.ts'
import { giftFinderRouter } from './router/gift-finder.ts'
import { pricesRouter } from './router/prices.ts'
import { feedsRouter } from './router/feeds.ts'

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  products: productsRouter,
  categories: categoriesRouter,
  promos: promosRouter,
  variants: variantsRouter,
  reference: referenceRouter,
  people: peopleRouter,
  events: eventsRouter,
  likes: likesRouter,
  orders: ordersRouter,
  recommendations: recommendationsRouter,
  jobs: jobsRouter,
  wishLists: wishListsRouter,
  sharedLists: sharedListsRouter,
  guests: guestsRouter,
  gifts: giftsRouter,
  reminders: remindersRouter,
  exchanges: exchangesRouter,
  exchangeParticipants: exchangeParticipantsRouter,
  linkPreviews: linkPreviewsRouter,
  giftFinder: giftFinderRouter,
  prices: pricesRouter,
  feeds: feedsRouter,
})

/** The API's type, imported by the web client. */
export type AppRouter = typeof appRouter

export const createCaller = createCallerFactory(appRouter)
