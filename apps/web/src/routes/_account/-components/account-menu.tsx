import { Paper } from '@mantine/core'
import { IconCalendarEvent, IconHeart, IconMail, IconReceipt, IconSettings, IconUsers } from '@tabler/icons-react'
import { NavLinkLink } from '../../../lib/links'

const entries = [
  { to: '/my-account/events', label: 'Important Events', Icon: IconCalendarEvent },
  { to: '/my-account/my-people', label: 'My People', Icon: IconUsers },
  { to: '/my-account/liked-products', label: 'Liked Products', Icon: IconHeart },
  { to: '/my-account/my-orders', label: 'My Orders', Icon: IconReceipt },
  { to: '/my-account/profile', label: 'Account Settings', Icon: IconSettings },
] as const

/**
 * Side menu of the account area (account-area §2). Email Manager shows only for staff or admins.
 * The mobile drawer and Logout arrive with accounts.
 */
export function AccountMenu({ isStaff }: { isStaff: boolean }) {
  return (
    <Paper component="nav" aria-label="My account" withBorder radius="md" p="xs">
      {entries.map(({ to, label, Icon }) => (
        <NavLinkLink
          key={to}
          to={to}
          label={label}
          leftSection={<Icon size={18} aria-hidden />}
          activeProps={{ 'data-active': true, 'aria-current': 'page' }}
        />
      ))}
      {isStaff ? (
        <NavLinkLink
          to="/admin/tools"
          label="Email Manager"
          leftSection={<IconMail size={18} aria-hidden />}
          activeProps={{ 'data-active': true, 'aria-current': 'page' }}
        />
      ) : null}
    </Paper>
  )
}
