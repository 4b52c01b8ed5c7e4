import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, adminSession, bearer, type ApiProduct } from '../support/shop';

/**
 * Strapi's own panel lives at /cms (the shop's back office owns /admin). Developers sign in there and find the
 * shop's content types, so low-level data fixes are possible without touching the database. Its super-admin is
 * created at the first start (in development with the staff account's e-mail and password); nobody can register one.
 */
const DEVELOPER = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };

test("Strapi's panel at /cms signs in and lists the shop's content types", async ({ page, request }) => {
  const init = await request.get('/admin/init', { headers: { accept: 'application/json' } });
  const { data } = await init.json();
  expect(data.hasAdmin).toBe(true);
  const intruder = await request.post('/admin/register-admin', {
    data: { firstname: 'In', email: 'intruso@example.com', password: 'Intruso-12345' },
  });
  expect(intruder.status()).toBe(403);

  await page.goto('/cms/auth/login');
  await page.getByLabel('Email').fill(DEVELOPER.email);
  await page.getByLabel('Password').fill(DEVELOPER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  // Signed in once the panel leaves its login page (home or the guided tour).
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto('/cms/content-manager/collection-types/api::product.product');
  const nav = page.getByRole('navigation', { name: /Content Manager/i });
  for (const type of ['Producto', 'Orden', 'Interacción', 'Mensaje de contacto', 'Contenido del sitio']) {
    await expect(nav.getByRole('link', { name: type, exact: true })).toBeVisible();
  }
  await expect(page.getByText(/\d+ entries found/)).toBeVisible();
});

/** Signs in to Strapi's panel as the developer. */
async function signInToPanel(page: Page): Promise<void> {
  await page.goto('/cms/auth/login');
  await page.getByLabel('Email').fill(DEVELOPER.email);
  await page.getByLabel('Password').fill(DEVELOPER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

/** Saves the panel's edit view and waits for its confirmation. */
async function savePanelForm(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/Saved( document)?/i).first()).toBeVisible();
}

test("a fix made in Strapi's panel follows the shop's rules: a cancelled order returns its units, size stock reaches the shop", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const staff = bearer(await adminSession(request));
  const created = await request.post('/api/products', {
    headers: staff,
    data: {
      title: 'Body panel de prueba',
      description: 'Creado por la prueba del panel /cms',
      price: 15000,
      discount: 0,
      category: 'conjuntos',
      size: ['S', 'M'],
      stock: 2,
      stockBySize: { S: 1, M: 1 },
      status: true,
      thumbnails: ['/images/products/prueba.webp'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product: ApiProduct = (await created.json()).product;
  const placed = await request.post('/api/orders', {
    data: {
      items: [{ productId: product._id, quantity: 1, size: 'M', color: 'Negro' }],
      shippingInfo: { fullName: 'Lucía Panel', email: 'lucia.panel@example.com', phone: '+54 299 555-0101' },
      paymentMethod: 'transfer',
      deliveryType: 'pickup',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order: { _id: string; orderNumber: string } = (await placed.json()).order;
  const stockOfM = async () => {
    const res = await request.get(`/api/products/${product._id}`, { headers: staff });
    return ((await res.json()).product as ApiProduct).stockBySize?.M;
  };
  expect(await stockOfM()).toBe(0);

  await signInToPanel(page);
  // Cancel the order in the panel: its unit of M comes back, once.
  await page.goto(`/cms/content-manager/collection-types/api::order.order/${order._id}`);
  await page.getByRole('combobox', { name: /orderStatus/ }).click();
  await page.getByRole('option', { name: 'cancelled' }).click();
  await savePanelForm(page);
  await expect.poll(stockOfM).toBe(1);
  const history = await request.get(`/api/orders/${order._id}/history`, { headers: staff });
  const events: { to: string; by: { name: string } }[] = (await history.json()).history;
  expect(events.at(-1)).toMatchObject({ to: 'cancelled', by: { name: expect.stringContaining('panel /cms') } });

  // Change the product's stock of size S in the panel's JSON editor.
  await page.goto(`/cms/content-manager/collection-types/api::product.product/${product._id}`);
  // The JSON field's editor is the text box beside its label.
  const field = page
    .locator('div')
    .filter({ has: page.getByText('stockBySize', { exact: true }) })
    .filter({ has: page.getByRole('textbox') })
    .last();
  const editor = field.getByRole('textbox');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('{"S": 4, "M": 1}');
  await savePanelForm(page);

  // The shop shows it: the product page offers S, and the API counts 5 units.
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { name: 'Body panel de prueba' })).toBeVisible();
  // Both sizes are on sale again (an exhausted one would be announced as "M, agotada").
  for (const size of ['S', 'M']) {
    await expect(page.getByRole('button', { name: size, exact: true })).not.toHaveAttribute('aria-disabled', 'true');
  }
  const res = await request.get(`/api/products/${product._id}`);
  expect((await res.json()).product).toMatchObject({ stock: 5, stockBySize: { S: 4, M: 1 } });
  const tracked = await request.get(`/api/orders/by-number/${order.orderNumber}`);
  expect((await tracked.json()).order.status).toBe('cancelled');
});
