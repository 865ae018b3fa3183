import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { compression, defineAlgorithm } from 'vite-plugin-compression2'
import { VitePWA } from 'vite-plugin-pwa'
import { constants } from 'node:zlib'

/** The API server (apps/server) in development; in production it serves the built app itself. */
const apiTarget = 'http://127.0.0.1:3000'

// The router plugin must come before the React plugin (it generates src/routeTree.gen.ts
// and splits route components into their own chunks).
const appPlugins = () => [
  tanstackRouter({
    target: 'react',
    autoCodeSplitting: true,
    routesDirectory: './src/routes',
    generatedRouteTree: './src/routeTree.gen.ts',
  }),
  react(),
]

/**
 * The server's first view of a page (`vite build --ssr src/entry-server.tsx`, into dist-ssr/):
 * the same app, built for Node, imported by apps/server (plugins/first-view.ts). Packages stay
 * external (Node loads them from node_modules); no PWA, no compressed copies.
 */
const ssrConfig = defineConfig({
  plugins: appPlugins(),
  build: { outDir: 'dist-ssr', emptyOutDir: true, sourcemap: true, copyPublicDir: false },
})

const clientConfig = defineConfig({
  plugins: [
    ...appPlugins(),
    // The installable app (issue 24, docs/decisions/installable-app.md): the web app manifest and a
    // Workbox service worker that precaches the static build and answers a failed page load with
    // offline.html. It never touches /api, /trpc or any other data: only the files below are cached.
    VitePWA({
      registerType: 'autoUpdate',
      // A deferred <script src="/registerSW.js"> in index.html: no inline script (the CSP's
      // script-src is 'self'), and nothing added to the entry chunk.
      injectRegister: 'script-defer',
      // The icons are in the precache through globPatterns below, once.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'Presently: gift ideas',
        short_name: 'Presently',
        description: 'Thoughtful gift ideas for the people you love, with reminders for the dates that matter.',
        lang: 'en-GB',
        start_url: '/?source=pwa',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#c2410c',
        background_color: '#ffffff',
        categories: ['shopping', 'lifestyle'],
        // Made from public/favicon.svg by pwa-assets.config.ts (npm run icons -w @presently/web).
        icons: [
          { src: '/pwa-64x64.png', sizes: '64x64', type: 'image/png' },
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        shortcuts: [
          {
            name: 'My People',
            url: '/my-account/my-people',
            icons: [{ src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Events',
            url: '/my-account/events',
            icons: [{ src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
        // Sharing a link to the installed shop opens /share-target (src/routes/share-target.tsx).
        share_target: {
          action: '/share-target',
          method: 'GET',
          // Chromium's manifest parser warns when it is left to default.
          enctype: 'application/x-www-form-urlencoded',
          params: { title: 'title', text: 'text', url: 'url' },
        },
      },
      workbox: {
        // The app shell's scripts and styles, the icons and the offline page. Not index.html: a
        // page load always asks the network (a deploy is seen at once, and a cached shell could
        // only show empty pages offline); nor the .br/.gz twins (the browser negotiates those).
        globPatterns: ['assets/**/*.{js,css}', '*.{svg,png,ico}', 'img/*.{svg,png}', 'offline.html'],
        navigateFallback: null,
        // Price alert notifications (issue 39): the push and notificationclick handlers.
        importScripts: ['push-sw.js'],
        // A new worker takes over open pages at once (registerType autoUpdate skips waiting).
        clientsClaim: true,
        // Vite's hashed names already change with their content.
        dontCacheBustURLsMatching: /^assets\//,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // Page loads: network only; when it fails, the precached offline page. /api, /trpc
            // and /dev are never answered by the worker, not even their navigations (mail links).
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && !/^\/(api|trpc|dev)(\/|$)/.test(url.pathname),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/offline.html' } },
          },
        ],
      },
    }),
    // Brotli and gzip files beside every text file of the build, made once here at the highest
    // levels; the server sends them as they are (@fastify/static preCompressed, plugins/static.ts).
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      // Below ~1 KB the headers outweigh the saving.
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/trpc': { target: apiTarget, changeOrigin: false },
      '/api': { target: apiTarget, changeOrigin: false },
      '/healthz': { target: apiTarget, changeOrigin: false },
      // The server's development pages (/dev/outbox: mails kept when SMTP_URL is unset); a regex, so
      // only /dev/... goes to the server and SPA routes that merely start with "dev" stay here.
      '^/dev/': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks and CSS each route needs (bench/web-weight.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry needs in one chunk, instead of a dozen small ones that every page
          // fetches and instantiates one by one.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
})

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrConfig : clientConfig))
