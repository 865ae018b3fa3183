import type { ImportProgress, ImportSummary } from './import-catalog.ts'

const n = (value: number) => value.toLocaleString('en-GB')

/**
 * The import summary a catalog manager reads (issue 14 "Honest outcomes"): what was read with
 * which mapping, encoding and rates, the counts, and each skip reason with its count and first
 * line numbers ("3-5" for a record over several lines), then whether the skips exceed the limit.
 *
 * @param show turns an absolute path into what to print (e.g. relative to the user's folder).
 */
export function formatSummary(summary: ImportSummary, show: (file: string) => string = (f) => f): string {
  const columns = Object.entries(summary.columns)
    .map(([field, list]) => `${list.join('|')}=${field}`)
    .join(', ')
  const rates = Object.entries(summary.rates)
    .map(([code, rate]) => `${code}=${rate}`)
    .join(', ')
  const currencies = Object.entries(summary.currencies)
    .map(([code, count]) => `${n(count)} ${code}`)
    .join(', ')
  const delimiter = summary.delimiter === '\t' ? 'tab' : `"${summary.delimiter}"`
  const lines = [
    `${summary.dryRun ? 'dry run (nothing written): ' : ''}${show(summary.file)}`,
    `  format:       ${summary.format}, source ${summary.source}${summary.merchant ? `, merchant ${summary.merchant}` : ''}`,
    `  columns:      ${columns}`,
    `  encoding:     ${summary.encoding}${summary.encodingDetected ? ' (detected)' : ''}, delimiter ${delimiter}`,
  ]
  if (summary.idFrom === 'productUrl') {
    lines.push(
      `  ids:          derived from the product URL (${summary.columns.productUrl?.join('|') ?? 'productUrl'}): the feed maps no id column`,
    )
  }
  if (summary.descriptionsFile) lines.push(`  descriptions: ${show(summary.descriptionsFile)}`)
  if (currencies) lines.push(`  currencies:   ${currencies}${rates ? ` (converted to GBP at ${rates})` : ''}`)
  lines.push(
    `  read:         ${n(summary.read)} rows`,
    summary.dryRun
      ? `  would write:  ${n(summary.imported)} products`
      : summary.refresh
        ? `  refresh:      ${n(summary.unchanged)} unchanged (not written), ${n(summary.updated)} changed, ${n(summary.imported)} new, ${n(summary.withdrawn)} withdrawn (no longer sold)`
        : `  written:      ${n(summary.imported)} new, ${n(summary.updated)} updated`,
    `  skipped:      ${n(summary.skipped)}${summary.read ? ` (${((summary.skipped / summary.read) * 100).toFixed(1)}%)` : ''}`,
  )
  if (summary.notForSale) {
    lines.splice(
      lines.length - 1,
      0,
      `  not for sale: ${n(summary.notForSale)} rows without a price, left out (not counted as skipped)`,
    )
  }
  for (const reason of summary.skipReasons) {
    const more = reason.count > reason.lines.length ? ', ...' : ''
    lines.push(
      `    ${n(reason.count).padStart(7)} × ${reason.reason} (line${reason.lines.length > 1 || more ? 's' : ''} ${reason.lines.join(', ')}${more})`,
    )
  }
  if (summary.bulk) lines.push('  bulk path:    one transaction, the indexes of products rebuilt after the rows')
  lines.push(`  duration:     ${(summary.durationMs / 1000).toFixed(1)} s (${n(summary.rowsPerSecond)} rows/s)`)
  if (summary.tooManySkipped) {
    lines.push(
      `too many rows skipped: ${n(summary.skipped)} of ${n(summary.read)}, more than the ${n(summary.maxSkipped)} --max-skip allows`,
    )
  }
  return lines.join('\n')
}

/**
 * Progress for output that is not a terminal (a log file, CI): one line at most every
 * `intervalMs` (rows read, rate, skipped), instead of a redrawn bar (issue 14 "Progress").
 */
export class ProgressLines {
  private last: number
  private readonly started: number

  constructor(
    private readonly write: (line: string) => void,
    private readonly intervalMs = 5000,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.started = now()
    this.last = this.started
  }

  /** Prints a line when `intervalMs` has passed since the last one. */
  update(progress: ImportProgress): void {
    const time = this.now()
    if (time - this.last < this.intervalMs) return
    this.last = time
    const seconds = (time - this.started) / 1000
    const percent = progress.totalBytes ? Math.min(100, (progress.bytesRead / progress.totalBytes) * 100) : 0
    this.write(
      `importing: ${n(progress.read)} rows, ${n(Math.round(progress.read / Math.max(seconds, 0.001)))} rows/s, ${n(progress.skipped)} skipped (${percent.toFixed(0)}% of the file, ${seconds.toFixed(0)} s)`,
    )
  }
}
