import { createFileRoute } from '@tanstack/react-router'
import { PlanPage } from '../../../../../features/gifts/plan-page'

export const Route = createFileRoute('/_account/my-account/plan/$occasion/$year')({
  head: ({ params }) => ({ meta: [{ title: `${params.occasion} ${params.year} plan` }] }),
  component: MyAccountPlanPage,
})

/** The occasion plan (issue 22): /my-account/plan/{occasion}/{year}. */
function MyAccountPlanPage() {
  const { occasion, year } = Route.useParams()
  return <PlanPage occasion={occasion} year={year} />
}
