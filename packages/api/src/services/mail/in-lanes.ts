/**
 * Runs `work` over `items` in `lanes` parallel lanes, each taking the next item when its last is
 * done (a few users at once: one's commit, an fsync, overlaps another's rendering). `work`
 * handles its own errors; a rejection rejects the whole call.
 */
export async function forEachInLanes<T>(
  items: readonly T[],
  lanes: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0
  const lane = async () => {
    while (next < items.length) await work(items[next++]!)
  }
  await Promise.all(Array.from({ length: lanes }, lane))
}
