import { List, Text } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { StatusCard } from '../auth/status-card'
import { useTokenActionOnLoad } from '../auth/use-token-action'
import { rawErrorMessage } from '../auth/messages'
import { AnchorLink, ButtonLink } from '../../lib/links'
import { useTRPC } from '../../lib/trpc'

/** The token of a personal path ("/my-claims/{token}"). */
const tokenOf = (path: string) => path.split('/').pop() ?? ''

/**
 * /guest/confirm/{token} (issue 37): confirms the guest on load, then says what became of each
 * thing they claimed (confirmed, partly, or taken meanwhile) and links to their claims page. The
 * server sets the guest cookie, so this device does not ask again.
 */
export function GuestConfirmPage({ token }: { token: string }) {
  const trpc = useTRPC()
  const confirm = useMutation(trpc.guests.confirm.mutationOptions())
  useTokenActionOnLoad(token, (value) => confirm.mutate({ token: value }))
  if (confirm.isError) {
    return (
      <StatusCard
        tone="error"
        title="This link does not work any more"
        actions={<ButtonLink to="/">Browse gift ideas</ButtonLink>}
      >
        {rawErrorMessage(confirm.error, 'This confirmation link does not work any more.')}
      </StatusCard>
    )
  }
  if (confirm.isSuccess) {
    const { guest, outcomes } = confirm.data
    return (
      <StatusCard
        tone="success"
        title="Thank you, you are confirmed"
        actions={
          <ButtonLink to="/my-claims/$token" params={{ token: tokenOf(guest.personalPath) }}>
            See your claims
          </ButtonLink>
        }
      >
        {outcomes.length ? (
          <List spacing={4} ta="left" size="sm" component="ul">
            {outcomes.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        ) : (
          <Text span>Your email address {guest.email} is confirmed.</Text>
        )}{' '}
        <Text span size="sm">
          This device remembers you, so you will not need to confirm again here.{' '}
          <AnchorLink to="/auth" search={{ tab: 'register' }} size="sm">
            Create an account
          </AnchorLink>{' '}
          with the same email to keep your claims in one place.
        </Text>
      </StatusCard>
    )
  }
  return <StatusCard tone="loading" title="Confirming your email…" />
}
