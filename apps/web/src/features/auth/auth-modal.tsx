import { Modal } from '@mantine/core'
import { useOpenedAfterMount } from '../../lib/use-opened-after-mount'
import { AuthPanel, type AuthTab } from './auth-panel'

interface AuthModalProps {
  opened: boolean
  onClose: () => void
  initialTab?: AuthTab
  /** Where the confirmation mail of a registration made here leads back to (issue 43 §4). */
  returnTo?: string
}

/**
 * The landing page's auth modal (spec browsing-and-purchase §1, §2): tabs Sign In and Register
 * and a close button. A successful sign-in closes it; the page behind becomes the signed-in home.
 * Its content unmounts on close, so every opening starts fresh.
 */
export function AuthModal({ opened, onClose, initialTab, returnTo }: AuthModalProps) {
  // Mounted open on first use (landing.tsx): see useOpenedAfterMount (focus back on the button).
  const shown = useOpenedAfterMount(opened)
  return (
    <Modal
      opened={shown}
      onClose={onClose}
      title="Welcome to Presently"
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="md"
      radius="lg"
      padding="lg"
      styles={{ title: { fontFamily: 'var(--mantine-font-family-headings)', fontWeight: 700, fontSize: '1.35rem' } }}
    >
      <AuthPanel initialTab={initialTab} onSignedIn={onClose} onLeave={onClose} returnTo={returnTo} />
    </Modal>
  )
}
