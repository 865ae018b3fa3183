import { createFileRoute, redirect } from '@tanstack/react-router'
import { textParam } from '../features/catalog/listing-search'
import { shareDestination } from '../features/share/share-target'

/**
 * The installed app's Web Share Target (manifest `share_target`, issue 24): another app shares a
 * link here as ?title=&text=&url=, and the shop opens where `shareDestination` says (a search for
 * the shared title until wish lists land). It only redirects, so it renders nothing.
 */
export const Route = createFileRoute('/share-target')({
  validateSearch: (search: Record<string, unknown>) => ({
    title: textParam(search.title),
    text: textParam(search.text),
    url: textParam(search.url),
  }),
  beforeLoad: ({ search }) => {
    const destination = shareDestination(search)
    throw redirect({ to: destination.to, search: destination.search, replace: true })
  },
})
