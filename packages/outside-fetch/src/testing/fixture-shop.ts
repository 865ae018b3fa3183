import http, { type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import { shopPages } from './shop-pages.ts'

/** What the fixture shop saw of one request (tests assert no cookie, the User-Agent). */
export interface SeenRequest {
  path: string
  headers: IncomingHttpHeaders
}

/** A running fixture shop on 127.0.0.1 (tests, e2e and bench:link-preview only). */
export interface FixtureShop {
  /** http://127.0.0.1:<port> */
  origin: string
  /** origin + path */
  url(path: string): string
  /** Every request so far, oldest first. */
  seen: SeenRequest[]
  close(): Promise<void>
}

const MB = 1024 * 1024

let pictures: Promise<Record<string, { type: string; bytes: Buffer }>> | undefined

/** The fixture's real pictures, made once with sharp (JPEG, PNG, WebP, GIF of plain colours). */
function makePictures() {
  pictures ??= (async () => {
    const { default: sharp } = await import('sharp')
    const canvas = (r: number, g: number, b: number, width = 800, height = 600) =>
      sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    return {
      '/images/bookcase.jpg': { type: 'image/jpeg', bytes: await canvas(139, 94, 60).jpeg().toBuffer() },
      '/images/other.jpg': { type: 'image/jpeg', bytes: await canvas(20, 20, 20).jpeg().toBuffer() },
      '/images/shuttle.png': { type: 'image/png', bytes: await canvas(30, 60, 160, 640, 640).png().toBuffer() },
      '/images/teapot.webp': { type: 'image/webp', bytes: await canvas(120, 160, 120, 300, 300).webp().toBuffer() },
      '/images/box.gif': { type: 'image/gif', bytes: await canvas(200, 40, 40, 200, 200).gif().toBuffer() },
    }
  })()
  return pictures
}

/** A gzip bomb: 64 MB of zeros, about 64 KB compressed, made once. */
let bomb: Buffer | undefined
function gzipBomb(): Buffer {
  bomb ??= zlib.gzipSync(Buffer.alloc(64 * MB), { level: 9 })
  return bomb
}

const SVG_WITH_SCRIPT = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>`

/**
 * Starts the fixture shop (issue 38): product pages in the shapes UK shops serve (shop-pages.ts),
 * real pictures, and hostile answers:
 * - /redirect?to=URL (302 to URL), /loop/N (N more redirects, then a product page),
 *   /set-cookie (sets a cookie and redirects to /echo),
 * - /echo (200 HTML naming the request's headers), /drip (a byte every 300 ms, for ever),
 * - /huge (50 MB chunked), /huge-declared (50 MB with Content-Length), /bomb (gzip bomb),
 * - /document.pdf, /images/not-really.jpg (HTML as image/jpeg), /images/evil.svg (SVG with a
 *   script), /images/giant.jpg (6 MB that starts like a JPEG), /status/N (status N).
 * Listens on 127.0.0.1 only; a test reaches it through testOnlyAllowList([shop.origin]).
 */
export async function startFixtureShop(options: { port?: number } = {}): Promise<FixtureShop> {
  const seen: SeenRequest[] = []
  let pages: ReturnType<typeof shopPages> = {}
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixture.invalid')
    seen.push({ path: url.pathname + url.search, headers: req.headers })
    void answer(url, req.headers, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500)
      res.end(String(error))
    })
  })
  async function answer(url: URL, headers: IncomingHttpHeaders, res: http.ServerResponse): Promise<void> {
    const path = url.pathname
    const page = pages[path]
    if (page) {
      res.writeHead(page.status ?? 200, { 'content-type': page.contentType ?? 'text/html; charset=utf-8' })
      res.end(page.html)
      return
    }
    const picture = (await makePictures())[path as '/images/bookcase.jpg']
    if (picture) {
      res.writeHead(200, { 'content-type': picture.type, 'content-length': picture.bytes.length })
      res.end(picture.bytes)
      return
    }
    if (path === '/redirect') {
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end()
    } else if (path.startsWith('/loop/')) {
      const left = Number(path.slice('/loop/'.length))
      res.writeHead(302, { location: left > 0 ? `/loop/${left - 1}` : '/products/mug' }).end()
    } else if (path === '/set-cookie') {
      res.writeHead(302, { location: '/echo', 'set-cookie': 'session=secret; Path=/' }).end()
    } else if (path === '/echo') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(`<title>echo</title><pre>${JSON.stringify(headers)}</pre>`)
    } else if (path === '/drip') {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.write('<html>')
      const timer = setInterval(() => res.write(' '), 300)
      res.on('close', () => clearInterval(timer))
    } else if (path === '/huge' || path === '/huge-declared') {
      const total = 50 * MB
      res.writeHead(200, {
        'content-type': 'text/html',
        ...(path === '/huge-declared' ? { 'content-length': total } : {}),
      })
      const chunk = Buffer.alloc(64 * 1024, 'a')
      let sent = 0
      const pump = () => {
        while (sent < total && !res.destroyed) {
          sent += chunk.length
          if (!res.write(chunk)) return void res.once('drain', pump)
        }
        res.end()
      }
      pump()
    } else if (path === '/bomb') {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' })
      res.end(gzipBomb())
    } else if (path === '/document.pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf' })
      res.end('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
    } else if (path === '/images/not-really.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' })
      res.end('<!doctype html><html><body><script>alert(1)</script></body></html>')
    } else if (path === '/images/evil.svg') {
      res.writeHead(200, { 'content-type': 'image/svg+xml' })
      res.end(SVG_WITH_SCRIPT)
    } else if (path === '/images/giant.jpg') {
      const bytes = Buffer.alloc(6 * MB, 0)
      bytes.set([0xff, 0xd8, 0xff, 0xe0], 0)
      res.writeHead(200, { 'content-type': 'image/jpeg' })
      res.end(bytes)
    } else if (path.startsWith('/status/')) {
      res
        .writeHead(Number(path.slice('/status/'.length)) || 500, { 'content-type': 'text/html' })
        .end('<title>x</title>')
    } else {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<title>Not found</title>')
    }
  }
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  pages = shopPages(origin)
  return {
    origin,
    url: (path) => `${origin}${path}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
