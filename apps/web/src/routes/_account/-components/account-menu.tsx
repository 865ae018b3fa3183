import { NavLink, Paper } from '@mantine/core'
import {
  IconCalendarEvent,
  IconGift,
  IconGiftCard,
  IconHeart,
  IconListCheck,
  IconLogout,
  IconMail,
  IconReceipt,
  IconSettings,
  IconUsers,
} from '@tabler/icons-react'
import { useLogout } from '../../../features/session/use-logout'
import { NavLinkLink } from '../../../lib/nav-link-link'

const entries = [
  { to: '/my-account/events', label: 'Important Events', Icon: IconCalendarEvent },
  { to: '/my-account/my-people', label: 'My People', Icon: IconUsers },
  { to: '/my-account/liked-products', label: 'Liked Products', Icon: IconHeart },
  { to: '/my-account/lists', label: 'Wish Lists', Icon: IconListCheck },
  { to: '/my-account/claims', label: 'My Claims', Icon: IconGift },
  { to: '/exchanges', label: 'Gift Exchanges', Icon: IconGiftCard },
  { to: '/my-account/my-orders', label: 'My Orders', Icon: IconReceipt },
  { to: '/my-account/profile', label: 'Account Settings', Icon: IconSettings },
] as const

const activeProps = { 'data-active': true, 'aria-current': 'page' } as const

interface AccountMenuProps {
  isStaff: boolean
  /** Called after an entry is chosen (the mobile drawer closes). */
  onNavigate?: () => void
  /** Drawn without its own border (inside the drawer). */
  bare?: boolean
}

/**
 * Side menu of the account area (account-area §2): the account screens, Email Manager for staff
 * or admins only, and Logout. On phones it sits in a drawer (see routes/_account.tsx).
 */
export function AccountMenu({ isStaff, onNavigate, bare = false }: AccountMenuProps) {
  const logout = useLogout()
  return (
    <Paper component="nav" aria-label="My account" withBorder={!bare} radius="md" p={bare ? 0 : 'xs'}>
      {entries.map(({ to, label, Icon }) => (
        <NavLinkLink
          key={to}
          to={to}
          label={label}
          leftSection={<Icon size={18} aria-hidden />}
          activeProps={activeProps}
          onClick={onNavigate}
        />
      ))}
      {isStaff ? (
        <NavLinkLink
          to="/admin/tools"
          label="Email Manager"
          leftSection={<IconMail size={18} aria-hidden />}
          activeProps={activeProps}
          onClick={onNavigate}
        />
      ) : null}
      <NavLink
        component="button"
        type="button"
        label={logout.isPending ? 'Logging out…' : 'Logout'}
        leftSection={<IconLogout size={18} aria-hidden />}
        disabled={logout.isPending}
        onClick={() => logout.mutate()}
        mt={4}
        style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
      />
    </Paper>
  )
}
