import { IconArrowLeft } from '@tabler/icons-react'
import { ButtonLink } from '../../lib/links'
import { PEOPLE_UI } from './messages'

/** The Back button of the people screens (spec account-area §2). */
export function BackLink(
  props: { to: '/my-account/my-people' } | { to: '/my-account/person/$id'; params: { id: string } },
) {
  return (
    <div>
      <ButtonLink
        {...props}
        variant="subtle"
        size="compact-md"
        px={6}
        leftSection={<IconArrowLeft size={18} aria-hidden />}
      >
        {PEOPLE_UI.back}
      </ButtonLink>
    </div>
  )
}
