import { lazy, Suspense } from 'react'
import { useSession } from '../session/session'
import type { DisableProductButtonProps } from './staff-disable-button'

// Staff only: shoppers' listings and product pages never fetch the button and its dialog.
const StaffDisableButton = lazy(() => import('./staff-disable-button'))

/**
 * Staff's button that disables a product, or enables a disabled one (spec account-area §2
 * "Product buttons": staff and admins only; the server checks again). Busy while the call is in
 * flight; afterwards, or on failure, the product queries are refreshed (§4, §8: failures are
 * logged) so listings drop or regain the product at once. Disabling asks for confirmation first
 * (issue 26); enabling does not.
 */
export function DisableProductButton(props: DisableProductButtonProps) {
  const { user } = useSession()
  if (!user || !(user.is_staff || user.is_admin)) return null
  return (
    <Suspense fallback={null}>
      <StaffDisableButton {...props} />
    </Suspense>
  )
}
