import { createHash } from 'node:crypto'
import type { OutputInfo } from 'sharp'
import { eq, linkPreviewImages, type Db } from '@presently/db'
import { LINK_PREVIEW_LIMITS } from '@presently/domain'
import type { OutsideFetcher } from '@presently/outside-fetch'
import type { Executor } from '../auth/executor.ts'

/** Formats a picture may be in, read from its bytes by libvips (never from its name or type). */
const PICTURE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif'])

/** Why a picture was not kept (for the tests and the log; the user sees no picture). */
export type PictureRefusal = 'fetch' | 'not-a-picture' | 'too-large' | 'undecodable'

/**
 * Fetches a picture through the guard and keeps it as the shop serves it (issue 38): at most
 * 5 MB, JPEG, PNG, WebP or GIF by its bytes (an SVG, HTML or PDF is refused whatever its name or
 * Content-Type), decoded by sharp with a pixel limit (a decompression bomb is refused), the first
 * frame only, rotated by its EXIF, re-encoded to WebP 480 px wide (never enlarged) without
 * metadata. Stored once per WebP (id = SHA-256 prefix).
 * @returns the picture's id and size, or the reason it was refused. Never throws for the
 *   picture's own faults; a database error is thrown.
 */
export async function storePicture(
  db: Db,
  fetcher: OutsideFetcher,
  url: string,
  options: { timeoutMs: number },
): Promise<{ id: string; width: number; height: number } | { refused: PictureRefusal }> {
  let bytes: Buffer
  try {
    const answer = await fetcher.fetch(url, {
      maxBytes: LINK_PREVIEW_LIMITS.imageMaxBytes,
      timeoutMs: options.timeoutMs,
      accept: 'image/webp,image/png,image/jpeg,image/gif;q=0.9',
    })
    bytes = answer.body
  } catch (error) {
    return { refused: (error as { reason?: string }).reason === 'too-large' ? 'too-large' : 'fetch' }
  }
  // sharp (libvips) loads on the first picture: ~10 MB of resident memory otherwise held idle (issue 44).
  const { default: sharp } = await import('sharp')
  let webp: { data: Buffer; info: OutputInfo }
  try {
    const image = sharp(bytes, { limitInputPixels: 50_000_000, animated: false, failOn: 'error' })
    const { format } = await image.metadata()
    if (!format || !PICTURE_FORMATS.has(format)) return { refused: 'not-a-picture' }
    webp = await image
      .rotate()
      .resize({ width: LINK_PREVIEW_LIMITS.imageWidth, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true })
  } catch {
    return { refused: 'undecodable' }
  }
  const id = createHash('sha256').update(webp.data).digest('hex').slice(0, 32)
  await db
    .insert(linkPreviewImages)
    .values({ id, webp: webp.data, width: webp.info.width, height: webp.info.height })
    .onConflictDoNothing()
  return { id, width: webp.info.width, height: webp.info.height }
}

/** A stored picture's WebP bytes, or null (GET /api/link-previews/images/{id}). */
export async function readPicture(db: Db, id: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ webp: linkPreviewImages.webp })
    .from(linkPreviewImages)
    .where(eq(linkPreviewImages.id, id))
  return row?.webp ?? null
}

/** True when a picture with this id is stored. */
export async function pictureExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: linkPreviewImages.id })
    .from(linkPreviewImages)
    .where(eq(linkPreviewImages.id, id))
  return row !== undefined
}
