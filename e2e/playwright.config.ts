import { defineConfig, devices } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

/**
 * End-to-end tests drive the whole shop in Debian's Chromium. By default Playwright starts the shop exactly as
 * the README says (`npm start`) with a fresh SQLite database; set E2E_BASE_URL to test a shop that is already running
 * instead (then one worker).
 *
 * E2E_SHOPS shops (default 1) are started, each with its own database, port and fakes, and as many workers run the
 * files, worker n always against shop n (Playwright's TEST_PARALLEL_INDEX, which a worker restarted after a failure
 * keeps): two files never share a shop at the same time, so a test that changes the shop's settings cannot reach
 * another file. The first shop listens on 1340 (E2E_PORT) with its fakes on 1395–1399, the second on 1341 with its
 * fakes on 1385–1389, and so on. This module is loaded again in every worker; what it exports there (the URLs, the
 * database) are that worker's shop's. `npm test` runs two: on a 2-core machine two ended the files in 4 min 4 s instead
 * of 5 min 1 s with one (2026-11-30; 4 min 33 s against 5 min 46 s on 2026-11-29), each test taking up to twice as long
 * (the slowest 17 s). A test's limits grow with the shops (60 s and 10 s for an expectation, per shop), so that a
 * machine half as fast waits longer for what a test reads instead of failing it; a test still ends as soon as what it
 * waits for is there.
 */
const root = path.resolve(__dirname, '..');
const SHOPS = process.env.E2E_BASE_URL ? 1 : Math.max(1, Number(process.env.E2E_SHOPS ?? 1));
/** This worker's shop (0 in the runner process, which starts them all). */
const SHOP = Math.min(SHOPS - 1, Number(process.env.TEST_PARALLEL_INDEX ?? 0));
const FIRST_PORT = Number(process.env.E2E_PORT ?? 1340);

/** The ports of shop `n` and of its fakes. */
function portsOf(n: number) {
  const fakes = Number(process.env.E2E_MERCADOPAGO_PORT ?? 1399) - 10 * n;
  return {
    shop: FIRST_PORT + n,
    mercadoPago: fakes,
    arca: fakes - 1,
    correo: fakes - 2,
    andreani: fakes - 3,
    mercadoLibre: fakes - 4,
    whatsapp: fakes - 5,
  };
}
const url = (port: number) => `http://127.0.0.1:${port}`;
const ports = portsOf(SHOP);
const baseURL = process.env.E2E_BASE_URL ?? url(ports.shop);
const databaseOf = (n: number) => path.join(__dirname, '.tmp', n === 0 ? 'shop-e2e.db' : `shop-e2e-${n}.db`);
export const E2E_DATABASE = databaseOf(SHOP);
// The test shop's first staff password: random for each run (no password in the repository ever works), shared
// with Playwright's workers through the environment they inherit. Set ADMIN_PASSWORD to test a running shop.
process.env.ADMIN_PASSWORD ??= `E2e-${randomBytes(9).toString('base64url')}-1a`;
// The local stand-in of Mercado Pago (scripts/fake-mercadopago.mjs) the test shop pays through, with credentials
// made up for each run.
export const E2E_MERCADOPAGO_URL = url(ports.mercadoPago);
const mercadoPago = {
  MERCADOPAGO_ACCESS_TOKEN: (process.env.E2E_MERCADOPAGO_TOKEN ??= `TEST-${randomBytes(12).toString('hex')}`),
  MERCADOPAGO_WEBHOOK_SECRET: (process.env.E2E_MERCADOPAGO_SECRET ??= randomBytes(16).toString('hex')),
};

// The local stand-in of ARCA (scripts/fake-arca.mjs) the test shop asks for its electronic invoices.
export const E2E_ARCA_URL = url(ports.arca);
const arcaOf = (arcaUrl: string) => ({
  ARCA_WSAA_URL: `${arcaUrl}/ws/services/LoginCms`,
  ARCA_WSFE_URL: `${arcaUrl}/wsfev1/service.asmx`,
  ARCA_SWEEP_MS: '2000',
});

// The local stand-ins of the carriers (scripts/fake-correo-argentino.mjs, scripts/fake-andreani.mjs) the test shop
// quotes national shipping with, labels and tracks; the accounts' credentials are made up for each run and typed
// into the owner's shipping settings by the tests.
export const E2E_CORREO_URL = url(ports.correo);
export const E2E_CORREO = {
  user: (process.env.E2E_CORREO_USER ??= `tienda${randomBytes(3).toString('hex')}`),
  password: (process.env.E2E_CORREO_PASSWORD ??= randomBytes(12).toString('base64url')),
  customerId: (process.env.E2E_CORREO_CUSTOMER ??= String(1_000_000 + Math.floor(Math.random() * 8_000_000))),
};
export const E2E_ANDREANI_URL = url(ports.andreani);
export const E2E_ANDREANI = {
  user: (process.env.E2E_ANDREANI_USER ??= `tienda_${randomBytes(3).toString('hex')}`),
  password: (process.env.E2E_ANDREANI_PASSWORD ??= randomBytes(12).toString('base64url')),
  contract: (process.env.E2E_ANDREANI_CONTRACT ??= String(400_006_100 + 2 * Math.floor(Math.random() * 400))),
  // Another contract for deliveries to a branch, as Andreani gives them.
  branchContract: (process.env.E2E_ANDREANI_BRANCH_CONTRACT ??= String(Number(process.env.E2E_ANDREANI_CONTRACT) + 1)),
};

// The local stand-in of Mercado Libre (scripts/fake-mercadolibre.mjs): OAuth, items, orders and their notices.
export const E2E_MERCADOLIBRE_URL = url(ports.mercadoLibre);
const mercadoLibre = {
  MERCADOLIBRE_CLIENT_ID: (process.env.E2E_MERCADOLIBRE_CLIENT_ID ??= String(1_000_000_000_000 + Math.floor(Math.random() * 1e12))),
  MERCADOLIBRE_CLIENT_SECRET: (process.env.E2E_MERCADOLIBRE_CLIENT_SECRET ??= randomBytes(16).toString('hex')),
};

// The local stand-in of Meta's WhatsApp Cloud API (scripts/fake-whatsapp.mjs): messages, templates, signed webhooks.
export const E2E_WHATSAPP_URL = url(ports.whatsapp);
export const E2E_WHATSAPP = {
  accessToken: (process.env.E2E_WHATSAPP_TOKEN ??= `EAAG${randomBytes(24).toString('hex')}`),
  appSecret: (process.env.E2E_WHATSAPP_SECRET ??= randomBytes(16).toString('hex')),
  phoneNumberId: '109876543210987',
  businessAccountId: '102030405060708',
};

/** A server Playwright starts from the repository's root before the tests (one already running is reused locally). */
function localServer(command: string, url: string, timeout: number, env: Record<string, string>) {
  return { command, cwd: root, url, timeout, reuseExistingServer: !process.env.CI, stdout: 'ignore', stderr: 'pipe', env } as const;
}

/** Shop `n` and its fakes, as Playwright starts them before the tests. */
function shopServers(n: number) {
  const p = portsOf(n);
  const arca = arcaOf(url(p.arca));
  return [
    localServer('node scripts/fake-mercadopago.mjs', `${url(p.mercadoPago)}/__control/state`, 30_000, {
      ...mercadoPago,
      FAKE_MERCADOPAGO_PORT: String(p.mercadoPago),
    }),
    localServer('node scripts/fake-arca.mjs', `${url(p.arca)}/__control/state`, 30_000, { FAKE_ARCA_PORT: String(p.arca) }),
    localServer('node scripts/fake-correo-argentino.mjs', `${url(p.correo)}/__control/state`, 30_000, {
      FAKE_CORREO_PORT: String(p.correo),
      CORREO_ARGENTINO_USER: E2E_CORREO.user,
      CORREO_ARGENTINO_PASSWORD: E2E_CORREO.password,
      CORREO_ARGENTINO_CUSTOMER_ID: E2E_CORREO.customerId,
    }),
    localServer('node scripts/fake-andreani.mjs', `${url(p.andreani)}/__control/state`, 30_000, {
      FAKE_ANDREANI_PORT: String(p.andreani),
      ANDREANI_USER: E2E_ANDREANI.user,
      ANDREANI_PASSWORD: E2E_ANDREANI.password,
      ANDREANI_CONTRACT: E2E_ANDREANI.contract,
      ANDREANI_BRANCH_CONTRACT: E2E_ANDREANI.branchContract,
    }),
    // Ready when it answers at all: its users/me refuses a call without a token (401).
    localServer('node scripts/fake-mercadolibre.mjs', `${url(p.mercadoLibre)}/users/me`, 30_000, {
      ...mercadoLibre,
      FAKE_MERCADOLIBRE_PORT: String(p.mercadoLibre),
    }),
    // Ready when it answers at all: its template list refuses a call without a token (400).
    localServer('node scripts/fake-whatsapp.mjs', `${url(p.whatsapp)}/v21.0/${E2E_WHATSAPP.businessAccountId}/message_templates`, 30_000, {
      FAKE_WHATSAPP_PORT: String(p.whatsapp),
      WHATSAPP_ACCESS_TOKEN: E2E_WHATSAPP.accessToken,
      WHATSAPP_APP_SECRET: E2E_WHATSAPP.appSecret,
      WHATSAPP_PHONE_NUMBER_ID: E2E_WHATSAPP.phoneNumberId,
      WHATSAPP_BUSINESS_ACCOUNT_ID: E2E_WHATSAPP.businessAccountId,
    }),
    // A fresh database every run, then the README's start command. Playwright starts its servers one after another,
    // so the first shop's start makes the builds (`npm test` has made them before) and the others find them fresh.
    localServer(`node e2e/scripts/reset-database.mjs ${n} && npm start`, `${url(p.shop)}/api/health`, 600_000, {
      PORT: String(p.shop),
      HOST: '127.0.0.1',
      DATABASE_FILENAME: databaseOf(n),
      // Secrets generated for the test shop stay beside its database, never in the developer's cms/.env.
      ENV_PATH: path.join(__dirname, '.tmp', n === 0 ? '.env' : `.env-${n}`),
      ADMIN_PASSWORD: process.env.ADMIN_PASSWORD!,
      STRAPI_TELEMETRY_DISABLED: 'true',
      // Every browser test places its orders from 127.0.0.1: the run takes more than a shopper's 30 per 15
      // minutes. The limit itself is tested by the API tests (orders.test.ts › the shared process answers 429…).
      RATE_LIMIT_ORDERS_MAX: '1000',
      // Likewise every sign-in comes from 127.0.0.1, and a few tests check that a wrong or spent password gets
      // 401: more than 5 failures per 15 minutes blocks that address for everyone, the owner included. The limit
      // itself is tested by the API tests (rate-limits-and-restart.test.ts, login-limits-behind-proxy.test.ts).
      RATE_LIMIT_LOGIN_MAX: '100',
      MERCADOPAGO_API_URL: url(p.mercadoPago),
      ...mercadoPago,
      ...arca,
      CORREO_ARGENTINO_API_URL: url(p.correo),
      ANDREANI_API_URL: url(p.andreani),
      ...mercadoLibre,
      MERCADOLIBRE_AUTH_URL: url(p.mercadoLibre),
      MERCADOLIBRE_API_URL: url(p.mercadoLibre),
      WHATSAPP_API_URL: url(p.whatsapp),
      WHATSAPP_WORKER_INTERVAL_MS: '200',
      WHATSAPP_RETRY_BASE_MS: '100',
      // The reviews' invitations sweep (10 minutes in production).
      REVIEW_INVITATIONS_EVERY_MS: '1000',
    }),
  ];
}

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: SHOPS,
  // A failing test fails the run: no retry hides a flaky one.
  retries: 0,
  timeout: 60_000 * SHOPS,
  expect: { timeout: 10_000 * SHOPS },
  forbidOnly: Boolean(process.env.CI),
  reporter: [
    ['list'],
    ...(process.env.CI ? [] : [['html', { open: 'never', outputFolder: 'playwright-report' }] as const]),
    // `npm test` (scripts/test.mjs) reads the files and tests of the run from this report for its closing table.
    ...(process.env.E2E_JSON_REPORT ? [['json', { outputFile: process.env.E2E_JSON_REPORT }] as const] : []),
  ],
  use: {
    baseURL,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    // A failed test keeps its trace (each step's DOM, network and console); without the screencast, which every
    // test would otherwise record (JPEG frames encoded all run long) for the few that fail. In CI (CI set, a clean
    // checkout thrown away after the run, where only the log is kept) no test records one: every test paid for its
    // DOM snapshots (the accessibility file 102 s with them, 94 s without, 2026-11-29). E2E_TRACE=1 records them there.
    trace:
      process.env.CI && !process.env.E2E_TRACE ? 'off' : { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
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
  webServer: process.env.E2E_BASE_URL ? undefined : Array.from({ length: SHOPS }, (_, n) => shopServers(n)).flat(),
});
