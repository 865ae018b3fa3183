import {} from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { PageContainer } from '../../features/layout/page-container'
import { StatusMessage } from '../../features/catalog/status-message'
import { titleCase } from '../../features/catalog/category-names'
import { ButtonLink } from '../../lib/links'

/** Promotion listing (spec browsing-and-purchase §2). Promotions arrive in a later issue. */
export const Route = createFileRoute('/promo/$promoName')({
  head: () => ({ meta: [{ title: 'Promotion' }] }),
  component: PromoPage,
})

function PromoPage() {
  const { promoName } = Route.useParams()
  const name = titleCase(decodeURIComponent(promoName).replace(/-/g, ' '))
  return (
    <PageContainer>
      <StatusMessage
        order={1}
        title={name}
        action={
          <ButtonLink to="/" variant="light">
            Browse categories
          </ButtonLink>
        }
      >
        No Products Available
      </StatusMessage>
    </PageContainer>
  )
}
