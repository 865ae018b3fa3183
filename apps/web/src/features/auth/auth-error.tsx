import { Alert, Stack } from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { AUTH_TEXT } from './messages'

/** The auth error box (spec browsing-and-purchase §8): titled "Authentication Failed". */
export function AuthError({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <Alert
      color="red"
      variant="light"
      title={AUTH_TEXT.errorTitle}
      icon={<IconAlertCircle size={20} aria-hidden />}
      data-testid="auth-error"
    >
      <Stack gap="xs" align="flex-start">
        <span>{message}</span>
        {children}
      </Stack>
    </Alert>
  )
}
