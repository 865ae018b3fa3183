import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { CATEGORY_ILLUSTRATIONS, illustrationSpec, type IllustrationColor } from '@presently/domain'
import { CARD_SIZE, SITE_NAME } from './page-meta.ts'

/** Mantine's default palette, shades 1 (the tint) and 7 (the icon), as the web's illustrations use. */
const SHADES: Record<IllustrationColor, [tint: string, ink: string]> = {
  grape: ['#f3d9fa', '#ae3ec9'],
  violet: ['#e5dbff', '#7048e8'],
  indigo: ['#dbe4ff', '#4263eb'],
  blue: ['#d0ebff', '#1c7ed6'],
  cyan: ['#c5f6fa', '#1098ad'],
  teal: ['#c3fae8', '#0ca678'],
  green: ['#d3f9d8', '#37b24d'],
  lime: ['#e9fac8', '#74b816'],
  yellow: ['#fff3bf', '#f59f00'],
  orange: ['#ffe8cc', '#f76707'],
  red: ['#ffe3e3', '#f03e3e'],
  pink: ['#ffdeeb', '#d6336c'],
}

// The package exports its files as "@tabler/icons/<path under icons/>".
const iconsDir = path.dirname(createRequire(import.meta.url).resolve('@tabler/icons/outline/gift.svg'))

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The display names of the card keys (a top-level category's own name, or the shop's). */
const CARD_TITLES: Record<string, string> = {
  presently: 'Gift ideas for the people you love',
  clothing: 'Clothing',
}

/** A title split into at most two lines of about `width` characters. */
function lines(text: string, width = 22): string[] {
  const words = text.split(/\s+/)
  const out: string[] = ['']
  for (const word of words) {
    const last = out.length - 1
    if (out[last]!.length && (out[last]! + ' ' + word).length > width) {
      if (out.length === 2) {
        out[last] = `${out[last]}…`
        break
      }
      out.push(word)
    } else out[last] = out[last]!.length ? `${out[last]} ${word}` : word
  }
  return out
}

/**
 * The 1200x630 card image of a top-level category (issue 40: the picture of a link's preview
 * when a page has no product photo): the category's tint, its illustration (the same Tabler icon
 * and colour as the web's), its name and the shop's name, drawn as SVG and rendered to PNG by
 * sharp (librsvg). `key` is an illustration key (categoryIllustrationKey); `title` the name shown.
 * @returns the PNG bytes, or null for an unknown key.
 */
export async function renderCard(key: string, title?: string): Promise<Buffer | null> {
  const spec = illustrationSpec(key)
  if (!spec) return null
  const [tint, ink] = SHADES[spec.color]
  const icon = await readFile(path.join(iconsDir, `${spec.icon}.svg`), 'utf8')
  const inner = icon
    .replace(/^[\s\S]*?<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '')
    .replace(/<path stroke="none"[^>]*\/>/, '')
  const name = title ?? CARD_TITLES[key] ?? titleCase(key)
  const text = lines(name)
  const { width, height } = CARD_SIZE
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="${tint}"/>
  <circle cx="1080" cy="90" r="160" fill="#ffffff" fill-opacity="0.45"/>
  <circle cx="140" cy="560" r="110" fill="#ffffff" fill-opacity="0.45"/>
  <g transform="translate(90 165) scale(12.5)" fill="none" stroke="${ink}" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round">${inner}</g>
  <g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" fill="#1a1b1e">
    ${text.map((line, i) => `<text x="470" y="${285 + i * 78 - (text.length - 1) * 39}" font-size="64" font-weight="700">${xml(line)}</text>`).join('\n    ')}
    <text x="470" y="${390 + (text.length - 1) * 20}" font-size="34" fill="#495057">Gift ideas at ${SITE_NAME}</text>
  </g>
  <rect x="0" y="${height - 18}" width="${width}" height="18" fill="${ink}"/>
</svg>`
  // sharp (libvips) loads on the first card drawn, not at start (issue 44, docs/decisions/memory.md).
  const { default: sharp } = await import('sharp')
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer()
}

const titleCase = (key: string) =>
  key
    .split(' ')
    .map((w) => (w === 'and' ? '&' : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ')

/** Every card key the shop draws (the known categories and its own). */
export const CARD_KEYS: readonly string[] = [...Object.keys(CATEGORY_ILLUSTRATIONS), 'clothing', 'presently']
