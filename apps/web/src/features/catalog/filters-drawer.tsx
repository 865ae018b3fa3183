import { Drawer } from '@mantine/core'
import type { ReactNode } from 'react'
import { useOpenedAfterMount } from '../../lib/use-opened-after-mount'

/**
 * The listing's "Filters" drawer below 768 px (spec browsing-and-purchase §9): from the right,
 * 88% wide, its body filling it so "Apply Filters" sits at its foot. Its own chunk, loaded by
 * ListingPage when the drawer is first opened (docs/decisions/web-bundle.md).
 */
export default function FiltersDrawer({
  opened,
  onClose,
  children,
}: {
  opened: boolean
  onClose: () => void
  children: ReactNode
}) {
  // Mounted open on first use: see useOpenedAfterMount (focus back on "Filters" when closed).
  const shown = useOpenedAfterMount(opened)
  return (
    <Drawer
      opened={shown}
      onClose={onClose}
      title="Filters"
      closeButtonProps={{ 'aria-label': 'Close filters' }}
      position="right"
      size="88%"
      styles={{
        title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' },
        // The body fills the drawer, so "Apply Filters" sits at its foot.
        content: { display: 'flex', flexDirection: 'column' },
        body: { flex: 1, display: 'flex', flexDirection: 'column', paddingBottom: 0 },
      }}
    >
      {children}
    </Drawer>
  )
}
