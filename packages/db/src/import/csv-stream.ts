import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { PassThrough, Transform, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import { parse, type CsvError, type Options } from 'csv-parse'
import iconv from 'iconv-lite'
import { detectEncoding, normalizeEncoding, readSample } from './encoding.ts'
import type { CsvRecord, Rejection } from './types.ts'

/** One parsed CSV record: its cells and the physical lines it spans (1-based, header = line 1). */
export interface CsvRow {
  fields: string[]
  line: number
  /** The record's last line (> line when a quoted cell holds newlines). */
  endLine: number
}

/** Why a feed file could not be read to its end. */
export class FeedReadError extends Error {
  constructor(
    readonly code: 'BAD_GZIP' | 'BAD_ENCODING',
    message: string,
  ) {
    super(message)
    this.name = 'FeedReadError'
  }
}

/** Callbacks and options of streamCsv. */
export interface CsvHandlers {
  /** Called for each record in order, header included (line 1); awaited, so it applies backpressure. */
  onRow: (row: CsvRow) => Promise<void> | void
  /**
   * A record csv-parse could not read (wrong number of fields, a broken quote); parsing goes on.
   * `line`..`endLine` are the physical lines the broken record took.
   */
  onMalformed: (rejection: Rejection) => void
  /** Called with the running count of bytes read from the file (compressed bytes for .gz). */
  onBytes?: (bytesRead: number) => void
  /** Text encoding (any iconv-lite name, e.g. "latin1"); undefined: detected (see detectEncoding). */
  encoding?: string
  /** Cell separator; undefined: detected from the header line (",", tab, ";" or "|"). */
  delimiter?: string
  /** Told once the encoding and delimiter are known, before the first record. */
  onFormat?: (format: { encoding: string; encodingDetected: boolean; delimiter: string; gzip: boolean }) => void
}

const GZIP_MAGIC = [0x1f, 0x8b]

/**
 * Whether `file` starts with the gzip magic bytes 1f 8b (its name does not count: a file named
 * .gz that is not gzip is reported by streamCsv, not guessed at).
 *
 * @throws the fs error (e.g. ENOENT) when the file cannot be opened.
 */
export async function isGzipFile(file: string): Promise<boolean> {
  const handle = await open(file, 'r')
  try {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(2), 0, 2, 0)
    return bytesRead === 2 && buffer[0] === GZIP_MAGIC[0] && buffer[1] === GZIP_MAGIC[1]
  } finally {
    await handle.close()
  }
}

/**
 * The cell separator of a header line: the most frequent of ",", tab, ";" and "|" outside
 * double quotes (a comma when none occurs).
 */
export function detectDelimiter(headerLine: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    ['\t', 0],
    [';', 0],
    ['|', 0],
  ])
  let quoted = false
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted
    else if (!quoted && counts.has(ch)) counts.set(ch, (counts.get(ch) ?? 0) + 1)
  }
  let best = ','
  let bestCount = 0
  for (const [delimiter, count] of counts) {
    if (count > bestCount) {
      best = delimiter
      bestCount = count
    }
  }
  return best
}

/** Offset of the first byte of `bytes` that is not part of valid UTF-8 (bytes.length when none). */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0
  while (i < bytes.length) {
    const b = bytes[i] as number
    const extra =
      b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1
    if (extra < 0) return i
    if (i + extra >= bytes.length) return bytes.length
    for (let k = 1; k <= extra; k++) if (((bytes[i + k] as number) & 0xc0) !== 0x80) return i
    i += extra + 1
  }
  return bytes.length
}

/** UTF-8 decoding that fails on the first invalid byte instead of writing U+FFFD. */
class StrictUtf8Decoder extends Transform {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false })
  private lines = 1

  constructor(private readonly file: string) {
    super({ readableObjectMode: false, decodeStrings: true, encoding: 'utf8' })
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    try {
      const text = this.decoder.decode(chunk, { stream: true })
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.lines++
      callback(null, text)
    } catch {
      // The line of the first bad byte: the newlines of this chunk before it.
      const bad = firstInvalidUtf8(chunk)
      for (let i = 0; i < bad; i++) if (chunk[i] === 0x0a) this.lines++
      callback(this.error())
    }
  }

  override _flush(callback: TransformCallback): void {
    try {
      callback(null, this.decoder.decode())
    } catch {
      callback(this.error())
    }
  }

  private error(): FeedReadError {
    return new FeedReadError(
      'BAD_ENCODING',
      `${this.file} is not valid UTF-8 (line ${this.lines.toLocaleString('en-GB')}): give its encoding, e.g. --encoding windows-1252`,
    )
  }
}

/**
 * Streams a CSV/TSV feed (plain or gzip, by its magic bytes) through csv-parse, never holding
 * the whole file in memory. Text is decoded from `encoding` (detected when not given: UTF-8 when
 * the start of the file is valid UTF-8, else chardet's guess, e.g. windows-1252) and never
 * silently mangled: invalid UTF-8 stops the read with a FeedReadError naming the line. The
 * delimiter is detected from the header unless given. Records are handed to `onRow` one at a
 * time with the physical lines they span (multi-line quoted cells and skipped empty lines are
 * counted, so line numbers stay right after a broken record). A BOM is removed. Quoting is
 * strict: a quote left open would otherwise silently glue the next rows into one cell (a quote
 * inside an unquoted cell, `12" doll`, is reported rather than guessed at). Records with a
 * different number of cells than the header, or broken quoting, go to `onMalformed` with their
 * physical line range; the rest is read.
 *
 * @throws FeedReadError BAD_GZIP (a .gz file without a gzip header, or a truncated/corrupt
 *   archive) and BAD_ENCODING; fs errors; whatever onRow throws.
 */
export async function streamCsv(file: string, handlers: CsvHandlers): Promise<void> {
  const gzip = await isGzipFile(file)
  if (!gzip && /\.gz$/i.test(file)) {
    throw new FeedReadError('BAD_GZIP', `${file} is not a gzip file (no gzip header), though its name ends in .gz`)
  }
  const sample = await readSample(file, gzip).catch((error: unknown) => {
    throw gzipError(file, error)
  })
  const detected = handlers.encoding ? null : detectEncoding(sample)
  const encoding = handlers.encoding ? normalizeEncoding(handlers.encoding) : (detected as string)
  const firstLine = iconv.decode(sample, encoding).split(/\r?\n/, 1)[0] ?? ''
  const delimiter = handlers.delimiter ?? detectDelimiter(firstLine)
  handlers.onFormat?.({ encoding, encodingDetected: !handlers.encoding, delimiter, gzip })

  const input = createReadStream(file)
  let bytesRead = 0
  input.on('data', (chunk) => {
    bytesRead += chunk.length
    handlers.onBytes?.(bytesRead)
  })
  // The previous record's last line, so each record's FIRST line can be computed: csv-parse
  // reports the line where a record ends.
  let lastEndLine = 0
  let lastEmptyLines = 0
  const options: Options<CsvRow, string[]> = {
    bom: true,
    delimiter,
    skip_empty_lines: true,
    skip_records_with_error: true,
    // A quote left open would otherwise swallow the rest of the file into one record.
    max_record_size: 1_000_000,
    on_record: (fields: string[], context): CsvRow => {
      const line = lastEndLine + 1 + (context.empty_lines - lastEmptyLines)
      lastEndLine = context.lines
      lastEmptyLines = context.empty_lines
      return { fields, line, endLine: context.lines }
    },
    on_skip: (error: CsvError | undefined) => {
      if (!error) return undefined
      const info = error as CsvError & { lines?: number; empty_lines?: number }
      const endLine = info.lines ?? lastEndLine + 1
      // csv-parse may report one broken record twice (at the same line): count it once.
      if (endLine <= lastEndLine) return undefined
      const line = lastEndLine + 1
      const reason = /quote/i.test(error.message) ? 'broken quoting' : 'malformed CSV record'
      const value = error.message.replace(/\s+/g, ' ').slice(0, 160)
      handlers.onMalformed({ line, ...(endLine > line ? { endLine } : {}), reason, value })
      lastEndLine = endLine
      if (typeof info.empty_lines === 'number') lastEmptyLines = info.empty_lines
      return undefined
    },
  }
  // The overloads of parse() only model on_record returning the record type; ours wraps it.
  const parser = parse(options as unknown as Options)
  const decoder = encoding === 'utf8' ? new StrictUtf8Decoder(file) : iconv.decodeStream(encoding)
  // An error thrown by onRow tears the pipeline down, and pipeline() may then reject with the
  // resulting AbortError instead: remember the original and rethrow it.
  let handlerError: { error: unknown } | undefined
  try {
    await pipeline(
      input,
      gzip ? createGunzip() : new PassThrough(),
      decoder,
      parser,
      async (rows: AsyncIterable<CsvRow>) => {
        for await (const row of rows) {
          try {
            await handlers.onRow(row)
          } catch (error) {
            handlerError = { error }
            throw error
          }
        }
      },
    )
  } catch (error) {
    if (handlerError) throw handlerError.error
    throw gzipError(file, error)
  }
}

/** zlib's errors as one line naming the file; other errors unchanged. */
function gzipError(file: string, error: unknown): unknown {
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && code.startsWith('Z_')) {
    const what = code === 'Z_BUF_ERROR' ? 'truncated (unexpected end of file)' : `corrupt (${(error as Error).message})`
    return new FeedReadError('BAD_GZIP', `${file} is a ${what} gzip file`)
  }
  return error
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
