import { createFileRoute } from '@tanstack/react-router'
import { PromotionNotFound } from '../../features/catalog/promotion-not-found'
import { pageTitle } from '../../lib/page-title'

// /promo without a name: no promotion to show (spec browsing-and-purchase §2).
export const Route = createFileRoute('/promo/')({
  head: () => ({ meta: [{ title: pageTitle('Promotion') }] }),
  component: PromotionNotFound,
})
