import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ORDER_NUMBER, buyableProducts, confirmOrder, pngProof, type ApiProduct, chooseBarrio } from '../support/shop';
import { failOnConsoleErrors } from '../support/console-errors';

/**
 * The shopper's journey through the storefront against a running shop with seed data. Products are found
 * through the API (never by hard-coded id) and every test starts from an empty cart, so the tests are
 * independent of each other and of their order.
 */

interface ApiCategory {
  name: string;
  display_name: string;
}

function finalPrice(price: number, discount: number): number {
  return Math.round((price * (100 - Math.min(100, Math.max(0, discount)))) / 100);
}
function pesos(amount: number): string {
  return `$${Math.round(amount)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
}

async function listProducts(request: APIRequestContext, query = 'limit=all'): Promise<ApiProduct[]> {
  const response = await request.get(`/api/products?${query}`);
  expect(response.ok()).toBeTruthy();
  const body: { payload: ApiProduct[] } = await response.json();
  return body.payload;
}

async function categories(request: APIRequestContext): Promise<ApiCategory[]> {
  const response = await request.get('/api/content');
  expect(response.ok()).toBeTruthy();
  const body: { content: { productCatalog: { categories: ApiCategory[] } } } = await response.json();
  return body.content.productCatalog.categories;
}

async function addToCartFromProductPage(page: Page, product: ApiProduct, quantity = 1) {
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await page.getByTestId('size-selector').getByRole('button', { name: product.size[0], exact: true }).click();
  for (let i = 1; i < quantity; i++) await page.getByRole('button', { name: 'Sumar una unidad' }).click();
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('toast')).toBeVisible();
}

async function fillPersonalData(page: Page, name: string) {
  await page.getByLabel('Nombre completo *').fill(name);
  await page.getByLabel('Email *').fill('compradora.e2e@example.com');
  await page.getByLabel('Teléfono *').fill('+54 9 299 555-0000');
}

failOnConsoleErrors();

test.beforeEach(async ({ page }) => {
  // Fresh cart for every test, whatever ran before.
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('e2e-started')) {
      localStorage.removeItem('cart');
      sessionStorage.setItem('e2e-started', '1');
    }
  });
});

test('home: hero, catalogue, category and size filters', async ({ page, request }) => {
  const cats = await categories(request);
  const all = await listProducts(request);
  // A category that has products, preferring one whose products have several sizes.
  const category = cats.find((c) => all.some((p) => p.category === c.name && p.size.length > 1)) ?? cats[0]!;
  const inCategory = all.filter((p) => p.category === category.name);

  await page.goto('/');
  await expect(page.getByTestId('hero')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Todos' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('product-card')).toHaveCount(Math.min(12, all.length));
  await expect(page.getByText('Filtrar por talla')).toHaveCount(0);

  await page.getByTestId('category-chips').getByRole('button', { name: category.display_name, exact: true }).click();
  // Waits until every card shows the category (the whole catalogue's cards may still be there, in the same number).
  const categoryLabel = new RegExp(`^${category.display_name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'i');
  await expect(page.getByTestId('card-category')).toHaveText(Array<RegExp>(Math.min(12, inCategory.length)).fill(categoryLabel));

  await page.getByRole('button', { name: /Filtrar por talla/ }).click();
  const sizeButtons = page.getByRole('group', { name: 'Tallas' }).getByRole('button');
  await expect(sizeButtons.first()).toBeVisible();
  const offered = await sizeButtons.allTextContents();
  const size = offered.find((s) => inCategory.some((p) => p.size.includes(s))) ?? offered[0]!;
  const expected = await listProducts(request, `category=${category.name}&sizes=${encodeURIComponent(size)}&limit=12`);
  await sizeButtons.filter({ hasText: new RegExp(`^${size}$`) }).click();
  if (expected.length === 0) {
    await expect(page.getByTestId('catalog-empty')).toHaveText('No se encontraron productos en esta categoría.');
  } else {
    await expect(page.getByTestId('product-card')).toHaveCount(expected.length);
  }
  await page.getByRole('button', { name: 'Limpiar' }).click();
  await expect(page.getByTestId('product-card')).toHaveCount(Math.min(12, inCategory.length));

  // Menu entries scroll to home sections; unknown paths show the home page.
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Contacto' }).click();
  await expect(page.getByTestId('contact')).toBeInViewport();
  await page.goto('/esta-pagina-no-existe');
  await expect(page.getByTestId('home-page')).toBeVisible();
});

test('category page sorts by price', async ({ page, request }) => {
  const cats = await categories(request);
  const all = await listProducts(request);
  const category = cats.find((c) => all.filter((p) => p.category === c.name).length > 1) ?? cats[0]!;
  await page.goto(`/category/${category.name}`);
  await expect(page.getByRole('heading', { level: 1, name: category.display_name })).toBeVisible();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await page.getByLabel('Ordenar por').selectOption({ label: 'Precio: menor a mayor' });
  const expected = await listProducts(request, `category=${category.name}&sortBy=price&sortOrder=asc&limit=12`);
  await expect(page.getByTestId('product-card').first()).toHaveAttribute('data-product-id', expected[0]!._id);
});

test('product detail and cart rules', async ({ page, request }) => {
  const [product] = await buyableProducts(request);
  const unit = finalPrice(product.price, product.discount);

  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByText('Por favor selecciona una talla')).toBeVisible();
  await page.getByTestId('size-selector').getByRole('button', { name: product.size[0], exact: true }).click();
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('toast')).toHaveText('¡Producto agregado al carrito!');
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await page.getByTestId('cart-link').click();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByRole('button', { name: `Sumar una unidad de ${product.title}` }).click();
  await expect(page.getByTestId('line-quantity')).toHaveText('2');
  await expect(page.getByTestId('cart-subtotal')).toHaveText(pesos(unit * 2));
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await expect(page.getByRole('link', { name: /Consultar por WhatsApp/ })).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=/);

  // The cart survives a reload (stored under "cart").
  await page.reload();
  await expect(page.getByTestId('line-quantity')).toHaveText('2');
  await page.getByRole('button', { name: `Quitar ${product.title} del carrito` }).click();
  await expect(page.getByRole('heading', { name: 'Tu carrito está vacío' })).toBeVisible();
});

test('checkout with meeting-point pickup and cash, confirmation, reload and tracking', async ({ page, request }) => {
  const [product] = await buyableProducts(request);
  const unit = finalPrice(product.price, product.discount);
  await addToCartFromProductPage(page, product);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Hacer orden virtual' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  await page.getByRole('button', { name: 'Confirmar Pedido' }).click();
  await expect(page.getByText('El nombre completo es requerido')).toBeVisible();
  await expect(page.getByLabel('Dirección *')).toHaveCount(0);
  await fillPersonalData(page, 'Compradora Retiro');
  await expect(page.getByText('El nombre completo es requerido')).toHaveCount(0);
  await expect(page.getByTestId('summary-shipping')).toHaveText('Gratis');
  const orderNumber = await confirmOrder(page);
  await expect(page.getByRole('heading', { name: '¡Pedido confirmado!' })).toBeVisible();
  await expect(page.getByText('Pago en Efectivo')).toBeVisible();
  await expect(page.getByTestId('summary-total')).toHaveText(pesos(unit));
  await expect(page.getByTestId('cart-count')).toHaveCount(0);

  // A reload keeps the order (loaded from the API instead of navigation state).
  await page.reload();
  await expect(page.getByTestId('order-number')).toHaveText(orderNumber);

  await page.goto('/track-order');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('Por favor, ingresa un número de pedido.')).toBeVisible();
  // The number alone: status, date, units and totals, nothing about the shopper or what she bought.
  await page.getByLabel('Número de pedido').fill(orderNumber);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const card = page.getByTestId('tracking-result');
  await expect(page.getByTestId('status-badge')).toHaveText('Pendiente (Efectivo)');
  await expect(page.getByTestId('tracking-help')).toBeVisible();
  await expect(page.getByTestId('tracking-units')).toHaveText('1');
  await expect(card).toContainText(pesos(unit));
  await expect(page.getByTestId('tracking-summary-hint')).toBeVisible();
  await expect(card).not.toContainText(product.title);
  await expect(card).not.toContainText('Compradora');
  await expect(card).not.toContainText('Talla');

  // A wrong contact: a notice, still the summary.
  await page.getByLabel(/E-mail o teléfono de la compra/).fill('otra.persona@example.com');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByTestId('tracking-contact-mismatch')).toBeVisible();
  await expect(card).not.toContainText(product.title);

  // The phone of the purchase, written another way: the whole card, first name, items with size and colour.
  await page.getByLabel(/E-mail o teléfono de la compra/).fill('0299 15 555-0000');
  await page.keyboard.press('Enter');
  await expect(card).toContainText(product.title);
  await expect(card).toContainText('Hola, Compradora: este es tu pedido');
  await expect(card).toContainText('Talla:');
  await expect(card).toContainText('Color:');
  await expect(page.getByTestId('tracking-contact-mismatch')).toHaveCount(0);
  await expect(page).not.toHaveURL(/555/);
});

test('a checkout retried after a network error makes one order: the confirmation shows the first number', async ({ page, request }) => {
  const [product] = await buyableProducts(request);
  await addToCartFromProductPage(page, product);
  await page.goto('/checkout');
  await fillPersonalData(page, 'Compradora Reintento');

  // The first 'Confirmar Pedido' reaches the server, which creates the order, but the answer is lost on the way.
  let firstNumber = '';
  let firstKey: string | null = null;
  const keys: (string | null)[] = [];
  await page.route('**/api/orders', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    keys.push(await route.request().headerValue('idempotency-key'));
    if (firstKey !== null) return route.fallback();
    firstKey = keys[0] ?? '';
    const answer = await route.fetch();
    firstNumber = ((await answer.json()) as { orderNumber: string }).orderNumber;
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'Confirmar Pedido' }).click();
  await expect(page.getByTestId('checkout-error')).toContainText('Error de conexión');
  expect(firstNumber).toMatch(ORDER_NUMBER);

  await page.getByRole('button', { name: 'Confirmar Pedido' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\//);
  await expect(page.getByTestId('order-number')).toHaveText(firstNumber);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
});

test('checkout with home delivery, bank transfer and an uploaded proof', async ({ page, request }) => {
  const [product] = await buyableProducts(request);
  await addToCartFromProductPage(page, product);
  await page.goto('/checkout');

  await page.getByRole('radio', { name: /domicilio/i }).check();
  await chooseBarrio(page, 'centro', 'Centro');
  await fillPersonalData(page, 'Compradora Envío');
  await page.getByRole('button', { name: 'Confirmar Pedido' }).click();
  await expect(page.getByText('La dirección es requerida para el envío')).toBeVisible();
  await expect(page.getByText('La ciudad es requerida para el envío')).toBeVisible();
  await page.getByLabel('Dirección *').fill('Belgrano 1234');
  await page.getByLabel('Ciudad *').fill('Neuquén');
  await expect(page.getByTestId('summary-shipping')).not.toHaveText('');

  await page.getByRole('radio', { name: /Transferencia/ }).check();
  await expect(page.getByTestId('bank-details')).toBeVisible();
  await page.getByTestId('proof-input').setInputFiles({ name: 'comprobante.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
  await expect(page.getByText('Por favor, sube una imagen válida (JPG, PNG, WEBP)')).toBeVisible();
  await page.getByTestId('proof-input').setInputFiles({ name: 'comprobante.png', mimeType: 'image/png', buffer: pngProof(8) });
  await expect(page.getByTestId('proof-preview')).toContainText('comprobante.png');

  const orderNumber = await confirmOrder(page);
  await expect(page.getByText('Transferencia Bancaria')).toBeVisible();
  await expect(page.getByTestId('proof-flag')).toHaveText('Comprobante de transferencia recibido.');
  await expect(page.getByRole('heading', { name: 'Envío a domicilio' })).toBeVisible();

  await page.goto(`/track-order?n=${orderNumber}`);
  await expect(page.getByTestId('status-badge')).toHaveText('Pendiente (Verificar Comprobante)');
  await expect(page.getByTestId('tracking-help')).toHaveCount(0);
});

test('tracking an unknown order and a confirmation without an order', async ({ page }) => {
  await page.goto('/track-order');
  await page.getByLabel('Número de pedido').fill('JL-19990101-9999');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('Pedido no encontrado. Verifica el número e intenta de nuevo')).toBeVisible();

  await page.goto('/order-confirmation/JL-19990101-9999');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('home-page')).toBeVisible();
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu collapses into a toggle and section links scroll from other pages', async ({ page }) => {
    await page.goto('/track-order');
    const nav = page.getByRole('navigation', { name: 'Principal' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'Productos' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(nav).toBeHidden();
    await expect(page.getByTestId('catalog')).toBeInViewport();
    await expect(page.getByTestId('product-card').first()).toBeVisible();
  });
});
