import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'

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
  },
})
