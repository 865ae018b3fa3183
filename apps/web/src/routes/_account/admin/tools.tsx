import { Tabs } from '@mantine/core'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { AccountPage } from '../-components/account-page'
import { EmailCampaigns } from '../../../features/email-jobs/email-campaigns'
import { pageTitle } from '../../../lib/page-title'
import { CatalogFeeds } from '../../../features/feeds/catalog-feeds'

/**
 * Staff tools (account-area §2 "Tools"). Staff routes need is_staff or is_admin, else /home
 * (browsing-and-purchase §2); the Tools page itself sends non-admins to /my-account (account-area §2).
 */
export const Route = createFileRoute('/_account/admin/tools')({
  head: () => ({ meta: [{ title: pageTitle('Tools') }] }),
  beforeLoad: ({ context }) => {
    if (!context.user.is_staff && !context.user.is_admin) throw redirect({ to: '/home' })
    if (!context.user.is_admin) throw redirect({ to: '/my-account' })
  },
  component: ToolsPage,
})

function ToolsPage() {
  return (
    <AccountPage title="Tools">
      <Tabs defaultValue="email-campaigns">
        <Tabs.List>
          <Tabs.Tab value="email-campaigns">Email Campaigns</Tabs.Tab>
          <Tabs.Tab value="catalog-feeds">Catalog Feeds</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="email-campaigns" pt="md">
          <EmailCampaigns />
        </Tabs.Panel>
        <Tabs.Panel value="catalog-feeds" pt="md">
          <CatalogFeeds />
        </Tabs.Panel>
      </Tabs>
    </AccountPage>
  )
}
