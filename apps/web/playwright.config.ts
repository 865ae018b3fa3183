import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
import { freshDataDir } from './e2e/data-dir'
import { E2E_ADMIN } from './e2e/support/accounts'
import { preparePriceFeed } from './e2e/support/price-feed'

const here = path.dirname(fileURLToPath(import.meta.url))
const repoRoot = path.resolve(here, '../..')
const PORT = Number(process.env.E2E_PORT ?? 3100)
const baseURL = `http://127.0.0.1:${PORT}`

/**
 * A fresh data directory per run, so every run imports the catalog into an empty database.
 * Playwright loads this file in its runner and in each worker; only the runner starts the server,
 * so the directory is made once and handed on through the environment.
 */
const dataDir = (process.env.PRESENTLY_E2E_DATA_DIR ??= freshDataDir())

/**
 * The run's own SMTP server (e2e/global-setup.ts): the server mails to it for real, and its mails
 * are appended to a file beside the data directory that the tests read (e2e/support/mailbox.ts).
 * The port follows E2E_PORT (2526 for the default 3100), so runs on other ports do not collide;
 * the web server's environment is fixed here, before the global setup starts the SMTP server.
 */
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526 + (PORT - 3100))
process.env.PRESENTLY_E2E_SMTP_PORT = String(smtpPort)
process.env.PRESENTLY_E2E_MAIL_FILE ??= `${dataDir}.mail.jsonl`

/**
 * The fixture shop (issue 38: product pages in UK shops' shapes and hostile answers) that link
 * previews read in e2e runs, started by e2e/global-setup.ts on the port after E2E_PORT's SMTP
 * port's neighbour; the server may reach it only through OUTSIDE_FETCH_TEST_ORIGINS.
 */
const fixtureShopPort = Number(process.env.E2E_FIXTURE_SHOP_PORT ?? PORT + 1)
process.env.PRESENTLY_E2E_FIXTURE_SHOP = `http://127.0.0.1:${fixtureShopPort}`

/**
 * Prices that move (issue 39, e2e/price-alerts.spec.ts): a feed of the run's own that the test
 * rewrites and staff refresh from the Tools page, and a local https push service (its port
 * follows E2E_PORT; its self-signed certificate is made here, before the server starts, so the
 * server trusts it through PUSH_TEST_CA_FILE). Made once by the runner, handed to workers by env.
 */
const pushPort = Number(process.env.E2E_PUSH_PORT ?? 4543 + (PORT - 3100))
process.env.PRESENTLY_E2E_PUSH_ORIGIN = `https://127.0.0.1:${pushPort}`
process.env.PRESENTLY_E2E_FEED_DIR ??= preparePriceFeed(`${dataDir}-feeds`)

/**
 * Browser tests against the built app (apps/web/dist, built by the root `npm run test:e2e`)
 * served by the real server, in Debian's Chromium (never `playwright install`).
 */
export default defineConfig({
  testDir: './e2e',
  // Screenshot runs are for people to look at, not tests: E2E_SCREENSHOTS=1 npm run e2e -w @presently/web
  testIgnore: process.env.E2E_SCREENSHOTS ? [] : ['**/*screenshots.spec.ts'],
  globalSetup: './e2e/global-setup.ts',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The app's service worker (issue 24) would stand between page.route() and the network; only
    // the installable-app spec lets it run (test.use({ serviceWorkers: 'allow' })).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'npm run start -w @presently/server',
    cwd: repoRoot,
    url: `${baseURL}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    // The server logs every request; only its errors are worth showing here.
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Links in mails point at the address the browser uses (cookies are per host).
      APP_URL: baseURL,
      // Plain SMTP on loopback, no credentials: the mailer (nodemailer) sends without TLS when
      // the server offers no STARTTLS (smtp:// means secure: false).
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // Every test signs in or registers from 127.0.0.1; the production limits (10 per IP per
      // 15 minutes) would refuse the suite part-way.
      AUTH_RATE_LIMIT_IP_MAX: '10000',
      AUTH_RATE_LIMIT_EMAIL_MAX: '1000',
      // The gift finder's per-IP limit (issue 40) likewise: every finder test asks from 127.0.0.1.
      GIFT_FINDER_RATE_LIMIT_PER_MINUTE: '10000',
      // Turns Google sign-in on, so the "Continue with Google" button shows (nothing calls Google).
      GOOGLE_CLIENT_ID: 'e2e-google-client-id',
      GOOGLE_CLIENT_SECRET: 'e2e-google-client-secret',
      // The shipped catalog plus the real Awin sample (with image URLs, in US dollars at a
      // recorded rate), imported through CATALOG_FEEDS as a deployment's own feeds would be.
      CATALOG_FEEDS: [
        path.join(repoRoot, 'packages/db/seed/amazon_uk_toys_promptcloud_10k.csv.gz'),
        path.join(here, 'e2e/fixtures/awin-lululemon.mapping.json'),
        path.join(process.env.PRESENTLY_E2E_FEED_DIR, 'gift-shop.mapping.json'),
      ].join(','),
      // Tests only (refused in production): link previews may read the fixture shop.
      OUTSIDE_FETCH_TEST_ORIGINS: process.env.PRESENTLY_E2E_FIXTURE_SHOP,
      // The run's own feed beside the others, refreshed by e2e/price-alerts.spec.ts (issue 39).
      PUSH_EXTRA_ORIGINS: process.env.PRESENTLY_E2E_PUSH_ORIGIN,
      PUSH_TEST_CA_FILE: path.join(process.env.PRESENTLY_E2E_FEED_DIR, 'cert.pem'),
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
    },
  },
})
