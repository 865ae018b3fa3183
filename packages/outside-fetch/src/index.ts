/**
 * @presently/outside-fetch: the one guarded way the shop fetches from other sites (link
 * previews, pictures, scheduled catalog feed downloads). Issue 38; docs/decisions/outside-fetch.md.
 *
 *   const fetcher = createOutsideFetcher({ userAgent: 'PresentlyBot/1.0 (+https://shop.example/)' })
 *   const page = await fetcher.fetch(url, { acceptTypes: ['text/html'] })      // 2 MB, 8 s, 5 redirects
 *   const feed = await fetcher.open(feedUrl, { maxBytes: 500 * 2 ** 20, timeoutMs: 600_000 })
 *   feed.body.pipe(...)                                                          // streamed, capped
 *
 * Failures are OutsideFetchError with a `reason` (blocked-address, timeout, too-large, ...).
 */
export {
  createOutsideFetcher,
  DEFAULT_LIMITS,
  type OutsideFetcher,
  type OutsideFetcherOptions,
  type OutsideFetchLimits,
  type OutsideHead,
  type OutsideRequestOptions,
  type OutsideResponse,
  type OutsideStream,
} from './fetcher.ts'
export { OutsideFetchError, isOutsideFetchError, type OutsideFetchFailure } from './errors.ts'
export { testOnlyAllowList, loopbackOriginProblem, TestAllowList } from './test-allow-list.ts'
export { ALLOWED_PORTS, checkUrl, redactedUrl } from './url-rules.ts'
