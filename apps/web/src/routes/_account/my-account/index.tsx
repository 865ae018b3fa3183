import { createFileRoute, redirect } from '@tanstack/react-router'
import { pageTitle } from '../../../lib/page-title'

// /my-account opens the events screen (account-area §2).
export const Route = createFileRoute('/_account/my-account/')({
  head: () => ({ meta: [{ title: pageTitle('My Account') }] }),
  beforeLoad: () => {
    throw redirect({ to: '/my-account/events', replace: true })
  },
})
