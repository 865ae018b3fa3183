import { Center, Loader } from '@mantine/core'
import { useSession } from '../../features/session/session'
import { Landing } from './landing'
import { HomeSkeleton } from './home-skeleton'
import { lazy, Suspense } from 'react'

// Signed-in only (the welcome start's form, the upcoming events panel, the recommendations): the
// landing page does not load it (docs/decisions/web-bundle.md).
const SignedInHome = lazy(() => import('./signed-in-home'))

/**
 * Home (/ and /home, spec browsing-and-purchase §1). Signed-out visitors get the landing page
 * (with the tiles below it); signed-in users get the collapsible Upcoming Events panel, the
 * Recommendations block when a person and an occasion are both selected, and the category and
 * occasion tiles (SignedInHome, a lazy chunk the landing page never loads). A first visit after
 * sign-up gets the short start (FirstStart) instead of "Welcome back" (issue 26).
 */
export function HomePage() {
  const { user, isPending } = useSession()
  if (isPending) return <HomeLoading />
  if (!user) return <Landing />
  return (
    <Suspense fallback={<HomeSkeleton />}>
      <SignedInHome />
    </Suspense>
  )
}

/** While the session is unknown (at most a moment: main.tsx waits for it before the first render). */
function HomeLoading() {
  return (
    <Center py={120}>
      <Loader role="status" aria-label="Loading" />
    </Center>
  )
}
