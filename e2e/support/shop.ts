import { deflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

/** Helpers shared by the cross-app journeys and the README tour. */

export const ADMIN_EMAIL = process.env.ADMIN_EMAIL ?? 'admin@jazminlenceria.com.ar';
/** Set by playwright.config.ts (random for each run) or by whoever tests a running shop. */
export const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? '';
export const ORDER_NUMBER = /^[A-Z0-9]{1,10}-\d{8}-\d{4,}$/;

export interface ApiProduct {
  _id: string;
  title: string;
  price: number;
  discount: number;
  category: string;
  stock: number;
  size: string[];
  stockBySize?: Record<string, number>;
  thumbnails: string[];
}

export async function catalogue(request: APIRequestContext): Promise<ApiProduct[]> {
  const response = await request.get('/api/products?limit=all');
  expect(response.ok()).toBeTruthy();
  const body: { payload: ApiProduct[] } = await response.json();
  return body.payload;
}

/** Products with sizes and stock in their first size (the one the journeys buy), so that they never depend on fixed ids. */
/** At least two products (the seed guarantees them), so tests can take the first one or two without checks. */
export async function buyableProducts(request: APIRequestContext, minStock = 3): Promise<[ApiProduct, ApiProduct, ...ApiProduct[]]> {
  const firstSizeStock = (p: ApiProduct) => (p.stockBySize ? (p.stockBySize[p.size[0] ?? ''] ?? 0) : p.stock);
  const products = (await catalogue(request)).filter((p) => p.size.length > 0 && firstSizeStock(p) >= minStock);
  expect(products.length, 'seed catalogue has products with stock and sizes').toBeGreaterThan(1);
  const [first, second, ...rest] = products;
  if (!first || !second) throw new Error('seed catalogue has products with stock and sizes');
  return [first, second, ...rest];
}

export interface AdminSession {
  token: string;
  user: unknown;
}

export async function adminSession(request: APIRequestContext, password = ADMIN_PASSWORD): Promise<AdminSession> {
  const response = await request.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password } });
  expect(response.ok(), `login as ${ADMIN_EMAIL}`).toBeTruthy();
  const session: AdminSession = await response.json();
  expect(session.token).toBeTruthy();
  return session;
}

export const bearer = (session: AdminSession) => ({ Authorization: `Bearer ${session.token}` });

/** Turns Mercado Pago on in the checkout's settings (the local fake takes the payments) for a test's duration. */
export async function setMercadoPago(request: APIRequestContext, enabled: boolean): Promise<void> {
  const session = await adminSession(request);
  const res = await request.put('/api/content', {
    headers: bearer(session),
    data: { checkout: { paymentInfo: { mercadoPago: enabled ? { enabled, maxInstallments: 3 } : { enabled } } } },
  });
  if (enabled) expect(res.status()).toBe(200);
}

/** Puts this back-office session in the page's storage before it loads, as the panel keeps it after a sign-in. */
export async function storeAdminSession(page: Page, session: AdminSession): Promise<void> {
  await page.addInitScript(
    ([token, user]) => {
      window.localStorage.setItem('adminToken', token);
      window.localStorage.setItem('adminUser', user);
    },
    [session.token, JSON.stringify(session.user)] as const,
  );
}

/** Restores a back-office session from storage, as the panel does after a reload. */
export async function restoreAdminSession(page: Page, request: APIRequestContext): Promise<AdminSession> {
  const session = await adminSession(request);
  await storeAdminSession(page, session);
  return session;
}

export async function addToCart(page: Page, product: ApiProduct): Promise<void> {
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await page.getByTestId('size-selector').getByRole('button', { name: product.size[0], exact: true }).click();
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('toast')).toBeVisible();
}

export async function fillShopper(page: Page, fullName: string): Promise<void> {
  await page.getByLabel('Nombre completo *').fill(fullName);
  await page.getByLabel('Email *').fill('compradora.journey@example.com');
  await page.getByLabel('Teléfono *').fill('+54 9 299 555-0101');
}

/** A shopper in a browser context of her own, at the checkout with `product` in her cart, her details filled in (and `payment` chosen). */
export async function shopperAtCheckout(browser: Browser, product: ApiProduct, fullName: string, payment?: RegExp): Promise<Page> {
  const shopper = await (await browser.newContext()).newPage();
  await addToCart(shopper, product);
  await shopper.goto('/checkout');
  await fillShopper(shopper, fullName);
  if (payment) await shopper.getByRole('radio', { name: payment }).check();
  return shopper;
}

/** Home delivery to the Centro barrio of Neuquén, with the shopper's details filled in. */
export async function fillHomeDelivery(page: Page, fullName: string): Promise<void> {
  await page.getByRole('radio', { name: /domicilio/i }).check();
  await chooseBarrio(page, 'centro', 'Centro');
  await fillShopper(page, fullName);
  await page.getByLabel('Dirección *').fill('Av. Argentina 1500');
  await page.getByLabel('Ciudad *').fill('Neuquén');
}

/** Chooses a bank transfer and attaches a proof image, waiting for its preview. */
export async function payByTransferWithProof(page: Page): Promise<void> {
  await page.getByRole('radio', { name: /Transferencia/ }).check();
  await page.getByTestId('proof-input').setInputFiles({ name: 'comprobante.png', mimeType: 'image/png', buffer: pngProof() });
  await expect(page.getByTestId('proof-preview')).toContainText('comprobante.png');
}

/** Presses 'Confirmar Pedido', waits for the confirmation page and gives the order number shown there. */
export async function confirmOrder(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Confirmar Pedido' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\//);
  const orderNumber = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
  expect(orderNumber).toMatch(ORDER_NUMBER);
  return orderNumber;
}

/** A real PNG (rose square) so that the server's content check sees a genuine image. */
export function pngProof(size = 48): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [0xd9, 0x8c, 0xa0]).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Types part of a barrio in the checkout's barrio search and picks the suggestion of this barrio. */
export async function chooseBarrio(page: Page, typed: string, barrio: string): Promise<void> {
  const search = page.getByRole('combobox', { name: 'Barrio' });
  await search.fill(typed);
  // An option reads "<barrio> <zone>": the one whose name starts with exactly this barrio.
  const escaped = barrio.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page.getByRole('option', { name: new RegExp(`^${escaped} `) }).click();
  await expect(search).toHaveValue(barrio);
}

/** Signs in through the back office's form (the page is on it) and lands on the dashboard. */
export async function signInThroughForm(page: Page, password = ADMIN_PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** Opens an order in the back office from its row in the orders list (the page is signed in). */
export async function openAdminOrder(page: Page, orderNumber: string): Promise<void> {
  await page.goto('/admin/orders');
  await page.getByTestId('order-row').filter({ hasText: orderNumber }).getByRole('link').first().click();
}

/** An order placed through the API, paid in cash and picked up: one unit of `product` in its first size. */
export async function placeCashPickupOrder<T>(
  request: APIRequestContext,
  product: ApiProduct,
  shippingInfo: { fullName: string; email: string; phone: string },
): Promise<T> {
  const created = await request.post('/api/orders', {
    data: {
      items: [{ productId: product._id, quantity: 1, size: product.size[0] }],
      shippingInfo,
      paymentMethod: 'cash',
      deliveryType: 'pickup',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as T;
}

/** A product the test creates as staff, with the first picture of the seed catalogue. */
export async function createStaffProduct(
  request: APIRequestContext,
  session: AdminSession,
  data: Record<string, unknown>,
): Promise<ApiProduct> {
  const [seed] = await buyableProducts(request);
  const created = await request.post('/api/products', {
    headers: bearer(session),
    data: { ...data, thumbnails: [seed?.thumbnails[0] ?? '/images/hero-default.webp'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).product;
}

/** A garment the test creates as staff, in black only: one variant per size (its units, and its SKU and barcode if given). */
export function createBlackGarment(
  request: APIRequestContext,
  session: AdminSession,
  { category = 'corpinos', variants, ...garment }: StaffGarment,
): Promise<ApiProduct> {
  return createStaffProduct(request, session, {
    ...garment,
    category,
    size: variants.map((variant) => variant.size),
    colors: [{ name: 'Negro', value: '#000000' }],
    variants: variants.map((variant) => ({ color: 'Negro', ...variant })),
  });
}

/** A corpiño the test creates as staff with these units per size, in the shop's default colours (stock by size). */
export function createCorpinoBySize(
  request: APIRequestContext,
  session: AdminSession,
  { title, price, stockBySize }: { title: string; price: number; stockBySize: Record<string, number> },
): Promise<ApiProduct> {
  return createStaffProduct(request, session, {
    title,
    description: 'Corpiño creado por una prueba de stock por talle.',
    price,
    category: 'corpinos',
    size: Object.keys(stockBySize),
    stockBySize,
  });
}

export interface StaffGarment {
  title: string;
  description: string;
  price: number;
  /** 'corpinos' unless said. */
  category?: string;
  variants: { size: string; stock: number; sku?: string; barcode?: string }[];
}

/** A cash pickup order of these lines placed through the API, then marked ready and delivered by staff. */
export async function deliveredPickupOrder(
  request: APIRequestContext,
  session: AdminSession,
  items: { productId: string; quantity: number; size: string; color: string }[],
  shippingInfo: { fullName: string; email: string; phone: string },
): Promise<{ _id: string; orderNumber: string }> {
  const placed = await request.post('/api/orders', { data: { items, shippingInfo, paymentMethod: 'cash', deliveryType: 'pickup' } });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order } = (await placed.json()) as { order: { _id: string; orderNumber: string } };
  for (const step of ['ready_for_pickup', 'delivered']) {
    const res = await request.put(`/api/orders/${order._id}/fulfillment`, { headers: bearer(session), data: { step } });
    expect(res.status(), await res.text()).toBe(200);
  }
  return order;
}

/** A valid EAN-13 (twelve digits and the check digit), as a scanner reads it. */
export function ean13(twelve: string): string {
  const sum = [...twelve].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}
