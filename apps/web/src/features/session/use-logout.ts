import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { notifications } from '@mantine/notifications'
import { useTRPC } from '../../lib/trpc'
import { resetDataLayer } from '../analytics/data-layer'
import { AUTH_TEXT, errorMessage } from '../auth/messages'

/**
 * Logout (spec browsing-and-purchase §4 "Session"): the server ends the session and clears the
 * cookie; then every cached query goes (nothing of the account may linger for the next person
 * at this browser), the session is known to be anonymous at once, the data layer is reset, and
 * the browser goes to /.
 */
export function useLogout() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: async () => {
        queryClient.clear()
        queryClient.setQueryData(trpc.auth.session.queryKey(), { user: null })
        resetDataLayer()
        // The selection goes too: it names this user's people (kept on other navigations by the
        // root route's retainSearchParams; an explicit undefined removes it).
        await navigate({ to: '/', search: { person: undefined, occasion: undefined } })
      },
      onError: (error) => {
        notifications.show({
          color: 'red',
          title: AUTH_TEXT.logoutFailed,
          message: errorMessage(error, 'Please try again.'),
        })
      },
    }),
  )
}
