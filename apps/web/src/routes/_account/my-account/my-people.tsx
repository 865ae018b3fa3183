import { createFileRoute } from '@tanstack/react-router'
import { MyPeople } from '../../../features/people/my-people'
import { pageTitle } from '../../../lib/page-title'

export const Route = createFileRoute('/_account/my-account/my-people')({
  head: () => ({ meta: [{ title: pageTitle('My People') }] }),
  component: MyPeople,
})
