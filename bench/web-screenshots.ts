/**
 * Screenshots of the main pages at desktop and phone widths, to compare a change to the web
 * bundle (CSS, code splitting) before and after by eye and by pixel count. Not a test.
 *
 *   npx tsx bench/web-screenshots.ts shoot /tmp/shots/before     # starts a server on :3312
 *   npx tsx bench/web-screenshots.ts compare /tmp/shots/before /tmp/shots/after
 *
 * `shoot` builds nothing: it shows the apps/web/dist the server finds (build it first). With
 * BENCH_URL it uses a running server instead, which must have been started with
 * ADMIN_EMAIL/ADMIN_PASSWORD set to the values below (the profile page needs a signed-in user).
 * `compare` prints, per screenshot, the share of pixels that differ, and writes a diff image
 * (differing pixels in red) beside the second set for every one that differs.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { chromiumArgs, chromiumPath } from './chromium.ts'
import { startServerProcess } from './server-process.ts'

const ADMIN = { email: 'bench-admin@example.com', password: 'Bench-admin-Passw0rd' }
const WIDTHS = [1280, 375] as const

interface Shot {
  name: string
  path: string
  signedIn?: boolean
  /** Visible once the page has its content. */
  ready: (page: Page) => Promise<void>
  /** A step after that (open a dialog); the shot is then of the viewport only. */
  act?: (page: Page) => Promise<void>
}

async function signIn(page: Page, base: string): Promise<void> {
  const res = await page.request.post(`${base}/api/auth/login`, {
    data: ADMIN,
    headers: { origin: base },
  })
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`)
}

async function shoot(outDir: string): Promise<void> {
  const server = process.env.BENCH_URL
    ? undefined
    : await startServerProcess({
        port: Number(process.env.BENCH_PORT ?? 3312),
        env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
      })
  const base = process.env.BENCH_URL ?? server!.url
  const browser: Browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  try {
    const sample = (await (await fetch(`${base}/api/products?limit=1&page=2`)).json()) as {
      products: { id: number }[]
    }
    const productId = sample.products[0]?.id
    if (!productId) throw new Error('the catalog is empty')
    const shots: Shot[] = [
      { name: 'landing', path: '/', ready: (p) => p.getByRole('heading', { level: 1 }).first().waitFor() },
      {
        name: 'listing',
        path: '/category/hobbies',
        ready: (p) => p.getByTestId('product-card').first().waitFor(),
      },
      { name: 'product', path: `/product/${productId}`, ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
      { name: 'auth', path: '/auth', ready: (p) => p.getByRole('button', { name: 'Sign In', exact: true }).waitFor() },
      {
        name: 'landing-modal',
        path: '/',
        ready: (p) => p.getByRole('heading', { level: 1 }).first().waitFor(),
        act: async (p) => {
          await p.getByRole('button', { name: 'Join Now' }).click()
          await p.getByRole('dialog', { name: 'Welcome to Presently' }).waitFor()
        },
      },
      {
        name: 'listing-filters',
        path: '/category/hobbies',
        ready: (p) => p.getByTestId('product-card').first().waitFor(),
        act: async (p) => {
          const filters = p.getByRole('button', { name: 'Filters' })
          // Only the phone layout has the drawer; the desktop shows the panel in place.
          if (await filters.isVisible()) {
            await filters.click()
            await p.getByRole('dialog', { name: 'Filters' }).waitFor()
          }
        },
      },
      {
        name: 'profile',
        path: '/my-account/profile',
        signedIn: true,
        ready: (p) => p.getByRole('region', { name: 'Change Password' }).waitFor(),
      },
    ]
    await mkdir(outDir, { recursive: true })
    for (const width of WIDTHS) {
      for (const shot of shots) {
        const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' })
        const page = await context.newPage()
        if (shot.signedIn) await signIn(page, base)
        await page.goto(base + shot.path, { waitUntil: 'networkidle' })
        await shot.ready(page)
        await shot.act?.(page)
        await page.evaluate('document.fonts.ready.then(() => undefined)')
        await page.waitForTimeout(500)
        const file = path.join(outDir, `${shot.name}-${width}.png`)
        await page.screenshot({ path: file, fullPage: !shot.act })
        console.log(`  ${file}`)
        await context.close()
      }
    }
  } finally {
    await browser.close()
    await server?.stop()
  }
}

/**
 * Runs in Chromium (a string, so the TypeScript loader adds no helpers to it): decodes two PNGs
 * through a canvas, counts the pixels whose colours differ and draws them in red on a faded copy.
 */
const COMPARE_PNGS = `
window.comparePngs = async (a64, b64) => {
  const load = async (data) => {
    const img = new Image()
    img.src = 'data:image/png;base64,' + data
    await img.decode()
    return img
  }
  const [ia, ib] = await Promise.all([load(a64), load(b64)])
  const width = Math.max(ia.width, ib.width)
  const height = Math.max(ia.height, ib.height)
  const pixels = (img) => {
    const ctx = new OffscreenCanvas(width, height).getContext('2d')
    ctx.drawImage(img, 0, 0)
    return ctx.getImageData(0, 0, width, height).data
  }
  const pa = pixels(ia)
  const pb = pixels(ib)
  const out = new OffscreenCanvas(width, height)
  const octx = out.getContext('2d')
  const diff = octx.createImageData(width, height)
  let differing = 0
  for (let i = 0; i < pa.length; i += 4) {
    const delta = Math.abs(pa[i] - pb[i]) + Math.abs(pa[i + 1] - pb[i + 1]) + Math.abs(pa[i + 2] - pb[i + 2])
    const same = delta < 24
    if (!same) differing++
    diff.data[i] = same ? pb[i] / 3 + 170 : 255
    diff.data[i + 1] = same ? pb[i + 1] / 3 + 170 : 0
    diff.data[i + 2] = same ? pb[i + 2] / 3 + 170 : 0
    diff.data[i + 3] = 255
  }
  octx.putImageData(diff, 0, 0)
  const bytes = new Uint8Array(await (await out.convertToBlob({ type: 'image/png' })).arrayBuffer())
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return {
    sizes: ia.width + 'x' + ia.height + ' vs ' + ib.width + 'x' + ib.height,
    share: differing / (width * height),
    diff: btoa(binary),
  }
}
`

interface PixelComparison {
  sizes: string
  share: number
  diff: string
}

/** Share of differing pixels of two PNGs (decoded by Chromium's canvas) and a diff image. */
async function compare(beforeDir: string, afterDir: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  const page = await browser.newPage()
  await page.addScriptTag({ content: COMPARE_PNGS })
  try {
    for (const name of (await readdir(afterDir)).filter((f) => f.endsWith('.png') && !f.includes('.diff'))) {
      const [a, b] = await Promise.all([readFile(path.join(beforeDir, name)), readFile(path.join(afterDir, name))])
      const result = await page.evaluate(
        ([a64, b64]) =>
          (globalThis as unknown as { comparePngs: (a: string, b: string) => Promise<PixelComparison> }).comparePngs(
            a64,
            b64,
          ),
        [a.toString('base64'), b.toString('base64')] as const,
      )
      const pct = (result.share * 100).toFixed(3)
      console.log(`  ${name.padEnd(18)} ${result.sizes.padEnd(24)} ${pct.padStart(7)} % of pixels differ`)
      if (result.share > 0) {
        await writeFile(path.join(afterDir, name.replace('.png', '.diff.png')), Buffer.from(result.diff, 'base64'))
      }
    }
  } finally {
    await browser.close()
  }
}

const [command, first, second] = process.argv.slice(2)
if (command === 'shoot' && first) await shoot(first)
else if (command === 'compare' && first && second) await compare(first, second)
else {
  console.error('usage: web-screenshots.ts shoot <dir> | compare <before-dir> <after-dir>')
  process.exit(2)
}
