import { defineConfig, devices } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

/**
 * End-to-end tests drive the whole shop in Debian's Chromium. By default Playwright starts the shop exactly as
 * the README says (`npm start`) on port 1340 with a fresh SQLite database; set E2E_BASE_URL to test a shop that is
 * already running instead.
 */
const PORT = Number(process.env.E2E_PORT ?? 1340);
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${PORT}`;
const root = path.resolve(__dirname, '..');
export const E2E_DATABASE = path.join(__dirname, '.tmp', 'shop-e2e.db');
// The test shop's first staff password: random for each run (no password in the repository ever works), shared
// with Playwright's workers through the environment they inherit. Set ADMIN_PASSWORD to test a running shop.
process.env.ADMIN_PASSWORD ??= `E2e-${randomBytes(9).toString('base64url')}-1a`;
// The local stand-in of Mercado Pago (scripts/fake-mercadopago.mjs) the test shop pays through, with credentials
// made up for each run.
const MERCADOPAGO_PORT = Number(process.env.E2E_MERCADOPAGO_PORT ?? 1399);
export const E2E_MERCADOPAGO_URL = `http://127.0.0.1:${MERCADOPAGO_PORT}`;
const mercadoPago = {
  MERCADOPAGO_API_URL: E2E_MERCADOPAGO_URL,
  MERCADOPAGO_ACCESS_TOKEN: (process.env.E2E_MERCADOPAGO_TOKEN ??= `TEST-${randomBytes(12).toString('hex')}`),
  MERCADOPAGO_WEBHOOK_SECRET: (process.env.E2E_MERCADOPAGO_SECRET ??= randomBytes(16).toString('hex')),
};

// The local stand-in of ARCA (scripts/fake-arca.mjs) the test shop asks for its electronic invoices.
const ARCA_PORT = Number(process.env.E2E_ARCA_PORT ?? 1398);
export const E2E_ARCA_URL = `http://127.0.0.1:${ARCA_PORT}`;
const arca = {
  ARCA_WSAA_URL: `${E2E_ARCA_URL}/ws/services/LoginCms`,
  ARCA_WSFE_URL: `${E2E_ARCA_URL}/wsfev1/service.asmx`,
  ARCA_SWEEP_MS: '2000',
};

// The local stand-ins of the carriers (scripts/fake-correo-argentino.mjs, scripts/fake-andreani.mjs) the test shop
// quotes national shipping with, labels and tracks; the accounts' credentials are made up for each run and typed
// into the owner's shipping settings by the tests.
const CORREO_PORT = Number(process.env.E2E_CORREO_PORT ?? 1397);
export const E2E_CORREO_URL = `http://127.0.0.1:${CORREO_PORT}`;
export const E2E_CORREO = {
  user: (process.env.E2E_CORREO_USER ??= `tienda${randomBytes(3).toString('hex')}`),
  password: (process.env.E2E_CORREO_PASSWORD ??= randomBytes(12).toString('base64url')),
  customerId: (process.env.E2E_CORREO_CUSTOMER ??= String(1_000_000 + Math.floor(Math.random() * 8_000_000))),
};
const ANDREANI_PORT = Number(process.env.E2E_ANDREANI_PORT ?? 1396);
export const E2E_ANDREANI_URL = `http://127.0.0.1:${ANDREANI_PORT}`;
export const E2E_ANDREANI = {
  user: (process.env.E2E_ANDREANI_USER ??= `tienda_${randomBytes(3).toString('hex')}`),
  password: (process.env.E2E_ANDREANI_PASSWORD ??= randomBytes(12).toString('base64url')),
  contract: (process.env.E2E_ANDREANI_CONTRACT ??= String(400_006_100 + 2 * Math.floor(Math.random() * 400))),
  // Another contract for deliveries to a branch, as Andreani gives them.
  branchContract: (process.env.E2E_ANDREANI_BRANCH_CONTRACT ??= String(Number(process.env.E2E_ANDREANI_CONTRACT) + 1)),
};

// The local stand-in of Mercado Libre (scripts/fake-mercadolibre.mjs): OAuth, items, orders and their notices.
const MERCADOLIBRE_PORT = Number(process.env.E2E_MERCADOLIBRE_PORT ?? 1395);
export const E2E_MERCADOLIBRE_URL = `http://127.0.0.1:${MERCADOLIBRE_PORT}`;
const mercadoLibre = {
  MERCADOLIBRE_CLIENT_ID: (process.env.E2E_MERCADOLIBRE_CLIENT_ID ??= String(1_000_000_000_000 + Math.floor(Math.random() * 1e12))),
  MERCADOLIBRE_CLIENT_SECRET: (process.env.E2E_MERCADOLIBRE_CLIENT_SECRET ??= randomBytes(16).toString('hex')),
};

/** A server Playwright starts from the repository's root before the tests (one already running is reused locally). */
function localServer(command: string, url: string, timeout: number, env: Record<string, string>) {
  return { command, cwd: root, url, timeout, reuseExistingServer: !process.env.CI, stdout: 'ignore', stderr: 'pipe', env } as const;
}

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  // A failing test fails the run: no retry hides a flaky one.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : [
        localServer('node scripts/fake-mercadopago.mjs', `${E2E_MERCADOPAGO_URL}/__control/state`, 30_000, {
          ...mercadoPago,
          FAKE_MERCADOPAGO_PORT: String(MERCADOPAGO_PORT),
        }),
        localServer('node scripts/fake-arca.mjs', `${E2E_ARCA_URL}/__control/state`, 30_000, { FAKE_ARCA_PORT: String(ARCA_PORT) }),
        localServer('node scripts/fake-correo-argentino.mjs', `${E2E_CORREO_URL}/__control/state`, 30_000, {
          FAKE_CORREO_PORT: String(CORREO_PORT),
          CORREO_ARGENTINO_USER: E2E_CORREO.user,
          CORREO_ARGENTINO_PASSWORD: E2E_CORREO.password,
          CORREO_ARGENTINO_CUSTOMER_ID: E2E_CORREO.customerId,
        }),
        localServer('node scripts/fake-andreani.mjs', `${E2E_ANDREANI_URL}/__control/state`, 30_000, {
          FAKE_ANDREANI_PORT: String(ANDREANI_PORT),
          ANDREANI_USER: E2E_ANDREANI.user,
          ANDREANI_PASSWORD: E2E_ANDREANI.password,
          ANDREANI_CONTRACT: E2E_ANDREANI.contract,
          ANDREANI_BRANCH_CONTRACT: E2E_ANDREANI.branchContract,
        }),
        // Ready when it answers at all: its users/me refuses a call without a token (401).
        localServer('node scripts/fake-mercadolibre.mjs', `${E2E_MERCADOLIBRE_URL}/users/me`, 30_000, {
          ...mercadoLibre,
          FAKE_MERCADOLIBRE_PORT: String(MERCADOLIBRE_PORT),
        }),
        // A fresh database every run, then the README's start command.
        localServer(`node e2e/scripts/reset-database.mjs && npm start`, `${baseURL}/api/health`, 600_000, {
          PORT: String(PORT),
          HOST: '127.0.0.1',
          DATABASE_FILENAME: E2E_DATABASE,
          // Secrets generated for the test shop stay beside its database, never in the developer's cms/.env.
          ENV_PATH: path.join(__dirname, '.tmp', '.env'),
          ADMIN_PASSWORD: process.env.ADMIN_PASSWORD,
          STRAPI_TELEMETRY_DISABLED: 'true',
          // Every browser test places its orders from 127.0.0.1: the run takes more than a shopper's 30 per 15
          // minutes. The limit itself is tested by the API tests (orders.test.ts › the shared process answers 429…).
          RATE_LIMIT_ORDERS_MAX: '1000',
          // Likewise every sign-in comes from 127.0.0.1, and a few tests check that a wrong or spent password gets
          // 401: more than 5 failures per 15 minutes blocks that address for everyone, the owner included. The limit
          // itself is tested by the API tests (rate-limits-and-restart.test.ts, login-limits-behind-proxy.test.ts).
          RATE_LIMIT_LOGIN_MAX: '100',
          ...mercadoPago,
          ...arca,
          CORREO_ARGENTINO_API_URL: E2E_CORREO_URL,
          ANDREANI_API_URL: E2E_ANDREANI_URL,
          ...mercadoLibre,
          MERCADOLIBRE_AUTH_URL: E2E_MERCADOLIBRE_URL,
          MERCADOLIBRE_API_URL: E2E_MERCADOLIBRE_URL,
        }),
      ],
});
