import { Center, Grid, Loader } from '@mantine/core'
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { fetchSessionUser } from '../features/session/session'
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
      <Loader aria-label="Loading your account" />
    </Center>
  )
}

function AccountLayout() {
  const { user } = Route.useRouteContext()
  return (
    <PageContainer>
      <Grid gap={{ base: 'lg', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <AccountMenu isStaff={user.is_staff || user.is_admin} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Outlet />
        </Grid.Col>
      </Grid>
    </PageContainer>
  )
}
