import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { compression, defineAlgorithm } from 'vite-plugin-compression2'
import { constants } from 'node:zlib'

/** The API server (apps/server) in development; in production it serves the built app itself. */
const apiTarget = 'http://127.0.0.1:3000'

export default defineConfig({
  plugins: [
    // The router plugin must come before the React plugin (it generates src/routeTree.gen.ts
    // and splits route components into their own chunks).
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
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
