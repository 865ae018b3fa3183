import { createFileRoute, redirect } from '@tanstack/react-router'
import { textParam } from '../features/catalog/listing-search'
import { shareDestination } from '../features/share/share-target'
import { fetchSessionUser } from '../features/session/session'

/**
 * The installed app's Web Share Target (manifest `share_target`, issue 24): another app shares a
 * link here as ?title=&text=&url=, and the shop opens where `shareDestination` says ("Add to a
 * wish list" for a signed-in user's link, issue 38; else a search). It only redirects.
 */
export const Route = createFileRoute('/share-target')({
  validateSearch: (search: Record<string, unknown>) => ({
    title: textParam(search.title),
    text: textParam(search.text),
    url: textParam(search.url),
  }),
  beforeLoad: async ({ search, context }) => {
    const user = await fetchSessionUser(context)
    const destination = shareDestination(search, { signedIn: !!user })
    throw redirect({ to: destination.to, search: destination.search, replace: true })
  },
})
