import { useQuery } from '@tanstack/react-query'
import { redirect } from '@tanstack/react-router'
import { useTRPC, type TRPC } from '../../lib/trpc'
import type { RouterContext } from '../../router'

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
