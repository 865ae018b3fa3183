import { lazy, Suspense } from 'react'
import { useSession } from '../session/session'
import type { AddToListProps } from './add-to-list-signed-in'

// The menu, its dialog and their floating-ui/Modal code load only for a signed-in user: visitors'
// listings and product pages never fetch them (docs/decisions/web-bundle.md).
const SignedInAddToList = lazy(() => import('./add-to-list-signed-in'))

/**
 * "Add to a wish list" beside the like button (issue 23): a menu of the user's lists and "New
 * list" (named in a dialog, then the product is added to it). Signed-in users only.
 */
export function AddToListMenu(props: AddToListProps) {
  const { user } = useSession()
  if (!user) return null
  return (
    <Suspense fallback={null}>
      <SignedInAddToList {...props} />
    </Suspense>
  )
}
