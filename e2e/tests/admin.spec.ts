import { expect, test, type APIRequestContext } from '@playwright/test';
import { STAFF_SIDEBAR_ROLE_LABELS } from '@shop/shared';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  adminSession,
  bearer,
  buyableProducts,
  restoreAdminSession,
  signInThroughForm,
  type AdminSession,
  type ApiProduct,
} from '../support/shop';
import { failOnConsoleErrors } from '../support/console-errors';
import { expectNoSeriousAxeIssues } from '../support/axe';

/**
 * The back office against a running shop with seed data (storefront at /, back office at /admin, API at /api).
 * Every test creates what it needs through the API and puts shared state back (site content, password), so the
 * tests work on a fresh database and in any order.
 */

interface ApiOrder {
  _id: string;
  orderNumber: string;
  status: string;
  paymentMethod: string;
}

async function buyableProduct(request: APIRequestContext): Promise<ApiProduct> {
  const [product] = await buyableProducts(request);
  return product!;
}

async function createCashOrder(request: APIRequestContext, fullName: string): Promise<ApiOrder> {
  const product = await buyableProduct(request);
  const response = await request.post('/api/orders', {
    data: {
      items: [{ productId: product._id, quantity: 1, size: product.size[0] }],
      shippingInfo: { fullName, email: 'e2e.admin@example.com', phone: '299 555 0101' },
      paymentMethod: 'cash',
      deliveryType: 'pickup',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body: { order: ApiOrder } = await response.json();
  expect(body.order.status).toBe('pending_manual');
  return body.order;
}

async function orderStatus(request: APIRequestContext, session: AdminSession, id: string): Promise<string> {
  const response = await request.get(`/api/orders/${id}`, { headers: bearer(session) });
  expect(response.ok()).toBeTruthy();
  const body: { order: ApiOrder } = await response.json();
  return body.order.status;
}

// Any console error in the back office is a bug (failed requests the test provokes on purpose are expected).
failOnConsoleErrors();

test('login: errors, success, session kept on reload, logout', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('link', { name: /Volver a la tienda/ })).toHaveAttribute('href', '/');

  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByText('El email es requerido')).toBeVisible();

  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Contraseña', { exact: true }).fill('incorrecta-123');
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByRole('alert')).toHaveText('Credenciales inválidas');

  await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByTestId('dashboard-stats')).toBeVisible();
  // The seeded staff account is the shop's owner: the sidebar reads 'Administrador' under her name (the spec's text).
  await expect(page.getByTestId('sidebar-role')).toHaveText(STAFF_SIDEBAR_ROLE_LABELS.owner);

  await page.reload();
  await expect(page.getByTestId('dashboard-stats')).toBeVisible();
  await page.goto('/admin/login');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin/orders');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('create a product and see it on the storefront', async ({ page, request }) => {
  const session = await restoreAdminSession(page, request);
  const seed = await buyableProduct(request);
  const title = `Body E2E ${Date.now()}`;
  let createdId: string | null = null;
  try {
    await page.goto('/admin/products/new');
    await page.getByLabel(/^Título/).fill(title);
    await page.getByLabel(/^Descripción/).fill('Body de encaje creado por la prueba de punta a punta.');
    await page.getByLabel(/^Categoría/).selectOption('corpinos');
    await page.getByLabel(/^Precio/).fill('23456');
    await expect(page.getByLabel(/^Precio/)).toHaveValue('23.456');
    const sizes = page.getByTestId('size-options').getByRole('checkbox');
    await expect(sizes.first()).toBeVisible();
    await sizes.first().check();
    await page.getByTestId('stock-by-size').getByRole('textbox').first().fill('7');
    await page.getByLabel('Imagen principal (URL)').fill(seed.thumbnails[0] ?? '/images/hero-default.webp');

    await page.getByRole('button', { name: 'Revisar y continuar' }).click();
    const review = page.getByTestId('product-review-step');
    await expect(review.getByText(title)).toBeVisible();
    await expect(review.getByText('$23.456')).toBeVisible();
    await review.getByRole('button', { name: /Crear producto/ }).click();

    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(page.getByText(`Producto "${title}" creado exitosamente.`)).toBeVisible();

    const found = await request.get(`/api/products?searchTerm=${encodeURIComponent(title)}&limit=5`, { headers: bearer(session) });
    const list: { payload: ApiProduct[] } = await found.json();
    const created = list.payload.find((p) => p.title === title);
    expect(created, 'the new product is in the catalogue').toBeTruthy();
    createdId = created?._id ?? null;

    const publicAnswer = await request.get(`/api/products/${createdId}`);
    expect(publicAnswer.ok()).toBeTruthy();
    const body: { product: ApiProduct & { price: number; stock: number } } = await publicAnswer.json();
    expect(body.product).toMatchObject({ title, price: 23456, stock: 7, category: 'corpinos' });

    // The list links to the storefront page of the product (new tab).
    await page.getByLabel('Buscar').fill(title);
    const row = page.getByTestId('product-row').filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('link', { name: /en la tienda/ })).toHaveAttribute('href', `/product/${createdId}`);
    await expect(row.getByRole('link', { name: /en la tienda/ })).toHaveAttribute('target', '_blank');

    await page.goto(`/product/${createdId}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    // Edit: the form loads the product, the review shows the new price.
    await page.goto(`/admin/products/edit/${createdId}`);
    await expect(page.getByLabel(/^Título/)).toHaveValue(title);
    await expect(page.getByLabel(/^Precio/)).toHaveValue('23.456');
    await page.getByLabel(/^Precio/).fill('19990');
    await page.getByRole('button', { name: 'Revisar y continuar' }).click();
    await page.getByRole('button', { name: /Guardar cambios/ }).click();
    await expect(page.getByText(`Producto "${title}" actualizado exitosamente.`)).toBeVisible();

    // Deactivate from the list: the storefront API stops showing it.
    await page.getByLabel('Buscar').fill(title);
    const editedRow = page.getByTestId('product-row').filter({ hasText: title });
    await expect(editedRow.getByText('$19.990')).toBeVisible();
    await editedRow.getByRole('button', { name: `Activo: ${title}` }).click();
    await expect(editedRow.getByRole('button', { name: `Inactivo: ${title}` })).toHaveAttribute('aria-pressed', 'false');
    expect((await request.get(`/api/products/${createdId}`)).status()).toBe(404);

    // Delete asks first.
    await editedRow.getByRole('button', { name: `Eliminar ${title}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Producto eliminado exitosamente.')).toBeVisible();
    const deleted = await request.get(`/api/products/${createdId}`, { headers: bearer(session) });
    expect(deleted.status()).toBe(404);
    createdId = null;
  } finally {
    if (createdId) await request.delete(`/api/products/${createdId}`, { headers: bearer(session) });
  }
});

test('change an order status, confirm a cash order and delete one with confirmation', async ({ page, request }) => {
  const session = await restoreAdminSession(page, request);
  const toPay = await createCashOrder(request, 'Lucía Estado E2E');
  const toConfirm = await createCashOrder(request, 'Carla Confirmar E2E');

  // Update panel: warning, then 'Actualizar Orden'.
  await page.goto(`/admin/orders/${toPay._id}`);
  await expect(page.getByRole('heading', { name: `Orden #${toPay.orderNumber}` })).toBeVisible();
  await page.getByLabel('Nuevo estado').selectOption('paid');
  await expect(page.getByText('Cambiarás el estado de Pendiente (Efectivo) a Pagado')).toBeVisible();
  await page.getByRole('button', { name: 'Actualizar Orden' }).click();
  await expect(page.getByText('Orden actualizada exitosamente!')).toBeVisible();
  await expect.poll(() => orderStatus(request, session, toPay._id)).toBe('paid');
  await expect(page.getByRole('button', { name: 'Confirmar Orden' })).toHaveCount(0);

  // 'Confirmar Orden' exists only for pending_manual.
  await page.goto(`/admin/orders/${toConfirm._id}`);
  await page.getByRole('button', { name: 'Confirmar Orden' }).click();
  await expect(page.getByRole('button', { name: 'Confirmar Orden' })).toHaveCount(0);
  await expect.poll(() => orderStatus(request, session, toConfirm._id)).not.toBe('pending_manual');

  // Quick view from the list applies a status at once.
  await page.goto('/admin/orders');
  await page.getByLabel('Buscar en esta página').fill(toConfirm.orderNumber);
  const row = page.getByTestId('order-row').filter({ hasText: toConfirm.orderNumber });
  await row.getByRole('button', { name: /Vista rápida/ }).click();
  const modal = page.getByTestId('order-quick-view');
  await modal.getByLabel('Cambiar estado').selectOption('cancelled');
  await expect.poll(() => orderStatus(request, session, toConfirm._id)).toBe('cancelled');
  await modal.getByRole('button', { name: 'Cerrar', exact: true }).last().click();

  // Delete asks first; cancelling keeps the order.
  await row.getByRole('button', { name: `Eliminar orden ${toConfirm.orderNumber}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(toConfirm.orderNumber);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toHaveCount(0);
  await row.getByRole('button', { name: `Eliminar orden ${toConfirm.orderNumber}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar orden' }).click();
  await expect(page.getByText(`Orden #${toConfirm.orderNumber} eliminada exitosamente.`)).toBeVisible();
  const gone = await request.get(`/api/orders/${toConfirm._id}`, { headers: bearer(session) });
  expect(gone.status()).toBe(404);
});

test('edit a site text and see it on the storefront', async ({ page, request }) => {
  const session = await restoreAdminSession(page, request);
  const before = await request.get('/api/content');
  const original: { content: { productCatalog: { subtitle: string } } } = await before.json();
  const subtitle = `Subtítulo de prueba E2E ${Date.now()}`;
  try {
    await page.goto('/admin/content');
    await page.getByRole('tab', { name: 'Sección Catálogo' }).click();
    await page.getByLabel('Subtítulo', { exact: true }).fill(subtitle);
    await expect(page.getByText('Hay cambios sin guardar.')).toBeVisible();
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText('Contenido actualizado exitosamente!')).toBeVisible();

    const after = await request.get('/api/content');
    const saved: { content: { productCatalog: { subtitle: string } } } = await after.json();
    expect(saved.content.productCatalog.subtitle).toBe(subtitle);

    // After the reload that follows a save, the editor shows the saved value.
    await expect(page.getByText('Sin cambios pendientes.')).toBeVisible();
    await expect(page.getByLabel('Subtítulo', { exact: true })).toHaveValue(subtitle);

    await page.goto('/');
    await expect(page.getByText(subtitle)).toBeVisible();
  } finally {
    await request.put('/api/content', { headers: bearer(session), data: original.content });
  }
});

test('change the password and sign in with the new one', async ({ page, request }) => {
  await restoreAdminSession(page, request);
  const newPassword = `Nueva-${Date.now()}`;
  let changed = false;
  try {
    await page.goto('/admin/settings');
    await page.getByRole('tab', { name: 'Seguridad' }).click();
    await page.getByRole('button', { name: 'Cambiar Contraseña' }).click();
    await expect(page.getByText('La contraseña actual es requerida.')).toBeVisible();
    await expect(page.getByText('La nueva contraseña es requerida.')).toBeVisible();

    await page.getByRole('textbox', { name: 'Contraseña actual', exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill('abc');
    await page.getByRole('textbox', { name: 'Confirmar nueva contraseña', exact: true }).fill('abd');
    await page.getByRole('button', { name: 'Cambiar Contraseña' }).click();
    await expect(page.getByText('La nueva contraseña debe tener al menos 6 caracteres.')).toBeVisible();
    await expect(page.getByText('Las contraseñas no coinciden.')).toBeVisible();

    const newField = page.getByRole('textbox', { name: 'Nueva contraseña', exact: true });
    await newField.fill(newPassword);
    await expect(newField).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Mostrar nueva contraseña' }).click();
    await expect(newField).toHaveAttribute('type', 'text');
    await page.getByRole('textbox', { name: 'Confirmar nueva contraseña', exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Cambiar Contraseña' }).click();
    await expect(page.getByText('Contraseña actualizada exitosamente!')).toBeVisible();
    changed = true;
    await expect(page.getByRole('textbox', { name: 'Contraseña actual', exact: true })).toHaveValue('');

    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await signInThroughForm(page, newPassword);
  } finally {
    if (changed) {
      // Put the documented password back for everyone else.
      const session = await adminSession(request, newPassword);
      const restore = await request.put('/api/users/password', {
        headers: bearer(session),
        data: { currentPassword: newPassword, newPassword: ADMIN_PASSWORD },
      });
      expect(restore.ok(), 'password restored').toBeTruthy();
    }
  }
});

test('the sidebar groups the screens under headings, every label whole at 1280 and at 390 px', async ({ page, request }) => {
  await restoreAdminSession(page, request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/');
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  /** Every label of the menu shown whole: not wider than its box, not past its link's right edge, not empty. */
  const expectLabelsWhole = async (where: string) => {
    const labels = nav.locator('.nav-label');
    await expect(labels.filter({ hasText: 'Ingreso de mercadería' })).toBeVisible();
    const cut = await labels.evaluateAll((elements) =>
      elements
        .filter((element) => {
          const box = element.getBoundingClientRect();
          const link = element.closest('a')!.getBoundingClientRect();
          return box.width === 0 || element.scrollWidth > element.clientWidth + 1 || box.right > link.right + 0.5;
        })
        .map((element) => element.textContent),
    );
    expect(cut, where).toEqual([]);
    expect(await labels.allTextContents(), where).toEqual(
      expect.arrayContaining(['Ingreso de mercadería', 'Cambios y devoluciones', 'Carritos abandonados', 'Mercado Libre']),
    );
  };
  for (const heading of ['Vender', 'Pedidos', 'Catálogo', 'Canales', 'Informes', 'Ajustes']) {
    await expect(nav.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(nav.getByRole('list', { name: 'Pedidos' }).getByRole('link', { name: 'Cambios y devoluciones' })).toBeVisible();
  await expectLabelsWhole('1280 px');
  await expectNoSeriousAxeIssues(page, 'the back office with its grouped menu, 1280 px');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await expect(nav.getByRole('heading', { name: 'Vender' })).toBeVisible();
  await expectLabelsWhole('390 px, the menu open');
  await expectNoSeriousAxeIssues(page, 'the back office with its grouped menu open, 390 px');
  await page.screenshot({ path: test.info().outputPath('sidebar-390.png'), fullPage: false });
});
