import { Stack } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '../-components/account-page'
import { AccountInformation } from '../-components/account-information'
import { ChangePasswordForm, SetPasswordForm } from '../-components/password-forms'
import { useSession } from '../../../features/session/session'
import { ReminderSettingsSection } from '../../../features/reminders/reminder-settings-section'
import { pageTitle } from '../../../lib/page-title'
import { PriceAlertSettingsSection } from '../../../features/prices/price-alert-settings-section'

export const Route = createFileRoute('/_account/my-account/profile')({
  head: () => ({ meta: [{ title: pageTitle('Account Settings') }] }),
  component: MyAccountProfilePage,
})

/**
 * Account settings (account-area §2): account information (email and the email-notification
 * checkbox), the gift reminders (issue 21), then Change Password when the account has a password, or Set Password otherwise
 * (accounts made with Google).
 */
function MyAccountProfilePage() {
  const context = Route.useRouteContext()
  const user = useSession().user ?? context.user
  return (
    <AccountPage title="Account Settings" intro="Your name, email preferences and password.">
      <Stack gap="lg" mt="sm">
        <AccountInformation user={user} />
        <ReminderSettingsSection />
        <PriceAlertSettingsSection />
        {user.hasPassword ? <ChangePasswordForm /> : <SetPasswordForm />}
      </Stack>
    </AccountPage>
  )
}
