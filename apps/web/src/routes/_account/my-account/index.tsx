import { createFileRoute, redirect } from '@tanstack/react-router'

// /my-account opens the events screen (account-area §2).
export const Route = createFileRoute('/_account/my-account/')({
  head: () => ({ meta: [{ title: 'My Account' }] }),
  beforeLoad: () => {
    throw redirect({ to: '/my-account/events', replace: true })
  },
})
