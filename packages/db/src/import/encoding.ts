import { createReadStream } from 'node:fs'
import { createGunzip } from 'node:zlib'
import chardet from 'chardet'
import iconv from 'iconv-lite'

/** Bytes of (decompressed) text sampled to detect the encoding and the delimiter. */
export const SAMPLE_BYTES = 256 * 1024

/**
 * The first SAMPLE_BYTES of a file's text (decompressed when `gzip`).
 *
 * @throws fs errors; zlib errors when not even the start of an archive can be read.
 */
export async function readSample(file: string, gzip: boolean): Promise<Buffer> {
  const chunks: Buffer[] = []
  let length = 0
  const raw = createReadStream(file)
  const stream = gzip ? raw.pipe(createGunzip()) : raw
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk)
      length += chunk.length
      if (length >= SAMPLE_BYTES) break
    }
  } catch (error) {
    // A damaged archive: detect from what could be read; the import itself reports the damage
    // after committing the rows before it.
    if (chunks.length === 0) throw error
  } finally {
    raw.destroy()
    stream.destroy()
  }
  return Buffer.concat(chunks).subarray(0, SAMPLE_BYTES)
}

/**
 * An iconv-lite encoding name for what a user typed ("UTF-8" -> "utf8", "ISO-8859-1",
 * "latin1", "cp1252", "windows-1252").
 *
 * @throws Error "unknown encoding ..." when iconv-lite has no such encoding.
 */
export function normalizeEncoding(name: string): string {
  const trimmed = name.trim().toLowerCase()
  if (trimmed === 'utf-8' || trimmed === 'utf8') return 'utf8'
  if (!iconv.encodingExists(trimmed)) throw new Error(`unknown encoding "${name}" (e.g. utf8, latin1, windows-1252)`)
  return trimmed
}

/** Whether `bytes` is valid UTF-8, allowing a multi-byte character cut off at the end. */
function isUtf8(bytes: Buffer): boolean {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  try {
    decoder.decode(bytes, { stream: true })
    return true
  } catch {
    return false
  }
}

/**
 * The text encoding of a file, from a sample of its start: a UTF-8 or UTF-16 byte-order mark
 * says so; else UTF-8 when the sample is valid UTF-8 (plain ASCII included); else chardet's
 * guess among single-byte encodings (windows-1252 for most Western European feeds, which is
 * also what ISO-8859-1 files decode correctly with). Returned as an iconv-lite name.
 */
export function detectEncoding(sample: Buffer): string {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return 'utf8'
  if (sample[0] === 0xff && sample[1] === 0xfe) return 'utf16le'
  if (sample[0] === 0xfe && sample[1] === 0xff) return 'utf16be'
  if (isUtf8(sample)) return 'utf8'
  const guess = chardet.detect(sample)?.toLowerCase()
  // ISO-8859-1 is a subset of windows-1252 for printable text; 1252 also has € and curly quotes.
  if (!guess || guess === 'iso-8859-1' || guess === 'utf-8') return 'windows-1252'
  return iconv.encodingExists(guess) ? guess : 'windows-1252'
}
