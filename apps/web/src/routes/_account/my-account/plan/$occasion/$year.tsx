import { createFileRoute } from '@tanstack/react-router'
import { PlanPage } from '../../../../../features/gifts/plan-page'
import { planTitle } from '../../../../../features/gifts/plan-title'
import { occasionsQueryOptions } from '../../../../../features/selection/query-options'
import { pageTitle } from '../../../../../lib/page-title'

export const Route = createFileRoute('/_account/my-account/plan/$occasion/$year')({
  // The title names the occasion by its label ("Christmas 2026 plan"), not as the address spells
  // it; the occasions are the header pickers' cached list, and a failed read leaves "Plan".
  loader: async ({ context, params }) => {
    const occasions = await context.queryClient.ensureQueryData(occasionsQueryOptions(context.trpc)).catch(() => [])
    return { title: planTitle(params.occasion, params.year, occasions) }
  },
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.title ?? 'Plan') }] }),
  component: MyAccountPlanPage,
})

/** The occasion plan (issue 22): /my-account/plan/{occasion}/{year}. */
function MyAccountPlanPage() {
  const { occasion, year } = Route.useParams()
  return <PlanPage occasion={occasion} year={year} />
}
