import { createFileRoute } from '@tanstack/react-router'
import { PersonDetail } from '../../../../features/people/person-detail'
import { pageTitle } from '../../../../lib/page-title'

export const Route = createFileRoute('/_account/my-account/person/$id')({
  head: () => ({ meta: [{ title: pageTitle('Person Details') }] }),
  component: MyAccountPersonIdPage,
})

/** Person detail (spec account-area §2). */
function MyAccountPersonIdPage() {
  const { id } = Route.useParams()
  return <PersonDetail id={id} />
}
