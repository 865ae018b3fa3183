import { lazy, Suspense, useState } from 'react'
import type { BuyChoiceModalProps } from './buy-choice-modal'

const BuyChoiceModal = lazy(() => import('./buy-choice-modal'))

/**
 * Buy Now without a person or an occasion (issue 43 §4): instead of a dead end titled "Error",
 * a dialog with the spec's selection message ("Please select both a person and an occasion",
 * browsing-and-purchase §5) where the person and the occasion are chosen, and Buy Now goes on.
 * Open while `message` is not null; loaded on first use.
 */
export function BuyChoiceDialog(props: BuyChoiceModalProps) {
  const [wanted, setWanted] = useState(false)
  if (!wanted && props.message !== null) setWanted(true)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <BuyChoiceModal {...props} />
    </Suspense>
  )
}
