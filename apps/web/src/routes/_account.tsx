import { Box, Button, Center, Drawer, Grid, Loader } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconMenu2 } from '@tabler/icons-react'
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { fetchSessionUser, useSession } from '../features/session/session'
import { PageContainer } from '../features/layout/page-container'
import { AccountMenu } from './_account/-components/account-menu'

/**
 * The signed-in area (/my-account/*, /admin/tools). Anonymous visitors go to /home; a spinner
 * shows while the session loads (spec browsing-and-purchase §2 "Access guards", account-area §2).
 * The server remains the authorization boundary: every account procedure checks the session too.
 */
export const Route = createFileRoute('/_account')({
  beforeLoad: async ({ context }) => {
    const user = await fetchSessionUser(context)
    if (!user) throw redirect({ to: '/home' })
    return { user }
  },
  pendingComponent: AccountPending,
  pendingMs: 0,
  component: AccountLayout,
})

function AccountPending() {
  return (
    <Center py={120}>
      <Loader role="status" aria-label="Loading your account" />
    </Center>
  )
}

/**
 * Side menu beside the screen from 768 px (spec browsing-and-purchase §9's mobile breakpoint);
 * below, a "Menu" button opens it in a drawer.
 */
function AccountLayout() {
  const context = Route.useRouteContext()
  // The live session (a settings change patches it); the guard's copy until it is there.
  const user = useSession().user ?? context.user
  const isStaff = user.is_staff || user.is_admin
  const [drawerOpened, drawer] = useDisclosure(false)
  return (
    <PageContainer>
      <Box hiddenFrom="sm" mb="md">
        <Button
          variant="default"
          leftSection={<IconMenu2 size={18} aria-hidden />}
          onClick={drawer.open}
          aria-haspopup="dialog"
          aria-expanded={drawerOpened}
        >
          My Account menu
        </Button>
      </Box>
      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        title="My Account"
        size={300}
        hiddenFrom="sm"
        closeButtonProps={{ 'aria-label': 'Close menu' }}
      >
        <AccountMenu isStaff={isStaff} onNavigate={drawer.close} bare />
      </Drawer>
      <Grid gap={{ base: 'lg', md: 'xl' }}>
        <Grid.Col span={{ base: 12, sm: 4, md: 3 }} visibleFrom="sm">
          <AccountMenu isStaff={isStaff} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8, md: 9 }}>
          <Outlet />
        </Grid.Col>
      </Grid>
    </PageContainer>
  )
}
