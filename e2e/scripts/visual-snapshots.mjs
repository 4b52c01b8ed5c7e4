#!/usr/bin/env node
// Full-page screenshots of the main pages of both apps, at a phone and a desktop width, to prove that a change
// meant to be invisible (e.g. moving CSS around) really is: take them before and after, then compare with
// `node e2e/scripts/visual-compare.mjs <before> <after>`.
//
//   node e2e/scripts/visual-snapshots.mjs <output folder>
//
// Starts its own shop (`npm start`) on VISUAL_PORT (default 1354) with a fresh database under .tmp/visual, so
// that every run sees the same seeded catalogue and makes the same orders.
/* global document, window -- used inside page.evaluate and page.waitForFunction, which run in the browser */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const outDir = process.argv[2];
if (!outDir) {
  console.error('usage: node e2e/scripts/visual-snapshots.mjs <output folder>');
  process.exit(1);
}
const out = path.resolve(outDir);
mkdirSync(out, { recursive: true });

const port = process.env.VISUAL_PORT ?? '1354';
const base = `http://127.0.0.1:${port}`;
const adminEmail = 'admin@jazminlenceria.com.ar';
const adminPassword = `Visual-${randomBytes(9).toString('base64url')}-1a`;
const shopper = { fullName: 'Compradora Visual', email: 'compradora.visual@example.com', phone: '+54 9 299 555-0101' };
const VIEWPORTS = [
  { name: '390', width: 390, height: 844 },
  { name: '1280', width: 1280, height: 800 },
];

function startShop() {
  const dataDir = path.join(root, '.tmp', 'visual');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const shop = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
    env: {
      ...process.env,
      PORT: port,
      HOST: '127.0.0.1',
      DATABASE_FILENAME: path.join(dataDir, 'shop.db'),
      ENV_PATH: path.join(dataDir, '.env'),
      ADMIN_PASSWORD: adminPassword,
      SERVE_STRAPI_ADMIN: 'false',
      STRAPI_TELEMETRY_DISABLED: 'true',
    },
  });
  return shop;
}

async function waitForHealth(timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`the shop did not answer on ${base} within ${timeoutMs / 1000}s`);
}

async function firstBuyableProduct() {
  const response = await fetch(`${base}/api/products?limit=all`);
  const { payload } = await response.json();
  const stockOfFirstSize = (p) => (p.stockBySize ? (p.stockBySize[p.size[0] ?? ''] ?? 0) : p.stock);
  const product = payload.find((p) => p.size.length > 0 && stockOfFirstSize(p) >= 3);
  if (!product) throw new Error('no product with stock in the seed');
  return product;
}

/**
 * Waits for the page to settle (data, every image including lazy ones, fonts) and saves a full-page screenshot.
 * What changes from run to run (times of day, the live system status bar) is masked.
 */
async function shoot(page, name, viewport) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.body.innerText.includes('Cargando'), undefined, { timeout: 15_000 }).catch(() => undefined);
  // Scroll through the page so that every lazy image starts loading, then back to the top.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const image of images) image.loading = 'eager';
    await Promise.all(
      images.map((image) =>
        image.complete
          ? image.decode().catch(() => undefined)
          : new Promise((resolve) => {
              image.addEventListener('load', resolve, { once: true });
              image.addEventListener('error', resolve, { once: true });
            }),
      ),
    );
    await document.fonts.ready;
  });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  await page.screenshot({
    path: path.join(out, `${name}-${viewport.name}.png`),
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
    mask: [page.getByText(/\d{1,2}:\d{2}/), page.locator('.system-status')],
  });
  console.log(`  ${name}-${viewport.name}.png`);
}

async function storefront(page, viewport, product) {
  await page.goto(`${base}/`);
  await page.getByTestId('product-card').first().waitFor();
  await shoot(page, 'storefront-home', viewport);

  await page.goto(`${base}/category/${encodeURIComponent(product.category)}`);
  await page.getByTestId('product-card').first().waitFor();
  await shoot(page, 'storefront-category', viewport);

  await page.goto(`${base}/product/${product._id}`);
  await page.getByRole('heading', { level: 1, name: product.title }).waitFor();
  await shoot(page, 'storefront-product', viewport);

  await page.getByTestId('size-selector').getByRole('button', { name: product.size[0], exact: true }).click();
  await page.getByTestId('add-to-cart').click();
  await page.getByTestId('toast').waitFor();
  await page
    .getByTestId('toast')
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.goto(`${base}/cart`);
  await page.getByTestId('cart-line').first().waitFor();
  await shoot(page, 'storefront-cart', viewport);

  await page.goto(`${base}/checkout`);
  await page.getByRole('button', { name: 'Confirmar Pedido' }).waitFor();
  await shoot(page, 'storefront-checkout', viewport);

  await page.getByLabel('Nombre completo *').fill(shopper.fullName);
  await page.getByLabel('Email *').fill(shopper.email);
  await page.getByLabel('Teléfono *').fill(shopper.phone);
  await page.getByRole('button', { name: 'Confirmar Pedido' }).click();
  await page.waitForURL(/\/order-confirmation\//);
  const orderNumber = ((await page.getByTestId('order-number').textContent()) ?? '').trim();
  await shoot(page, 'storefront-confirmation', viewport);

  await page.goto(`${base}/track-order`);
  await page.getByLabel('Número de pedido').fill(orderNumber);
  await page.getByLabel(/E-mail o teléfono de la compra/).fill(shopper.phone);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByTestId('tracking-result').getByText('Talla:').first().waitFor();
  await shoot(page, 'storefront-tracking', viewport);
  return orderNumber;
}

async function admin(page, viewport, product, orderNumber) {
  await page.goto(`${base}/admin/login`);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).waitFor();
  await shoot(page, 'admin-login', viewport);

  await page.getByLabel('Email').fill(adminEmail);
  await page.getByLabel('Contraseña', { exact: true }).fill(adminPassword);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await page.waitForURL(/\/admin\/dashboard/);
  await page.getByTestId('dashboard-stats').waitFor();
  await shoot(page, 'admin-dashboard', viewport);

  await page.goto(`${base}/admin/orders`);
  await page.getByText(orderNumber).first().waitFor();
  await shoot(page, 'admin-orders', viewport);

  await page.getByText(orderNumber).first().click();
  await page.getByRole('heading', { name: `Orden #${orderNumber}` }).waitFor();
  await shoot(page, 'admin-order-detail', viewport);

  await page.goto(`${base}/admin/products`);
  await page.getByText(product.title).first().waitFor();
  await shoot(page, 'admin-products', viewport);

  await page.goto(`${base}/admin/products/edit/${product._id}`);
  await page.locator('form').first().waitFor();
  await page.waitForLoadState('networkidle');
  await shoot(page, 'admin-product-form', viewport);

  await page.goto(`${base}/admin/content`);
  await page.getByRole('tab', { name: 'Sección Inicial' }).waitFor();
  await shoot(page, 'admin-content', viewport);

  await page.goto(`${base}/admin/settings`);
  await page.locator('form').first().waitFor();
  await page.waitForLoadState('networkidle');
  await shoot(page, 'admin-settings', viewport);

  await page.goto(`${base}/admin/proofs`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  await shoot(page, 'admin-proofs', viewport);

  await page.goto(`${base}/admin/emails`);
  await page.getByText(orderNumber).first().waitFor();
  await shoot(page, 'admin-emails', viewport);
}

const shop = startShop();
let failed = false;
try {
  await waitForHealth(600_000);
  const product = await firstBuyableProduct();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--font-render-hinting=none'],
  });
  for (const viewport of VIEWPORTS) {
    console.log(`viewport ${viewport.name}px`);
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
      locale: 'es-AR',
      timezoneId: 'America/Argentina/Buenos_Aires',
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const orderNumber = await storefront(page, viewport, product);
    await admin(page, viewport, product, orderNumber);
    await context.close();
  }
  await browser.close();
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  // The shop runs in its own process group: end start.mjs and Strapi together.
  if (shop.pid) process.kill(-shop.pid, 'SIGTERM');
}
process.exit(failed ? 1 : 0);
