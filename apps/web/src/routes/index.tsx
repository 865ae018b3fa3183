import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from './-components/home-page'
import { HOME_TITLE } from '../lib/page-title'

export const Route = createFileRoute('/')({
  head: () => ({ meta: [{ title: HOME_TITLE }] }),
  component: HomePage,
})
