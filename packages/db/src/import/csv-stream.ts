import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { PassThrough } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import { parse, type CsvError, type Options } from 'csv-parse'
import type { CsvRecord, Rejection } from './types.ts'

/** One parsed CSV record: its cells and the 1-based line where it starts. */
export interface CsvRow {
  fields: string[]
  line: number
}

/** Callbacks of streamCsv. */
export interface CsvHandlers {
  /** Called for each record in order, header included (line 1); awaited, so it applies backpressure. */
  onRow: (row: CsvRow) => Promise<void> | void
  /** A record csv-parse could not read (wrong number of fields, bad quotes); parsing goes on. */
  onMalformed: (rejection: Rejection) => void
  /** Called with the running count of bytes read from the file (compressed bytes for .gz). */
  onBytes?: (bytesRead: number) => void
}

/**
 * Whether `file` is gzip-compressed: its name ends in ".gz" or it starts with the gzip magic
 * bytes 1f 8b.
 *
 * @throws the fs error (e.g. ENOENT) when the file cannot be opened.
 */
export async function isGzipFile(file: string): Promise<boolean> {
  if (file.toLowerCase().endsWith('.gz')) return true
  const handle = await open(file, 'r')
  try {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(2), 0, 2, 0)
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b
  } finally {
    await handle.close()
  }
}

/**
 * Streams a UTF-8 CSV file (plain or gzip, detected by isGzipFile) through csv-parse, never
 * holding the whole file in memory. Records are handed to `onRow` one at a time with the line
 * where each starts (multi-line quoted cells count their newlines; skipped empty lines are
 * counted). A BOM is removed. Records with a different number of fields than the header, or
 * with broken quoting, are reported to `onMalformed` and skipped; the rest of the file is read.
 *
 * @throws fs errors (missing file), gzip errors (corrupt archive), and whatever onRow throws.
 */
export async function streamCsv(file: string, handlers: CsvHandlers): Promise<void> {
  const gzip = await isGzipFile(file)
  const input = createReadStream(file)
  let bytesRead = 0
  input.on('data', (chunk) => {
    bytesRead += chunk.length
    handlers.onBytes?.(bytesRead)
  })
  // Lines of the previous record's end, so each record's START line can be computed: csv-parse
  // reports the line where a record ends.
  let lastEndLine = 0
  let lastEmptyLines = 0
  const options: Options<CsvRow, string[]> = {
    bom: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_record: (fields: string[], context): CsvRow => {
      const line = lastEndLine + 1 + (context.empty_lines - lastEmptyLines)
      lastEndLine = context.lines
      lastEmptyLines = context.empty_lines
      return { fields, line }
    },
    on_skip: (error: CsvError | undefined) => {
      if (!error) return undefined
      const info = error as CsvError & { lines?: number; empty_lines?: number }
      const line = info.lines ?? lastEndLine + 1
      handlers.onMalformed({ line, reason: 'malformed CSV record', value: error.message })
      lastEndLine = line
      if (typeof info.empty_lines === 'number') lastEmptyLines = info.empty_lines
      return undefined
    },
  }
  // The overloads of parse() only model on_record returning the record type; ours wraps it.
  const parser = parse(options as unknown as Options)
  // An error thrown by onRow tears the pipeline down, and pipeline() may then reject with the
  // resulting AbortError instead: remember the original and rethrow it.
  let handlerError: { error: unknown } | undefined
  try {
    await pipeline(input, gzip ? createGunzip() : new PassThrough(), parser, async (rows: AsyncIterable<CsvRow>) => {
      for await (const row of rows) {
        try {
          await handlers.onRow(row)
        } catch (error) {
          handlerError = { error }
          throw error
        }
      }
    })
  } catch (error) {
    throw handlerError ? handlerError.error : error
  }
}

/**
 * Turns a record's cells into an object keyed by the header's column names (trimmed); cells
 * beyond the header are ignored, missing cells are "".
 */
export function toRecord(header: readonly string[], fields: readonly string[]): CsvRecord {
  const record: Record<string, string> = {}
  header.forEach((name, index) => {
    record[name] = fields[index] ?? ''
  })
  return record
}
