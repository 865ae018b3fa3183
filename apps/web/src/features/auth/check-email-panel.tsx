import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconMailCheck } from '@tabler/icons-react'
import { AUTH_TEXT } from './messages'
import { useResendConfirmation } from './use-resend-confirmation'

interface CheckEmailPanelProps {
  email: string
  /** The server's success message ("Registration successful. Please check your email..."). */
  message: string
  onBack: () => void
}

/** After a registration (spec browsing-and-purchase §4): check your email, resend, back to sign in. */
export function CheckEmailPanel({ email, message, onBack }: CheckEmailPanelProps) {
  const resend = useResendConfirmation()
  return (
    <Stack align="center" gap="sm" ta="center" py="sm" data-testid="check-email">
      <ThemeIcon size={56} radius="xl" variant="light" color="green" aria-hidden>
        <IconMailCheck size={30} stroke={1.6} />
      </ThemeIcon>
      <Title order={2} size="h3">
        {AUTH_TEXT.checkEmail}
      </Title>
      <Text role="status">{message || AUTH_TEXT.registrationSuccess}</Text>
      <Text size="sm" c="dimmed">
        We sent a confirmation link to{' '}
        <Text span fw={600} c="dark.7" style={{ overflowWrap: 'anywhere' }}>
          {email}
        </Text>
        . Follow it, then sign in.
      </Text>
      <Stack gap="xs" w="100%" mt="xs">
        <Button variant="light" disabled={resend.isPending} onClick={() => resend.mutate({ email })} fullWidth>
          {resend.isPending ? AUTH_TEXT.sending : AUTH_TEXT.resend}
        </Button>
        <Button variant="subtle" onClick={onBack} fullWidth>
          {AUTH_TEXT.backToSignIn}
        </Button>
      </Stack>
    </Stack>
  )
}
