import { expect, inject } from 'vitest';
import type { SiteContent } from '@shop/shared';
import { adminToken, api } from './api';
import { startStrapi, type RunningStrapi } from './strapi-process';
import { keptShop, RAISED_LIMITS, type ShopHandle } from './shared-shops';

export interface TestProduct {
  _id: string;
  title: string;
  price: number;
  discount: number;
  stock: number;
  size: string[];
  stockBySize: Record<string, number>;
  status: boolean;
  /** Every colour × size with its units and SKU. */
  variants?: { id: string; sku: string; color: string | null; size: string | null; stock: number; active: boolean }[];
}

let productCounter = 0;

/**
 * A product with known price and stock, created through the admin API as staff would. Without `stockBySize`, the
 * whole `stock` goes to size M (the size orderBody's lines buy) or, when the product has no M, to its first size.
 * `at`: another shop than the shared test process, with a staff token of its own.
 */
export async function createProduct(
  fields: {
    stock: number;
    stockBySize?: Record<string, number>;
    price?: number;
    discount?: number;
    size?: string[];
    status?: boolean;
    title?: string;
    category?: string;
    /** The product's colours (default: the shop's Negro and Blanco). */
    colors?: { name: string; value: string }[];
    /** The colour × size grid; when given it is the stock (stock and stockBySize are then not sent). */
    variants?: { color: string | null; size: string | null; stock: number; sku?: string; barcode?: string; active?: boolean }[];
  },
  /** Another shop than the shared one (a process the test started itself), with a staff token of it. */
  at?: { baseUrl: string; token: string },
): Promise<TestProduct> {
  productCounter += 1;
  const size = fields.size ?? ['S', 'M', 'L'];
  const target = size.includes('M') ? 'M' : size[0];
  const body = {
    title: fields.title ?? `Conjunto Prueba ${Date.now().toString(36)}-${productCounter}`,
    description: 'Producto creado por las pruebas de órdenes',
    price: fields.price ?? 10000,
    discount: fields.discount ?? 0,
    category: fields.category ?? 'conjuntos',
    stock: fields.stock,
    size,
    stockBySize: fields.stockBySize ?? Object.fromEntries(size.map((s) => [s, s === target ? fields.stock : 0])),
    status: fields.status ?? true,
    thumbnails: ['/images/products/prueba.webp'],
    ...(fields.colors ? { colors: fields.colors } : {}),
  };
  if (fields.variants) {
    delete (body as Partial<typeof body>).stockBySize;
    Object.assign(body, { variants: fields.variants });
  }
  const res = await api<{ product: TestProduct }>('/products', { body, token: at?.token ?? (await adminToken()), baseUrl: at?.baseUrl });
  if (res.status !== 201) throw new Error(`createProduct: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.product;
}

/** Current stock as staff see it (inactive products included). */
export async function stockOf(productId: string, baseUrl?: string): Promise<number> {
  const res = await api<{ product: TestProduct }>(`/products/${productId}`, { token: await adminToken(), baseUrl });
  if (res.status !== 200) throw new Error(`stockOf: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.product.stock;
}

export const SHOPPER = {
  fullName: 'María Laura Gómez',
  email: 'maria.gomez@example.com',
  phone: '+54 299 555-0199',
  address: 'Av. Argentina 1234, piso 2',
  city: 'Neuquén',
  postalCode: '8300',
  notes: 'Tocar timbre 2B',
};

export interface LineInput {
  productId: string;
  quantity: number;
  size?: string;
  color?: string;
  title?: string;
  price?: number;
}

/** A valid order body (cash, pickup) with the given lines; `extra` overrides any field. */
export function orderBody(items: LineInput[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    items: items.map((item) => ({ size: 'M', color: 'Negro', ...item })),
    shippingInfo: { ...SHOPPER },
    paymentMethod: 'cash',
    deliveryType: 'pickup',
    ...extra,
  };
}

/** The sequence part of an order number (JL-20240101-0042 -> 42). */
export function sequenceOf(orderNumber: string): number {
  const sequence = /-(\d{4,})$/.exec(orderNumber)?.[1];
  if (sequence === undefined) throw new Error(`not an order number: ${orderNumber}`);
  return Number.parseInt(sequence, 10);
}

/**
 * Another Strapi process on the same database as the shared one, with order and upload limits raised so that
 * bulk and concurrency tests do not hit the public rate limits (the shared process keeps the real limits): kept for
 * the whole run (helpers/shared-shops.ts), slot 1 being a second such process.
 */
export function extraStrapi(slot = 0): Promise<ShopHandle> {
  return keptShop(RAISED_LIMITS, slot);
}

/**
 * A new process with the raised limits, started now: for a test about what a start does (a migration, the copies a
 * start makes). Stopping it stops the process.
 */
export async function startExtraStrapi(): Promise<RunningStrapi> {
  const database = { kind: inject('databaseKind'), env: inject('databaseEnv'), drop: async () => undefined };
  return startStrapi(database, RAISED_LIMITS);
}

// Small real images (4x4 pixels), made with sharp.
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4IRcFRwzEcQAPMhQBeVYMiwAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG_BYTES = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAEAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAQf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCKAKtv/9k=',
  'base64',
);
export const WEBP_BYTES = Buffer.from('UklGRjQAAABXRUJQVlA4ICgAAABQAQCdASoEAAQAAUAmJaAABDOAAP7wmyP//ucD//ZwP/9nA/iQAAAA', 'base64');

/** A multipart body with one file. */
export function fileForm(bytes: Uint8Array, filename: string, type: string, field = 'file'): FormData {
  const form = new FormData();
  form.append(field, new Blob([Uint8Array.from(bytes)], { type }), filename);
  return form;
}

/** Uploads a proof through POST /upload/proof (as a shopper, or as staff with `token`) and gives its URL. */
export async function uploadProof(baseUrl: string, token: string | null = null): Promise<string> {
  const res = await api<{ url: string }>('/upload/proof', {
    method: 'POST',
    raw: fileForm(PNG_BYTES, 'comprobante.png', 'image/png'),
    token,
    baseUrl,
  });
  if (res.status !== 200) throw new Error(`uploadProof: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.url;
}

/**
 * A sale staff take themselves (POST /orders/manual): `quantity` black M units of `product`, in cash, handed over at
 * the shop to Ana Pérez, on this channel; `extra` adds or overrides fields (register, payments, discount...).
 */
export function staffSaleBody(
  product: { _id: string },
  channel: 'local' | 'whatsapp',
  extra: Record<string, unknown> = {},
  quantity = 1,
): Record<string, unknown> {
  return {
    items: [{ productId: product._id, quantity, size: 'M', color: 'Negro', price: 1 }],
    paymentMethod: 'cash',
    deliveryType: 'store',
    channel,
    shippingInfo: { fullName: 'Ana Pérez', phone: '299 555 1234' },
    ...extra,
  };
}

/** Turns cash on delivery (without its fee) and bank transfers on in the checkout of the shop at `baseUrl`; the content before. */
export async function enableCashAndTransfer(baseUrl: string, token: string): Promise<SiteContent> {
  const original: SiteContent = (await api('/content', { baseUrl })).body.content;
  const content = structuredClone(original);
  content.checkout.paymentInfo.cashOnDelivery.enabled = true;
  content.checkout.paymentInfo.bankTransfer.enabled = true;
  content.checkout.paymentInfo.cashOnDelivery.additionalFee = 0;
  const saved = await api('/content', { method: 'PUT', body: content, token, baseUrl });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return original;
}
