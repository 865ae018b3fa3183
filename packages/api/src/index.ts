export { appRouter, createCaller, type AppRouter } from './root.ts'
export type { Context, SessionUser, AuthPlumbing, RateLimitedAction } from './trpc.ts'
export { limitedLogin, limitedLoginWithCode, login } from './services/auth/login.ts'
export {
  issueSignInCode,
  spendSignInCode,
  SIGN_IN_CODE_LIFETIME_MS,
  SIGN_IN_CODE_MAX_ATTEMPTS,
} from './services/auth/sign-in-code.ts'
export { register } from './services/auth/register.ts'
export { confirmEmail, resendConfirmation } from './services/auth/confirm-email.ts'
export { forgotPassword, resetPassword, validateResetToken } from './services/auth/reset-password.ts'
export { unsubscribe } from './services/auth/unsubscribe.ts'
export { signInWithGoogle, type GoogleClaims } from './services/auth/google-sign-in.ts'
export {
  validateSessionToken,
  invalidateSession,
  invalidateSessionToken,
  invalidateUserSessions,
  startSession,
  SESSION_LIFETIME_MS,
  type Session,
  type SessionValidation,
  type DataVersions,
} from './services/auth/session.ts'
export { getSessionUser } from './services/auth/users.ts'
export { EMAIL_TOKEN_LIFETIME_MS } from './services/auth/email-tokens.ts'
export type { MailDeps, DeferredMailDeps, AfterResponse } from './services/auth/auth-emails.ts'
export { setPassword } from './services/account/set-password.ts'
export { changePassword } from './services/account/change-password.ts'
export { updateUnsubscribed } from './services/account/update-unsubscribed.ts'
export { updateDisplayName } from './services/account/update-display-name.ts'
export { getWelcome, finishWelcome } from './services/account/welcome.ts'
export { setRole, ensureAdmin, type RoleHolder } from './services/account/roles.ts'
export { listProducts } from './services/products/list-products.ts'
export { getProduct } from './services/products/get-product.ts'
export { getMaxPrice } from './services/products/get-max-price.ts'
export { getFormattedDescription } from './services/products/get-formatted-description.ts'
export { formatDescription } from './services/products/format-description.ts'
export { getAffiliateUrl } from './services/products/get-affiliate-url.ts'
export { categoryTreeWithCounts, type CategoryNode } from './services/categories/category-tree.ts'
export { searchCategoriesWithCounts, promoCategoriesWithCounts } from './services/categories/search-categories.ts'
export { suggestSearches } from './services/products/suggest-searches.ts'
export { getPromoByName, getPromo, listPromoProducts, type Promo, type PromoProduct } from './services/promos/promos.ts'
export {
  getVariantStatus,
  getVariantGroup,
  type VariantGroup,
  type VariantStatus,
} from './services/variants/variants.ts'
export {
  listRelationships,
  listOccasions,
  listInterests,
  listOptionCategories,
  listGiftPreferenceGroups,
  type OptionKind,
} from './services/reference/reference-data.ts'
export { listPeople, loadPeople } from './services/people/load-people.ts'
export { createPerson, updatePerson, deletePerson, getPerson } from './services/people/save-person.ts'
export { personInput } from './router/people.ts'
export {
  addEventForPeople,
  listEvents,
  listPersonEvents,
  createEvent,
  deleteEvent,
  updateEvent,
} from './services/events/events.ts'
export {
  renderCalendarFeed,
  resetCalendarLink,
  hasCalendarLink,
  removeCalendarLink,
  calendarPath,
} from './services/events/calendar-feed.ts'
export { toggleLike, listLikedProductIds } from './services/likes/toggle-like.ts'
export {
  likedProductsJson,
  listLikedProducts,
  listLikedProductsPage,
  listPersonOccasionLikes,
} from './services/likes/liked-products.ts'
export { listAssociations, replaceAssociations, copyAssociation } from './services/likes/associations.ts'
export { recordClickThrough } from './services/orders/record-click-through.ts'
export { listOrders, getOrder } from './services/orders/orders.ts'
export { toggleProductDisabled } from './services/products/toggle-disabled.ts'
export { recommendForPerson, type RecommendForPersonOptions } from './services/recommendations/recommend-for-person.ts'
export { catalogModelFor } from './services/recommendations/catalog-model.ts'
export { LLM_DEFAULTS, type LlmConfig } from './services/recommendations/llm-rerank.ts'
export {
  productPicksForPerson,
  type PickSources,
  type PickSubject,
  type ProductPicksOptions,
} from './services/picks/product-picks-for-person.ts'
export { dismissProduct, undoDismissal, listDismissedProducts } from './services/picks/dismissals.ts'
export {
  SCHEDULER_APPLICATION_NAME,
  startJobScheduler,
  type JobScheduler,
  type SchedulerOptions,
  type ExtraJob,
} from './services/jobs/scheduler.ts'
export { runCampaign, type JobRunResult, type CampaignDeps } from './services/jobs/run-campaign.ts'
export { getJobStatus, setJobEnabled, setJobSchedule } from './services/jobs/job-settings.ts'
export { renderJobEmail, sendJobTestEmail } from './services/jobs/preview.ts'
export {
  runReminders,
  queueReminders,
  type ReminderDeps,
  type ReminderRunStats,
} from './services/reminders/run-reminders.ts'
export { productPickIdeas, recommendedCategoryIdeas, type GiftIdeasSource } from './services/reminders/gift-ideas.ts'
export { getReminderSettings, saveReminderSettings, unsubscribeFromReminders } from './services/reminders/settings.ts'
export { getPriceHistory } from './services/prices/price-history.ts'
export { getWatchedPrices } from './services/prices/watched-prices.ts'
export {
  getPriceAlertSettings,
  savePriceAlertSettings,
  unsubscribeFromPriceAlerts,
  PRICE_ALERTS_UNSUBSCRIBED,
} from './services/prices/alert-settings.ts'
export {
  runPriceAlerts,
  queuePriceAlerts,
  type PriceAlertDeps,
  type PriceAlertRunStats,
} from './services/prices/run-price-alerts.ts'
export {
  resolveVapidKeys,
  webPushSender,
  sendDuePush,
  subscribePush,
  unsubscribePush,
  isAllowedPushEndpoint,
  type PushSend,
  type VapidKeys,
} from './services/prices/push.ts'
export type { PushContext, FeedsContext } from './trpc.ts'
export {
  validateSchedule,
  describeSchedule,
  nextRunAfter,
  periodStart,
  JOB_NAMES,
  type JobName,
} from './services/jobs/schedule.ts'
export {
  listWishLists,
  getWishList,
  createWishList,
  updateWishList,
  deleteWishList,
  shareWishList,
  revokeWishListShare,
} from './services/wish-lists/owner-lists.ts'
export { addWishListItem, updateWishListItem, deleteWishListItem } from './services/wish-lists/owner-items.ts'
export {
  getSharedList,
  claimItem,
  unclaimItem,
  pledgeToItem,
  linkSharedList,
} from './services/wish-lists/shared-list.ts'
export { listMyClaims, listGuestClaims, plannedGiftsForPerson } from './services/wish-lists/claims.ts'
export { generateShareToken, looksLikeShareToken } from './services/wish-lists/share-token.ts'
export {
  generateLinkToken,
  hashLinkToken,
  looksLikeLinkToken,
  sameLinkToken,
} from './services/secret-links/link-token.ts'
export {
  REDACTED,
  fullyDecode,
  hasNamedSecret,
  isSecretName,
  redactLogLine,
  redactUrl,
} from './services/secret-links/redact.ts'
export { listGifts, createGift, updateGift, deleteGift, resolveGiftProduct } from './services/gifts/gift-history.ts'
export { setOrderOutcome } from './services/gifts/order-outcome.ts'
export { getBudgets, saveBudgets, remainingBudget, type RemainingBudget } from './services/gifts/budgets.ts'
export { getPlan } from './services/gifts/plan.ts'
export { givenProductIds } from './services/gifts/given-products.ts'
export { giftInput } from './router/gifts.ts'
export {
  CATALOG_VERSION_APPLICATION,
  CATALOG_VERSION_CHANNEL,
  catalogVersionOf,
  watchCatalogVersion,
  type CatalogVersionWatcher,
} from './services/catalog-version.ts'
export { AnswerBytesScope, catalogCacheStats, keepingAnswerBytes } from './services/catalog-cache.ts'
export { userReadCacheStats } from './services/account-cache.ts'
export { previewLink, type LinkPreviewSettings } from './services/link-previews/preview-link.ts'
export { readPicture } from './services/link-previews/picture.ts'
// Types only: the reader (and cheerio) loads on a server's first link preview (issue 44).
export type { PageFacts } from './services/link-previews/read-product-page.ts'
// Guest identity (issue 37): one table, one sealed cookie, one confirmation flow (docs/decisions/guests.md).
export * from './services/guests/index.ts'
export {
  guestClaimItem,
  guestPledgeToItem,
  guestUnclaimItem,
  guestClaimsPage,
  guestRemoveByItem,
  setWatch,
  type GuestActor,
} from './services/wish-lists/guest-claims.ts'
export { runListDigests, type ListDigestStats } from './services/wish-lists/list-digests.ts'
export { releaseExpiredHolds } from './services/wish-lists/claim-rules.ts'
export { INTERNAL_JOBS, type InternalJobName } from './services/jobs/internal-jobs.ts'
export type { GuestPlumbing } from './trpc.ts'
export * from './services/exchanges/index.ts'
export {
  findGifts,
  giftCollection,
  listFinderInterests,
  listGiftCollections,
} from './services/gift-finder/find-gifts.ts'
export { catalogPages, type CatalogPages } from './services/seo/catalog-pages.ts'
export { productPageData, categoryPageData, type ProductPageData } from './services/seo/page-data.ts'
export {
  loadFeedConfigs,
  listFeeds,
  runFeedRefresh,
  downloadFeed,
  type FeedConfig,
  type FeedDownloadLimits,
} from './services/feeds/feed-refresh.ts'
