import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'apps/web/e2e/**'],
    // One PostgreSQL for the run (embedded, or DATABASE_URL's) and a migrated template database.
    globalSetup: ['packages/db/src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each integration file copies the template into its own database; two cores run two at once.
    maxWorkers: 2,
  },
})
