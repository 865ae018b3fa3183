import { createFileRoute } from '@tanstack/react-router'
import { MyPeople } from '../../../features/people/my-people'

export const Route = createFileRoute('/_account/my-account/my-people')({
  head: () => ({ meta: [{ title: 'My People' }] }),
  component: MyPeople,
})
