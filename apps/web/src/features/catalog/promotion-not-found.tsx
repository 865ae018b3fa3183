import { PageContainer } from '../layout/page-container'
import { StatusMessage } from './status-message'
import { ButtonLink } from '../../lib/links'

/** No promotion name given, or no promotion by that name (spec browsing-and-purchase §2). */
export function PromotionNotFound() {
  return (
    <PageContainer>
      <StatusMessage
        order={1}
        title="Promotion Not Found"
        action={
          <ButtonLink to="/" variant="light">
            Shop by occasion
          </ButtonLink>
        }
      >
        This promotion does not exist or has ended. Find a gift for another occasion instead.
      </StatusMessage>
    </PageContainer>
  )
}
