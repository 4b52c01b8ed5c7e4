import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  contactSentAnswerSchema,
  contentAnswerSchema,
  healthSchema,
  interactionRecordedAnswerSchema,
  interactionsResetAnswerSchema,
  interactionSummaryAnswerSchema,
  logoutAnswerSchema,
  mostViewedCategoriesAnswerSchema,
  mostViewedProductsAnswerSchema,
  orderAnswerSchema,
  orderConfirmedAnswerSchema,
  orderCreatedAnswerSchema,
  orderDeletedAnswerSchema,
  orderHistoryAnswerSchema,
  orderListAnswerSchema,
  orderSummaryAnswerSchema,
  passwordChangedAnswerSchema,
  productAnswerSchema,
  productCountAnswerSchema,
  productDeletedAnswerSchema,
  productListAnswerSchema,
  sessionAnswerSchema,
  trackedOrderAnswerSchema,
  uploadAnswerSchema,
  userAnswerSchema,
} from '@shop/shared';
import { adminTokenAt, api, forgetTokens, type CallOptions } from '../helpers/api';
import { TEST_ADMIN } from '../helpers/strapi-process';
import { PNG_BYTES, SHOPPER, createProduct, fileForm, orderBody, extraStrapi, type TestProduct } from '../helpers/orders';
import type { ShopHandle } from '../helpers/shared-shops';

/**
 * The shared contract against real answers: every endpoint's answer parses with its schema from @shop/shared, and
 * parsing gives back exactly what was sent (a field the server renamed or added is an unknown key here and fails).
 */
async function expectAnswer<S extends z.ZodType>(schema: S, status: number, path: string, options: CallOptions = {}): Promise<z.output<S>> {
  const res = await api<unknown>(path, { baseUrl: shop.url, ...options });
  expect(res.status, `${options.method ?? 'GET'} ${path}: ${JSON.stringify(res.body)}`).toBe(status);
  const parsed = schema.safeParse(res.body);
  expect(parsed.success ? [] : parsed.error.issues, `${path} answer matches the contract`).toEqual([]);
  if (!parsed.success) throw parsed.error;
  expect(parsed.data, `${path} answer has no field the contract does not know`).toEqual(res.body);
  return parsed.data;
}

// A process of its own on the shared database, with the order and upload limits raised: the suite's shared process has
// spent its order budget in earlier files, and this file places several orders.
let shop: ShopHandle;
let token: string | undefined;
const staffToken = async () => (token ??= await adminTokenAt(shop.url));
const staff = async (options: CallOptions = {}): Promise<CallOptions> => ({ ...options, token: await staffToken() });

let product: TestProduct;

beforeAll(async () => {
  shop = await extraStrapi();
  product = await createProduct({ stock: 5 });
});

afterAll(async () => {
  await shop?.stop();
});

describe('public answers', () => {
  it('products: list, count, one', async () => {
    const page = await expectAnswer(productListAnswerSchema, 200, '/products?limit=5');
    expect(page.payload.length).toBeGreaterThan(0);
    await expectAnswer(productListAnswerSchema, 200, '/products?limit=all');
    await expectAnswer(productCountAnswerSchema, 200, '/products/count');
    await expectAnswer(productAnswerSchema, 200, `/products/${product._id}`);
  });

  it('content, health, contact and interactions', async () => {
    await expectAnswer(contentAnswerSchema, 200, '/content');
    await expectAnswer(healthSchema, 200, '/health');
    await expectAnswer(contactSentAnswerSchema, 201, '/contact', {
      body: { name: 'Ana', email: 'ana@example.com', subject: 'Talles', message: '¿Tienen talle 100?' },
    });
    await expectAnswer(interactionRecordedAnswerSchema, 201, '/interactions', {
      body: { type: 'product_view', data: { productId: product._id, productTitle: product.title, productCategory: 'conjuntos' } },
    });
  });

  it('upload, order, tracking summary and card', async () => {
    const upload = await expectAnswer(uploadAnswerSchema, 200, '/upload/proof', {
      method: 'POST',
      raw: fileForm(PNG_BYTES, 'c.png', 'image/png'),
    });
    const created = await expectAnswer(orderCreatedAnswerSchema, 201, '/orders', {
      body: orderBody([{ productId: product._id, quantity: 1 }], { paymentMethod: 'transfer', transferProofUrl: upload.url }),
      headers: { 'Idempotency-Key': `contract-${Date.now()}` },
    });
    await expectAnswer(orderAnswerSchema, 200, `/orders/${created.order._id}`);
    const number = encodeURIComponent(created.orderNumber);
    const summary = await expectAnswer(trackedOrderAnswerSchema, 200, `/orders/by-number/${number}`);
    expect(summary.order.detail).toBe('summary');
    const card = await expectAnswer(
      trackedOrderAnswerSchema,
      200,
      `/orders/by-number/${number}?contact=${encodeURIComponent(SHOPPER.email)}`,
    );
    expect(card.order.detail).toBe('full');
  });
});

describe('staff answers', () => {
  it('products: list with inactive ones, create, update, delete', async () => {
    await expectAnswer(productListAnswerSchema, 200, '/products?status=true', await staff());
    const made = await createProduct({ stock: 2 });
    await expectAnswer(productAnswerSchema, 200, `/products/${made._id}`, await staff({ method: 'PUT', body: { status: false } }));
    await expectAnswer(productDeletedAnswerSchema, 200, `/products/${made._id}`, await staff({ method: 'DELETE' }));
  });

  it('orders: list, status, confirm, history, summary, delete', async () => {
    const { order } = await expectAnswer(orderCreatedAnswerSchema, 201, '/orders', {
      body: orderBody([{ productId: product._id, quantity: 1 }]),
    });
    await expectAnswer(orderListAnswerSchema, 200, '/orders?limit=5', await staff());
    await expectAnswer(orderConfirmedAnswerSchema, 200, `/orders/${order._id}/confirm`, await staff({ method: 'PATCH' }));
    await expectAnswer(
      orderAnswerSchema,
      200,
      `/orders/${order._id}/status`,
      await staff({ method: 'PUT', body: { status: 'paid', adminNotes: 'Pagó' } }),
    );
    const { history } = await expectAnswer(orderHistoryAnswerSchema, 200, `/orders/${order._id}/history`, await staff());
    expect(history.length).toBeGreaterThan(0);
    await expectAnswer(orderSummaryAnswerSchema, 200, '/orders/summary', await staff());
    await expectAnswer(orderDeletedAnswerSchema, 200, `/orders/${order._id}`, await staff({ method: 'DELETE' }));
  });

  it('content update and the dashboard figures', async () => {
    const { content } = await expectAnswer(contentAnswerSchema, 200, '/content');
    await expectAnswer(contentAnswerSchema, 200, '/content', await staff({ method: 'PUT', body: { hero: content.hero } }));
    await expectAnswer(interactionSummaryAnswerSchema, 200, '/interactions/summary', await staff());
    const viewed = await expectAnswer(mostViewedProductsAnswerSchema, 200, '/interactions/most-viewed-products', await staff());
    expect(viewed.products.length).toBeGreaterThan(0);
    await expectAnswer(mostViewedCategoriesAnswerSchema, 200, '/interactions/most-viewed-categories', await staff());
    await expectAnswer(
      uploadAnswerSchema,
      200,
      '/upload/proof',
      await staff({ method: 'POST', raw: fileForm(PNG_BYTES, 'hero.png', 'image/png') }),
    );
  });

  it('the session: check, renew, profile, password, logout', async () => {
    const { user } = await expectAnswer(userAnswerSchema, 200, '/auth/check', await staff());
    await expectAnswer(sessionAnswerSchema, 200, '/auth/renew', await staff({ method: 'POST' }));
    await expectAnswer(
      userAnswerSchema,
      200,
      '/users/profile',
      await staff({ method: 'PUT', body: { username: user.username, email: user.email } }),
    );
    // Changing the password ends every earlier token: change it and back, then sign in afresh.
    const changed = await expectAnswer(passwordChangedAnswerSchema, 200, '/users/password', {
      method: 'PUT',
      body: { currentPassword: TEST_ADMIN.password, newPassword: 'Contrato-Clave-1' },
      token: await staffToken(),
    });
    await expectAnswer(passwordChangedAnswerSchema, 200, '/users/password', {
      method: 'PUT',
      body: { currentPassword: 'Contrato-Clave-1', newPassword: TEST_ADMIN.password },
      token: changed.token,
    });
    forgetTokens();
    token = undefined;
    const session = await expectAnswer(sessionAnswerSchema, 200, '/auth/login', { body: TEST_ADMIN });
    await expectAnswer(logoutAnswerSchema, 200, '/auth/logout', { method: 'POST', token: session.token });
    forgetTokens();
    token = undefined;
  });

  it('resets the interactions last', async () => {
    await expectAnswer(interactionsResetAnswerSchema, 200, '/interactions/reset', await staff({ method: 'DELETE' }));
  });
});
