import { useQuery, useQueryClient } from '@tanstack/react-query'
import { redirect } from '@tanstack/react-router'
import { useCallback } from 'react'
import type { SessionUserOutput } from '@presently/domain'
import { useTRPC, type TRPC } from '../../lib/trpc'
import type { RouterContext } from '../../router'

/** The signed-in user as the session call returns it (id, email, roles, hasPassword, unsubscribed, displayName). */
export type SessionUser = SessionUserOutput

/**
 * The session query (spec browsing-and-purchase §4 "Session": loading, then a user or null).
 * Kept fresh for 30 s so guards on consecutive navigations do not refetch it each time.
 */
export function sessionQueryOptions(trpc: TRPC) {
  return trpc.auth.session.queryOptions(undefined, { staleTime: 30_000, retry: false })
}

/**
 * The signed-in user for route guards, from the shared cache when present. A failed session
 * call counts as anonymous: guards then send the visitor to /home instead of an error page,
 * and the server stays the authorization boundary.
 */
export async function fetchSessionUser(context: RouterContext) {
  try {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions(context.trpc))
    return session.user
  } catch {
    return null
  }
}

/** Guard of pages meant for visitors (auth, forgot/reset password, confirm email): signed-in users leave. */
export async function redirectSignedIn(context: RouterContext, to: '/home' | '/') {
  const user = await fetchSessionUser(context)
  if (user) throw redirect({ to })
}

/** The session in components: `user` is null when anonymous, `isPending` while it loads. */
export function useSession() {
  const trpc = useTRPC()
  const query = useQuery(sessionQueryOptions(trpc))
  return { user: query.data?.user ?? null, isPending: query.isPending }
}

/**
 * Writes the session cache: login stores the user it returned (spec browsing-and-purchase §4
 * "Login or register success stores the returned data as the session"), account settings patch
 * the fields they changed. Guards and the header read the same cache entry.
 */
export function useUpdateSession() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useCallback(
    (update: SessionUser | null | ((user: SessionUser) => SessionUser)) => {
      queryClient.setQueryData(trpc.auth.session.queryKey(), (previous) => {
        if (typeof update !== 'function') return { user: update }
        return previous?.user ? { user: update(previous.user) } : previous
      })
    },
    [queryClient, trpc],
  )
}
