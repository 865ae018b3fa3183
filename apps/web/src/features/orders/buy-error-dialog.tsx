import { lazy, Suspense, useState } from 'react'

// Modal, focus trap, scroll lock and portal load with the first failure, not with every product
// page and pick list (docs/decisions/web-bundle.md).
const BuyErrorModal = lazy(() => import('./buy-error-modal'))

/**
 * The buy flow's failure dialog: titled "Error", the message, a "Close" button (spec
 * browsing-and-purchase §8). Open while `message` is not null; mounted from the first failure on,
 * so closing plays the modal's transition.
 */
export function BuyErrorDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  const [wanted, setWanted] = useState(false)
  if (!wanted && message !== null) setWanted(true)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <BuyErrorModal message={message} onClose={onClose} />
    </Suspense>
  )
}
