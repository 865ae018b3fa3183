import { useMutation } from '@tanstack/react-query'
import { notifications } from '@mantine/notifications'
import { useTRPC } from '../../lib/trpc'
import { AUTH_TEXT, errorMessage } from './messages'

/**
 * Mails the confirmation link again (POST /api/auth/resend-confirmation). The server answers
 * the same whether or not the account exists; a failure is a refused or lost request.
 */
export function useResendConfirmation() {
  const trpc = useTRPC()
  return useMutation(
    trpc.auth.resendConfirmation.mutationOptions({
      onSuccess: () => {
        notifications.show({ color: 'green', title: AUTH_TEXT.checkEmail, message: AUTH_TEXT.resendSuccess })
      },
      onError: (error) => {
        const detail = errorMessage(error, '')
        notifications.show({
          color: 'red',
          title: AUTH_TEXT.resendFailed,
          message: detail && detail !== AUTH_TEXT.resendFailed ? detail : 'Please try again in a moment.',
        })
      },
    }),
  )
}
