import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from './-components/home-page'
import { HOME_TITLE } from '../lib/page-title'

// Guards send visitors to /home (spec browsing-and-purchase §2), so it is the home page too.
export const Route = createFileRoute('/home')({
  head: () => ({ meta: [{ title: HOME_TITLE }] }),
  component: HomePage,
})
