import { useEffect, useRef } from 'react'
import { pushToDataLayer } from '../analytics/data-layer'
import { isStaleParam } from './selection-params'
import type { Selection } from './use-selection'

/**
 * What the data layer holds of the selection (spec browsing-and-purchase §1: "the page data
 * layer mirrors the selected person and occasion"): ids, null when nothing is selected. The same
 * keys as the anonymous state pushed at logout (analytics/data-layer.ts).
 */
export function selectionEntry(personId: number | undefined, occasionId: number | undefined) {
  return { event: 'selection_change', personId: personId ?? null, occasionId: occasionId ?? null }
}

/**
 * Keeps the address bar and the data layer in step with the selection, mounted once (in the
 * header, signed in). Once both lists have loaded: a `person` or `occasion` in the URL that
 * selects nothing (another user's id, a deleted person, "abc") is removed from the address bar,
 * which mirrors the selection (spec §2); and each change of the selection is pushed to
 * window.dataLayer (first the state on arrival, then every change).
 */
export function SelectionSync({ selection }: { selection: Selection }) {
  const { ready, rawPerson, rawOccasion, personId, occasionId, update } = selection
  const stalePerson = ready && isStaleParam(rawPerson, personId)
  const staleOccasion = ready && isStaleParam(rawOccasion, occasionId)
  useEffect(() => {
    if (!stalePerson && !staleOccasion) return
    // `'key' in patch` with undefined removes the parameter; a key left out keeps its value.
    update({ ...(stalePerson ? { person: undefined } : {}), ...(staleOccasion ? { occasion: undefined } : {}) })
  }, [stalePerson, staleOccasion, update])

  const pushed = useRef<string | null>(null)
  useEffect(() => {
    if (!ready) return
    const key = `${personId ?? ''}:${occasionId ?? ''}`
    if (pushed.current === key) return
    pushed.current = key
    pushToDataLayer(selectionEntry(personId, occasionId))
  }, [ready, personId, occasionId])
  return null
}
