import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { customerIdOf, staffCan } from '@shop/shared';
import { adminToken, api } from '../helpers/api';
import { ROUTE_PERMISSIONS } from '../../src/domains/staff/route-permissions';
import { inviteStaff } from '../helpers/staff';
import { GARBAGE_TOKEN } from '../helpers/auth-matrix';
import {
  JUNK_BODIES,
  JUNK_KEYS,
  JUNK_QUERY_VALUES,
  JUNK_SEGMENTS,
  JUNK_VALUES,
  NUL_TEXT,
  messageOf,
  pick,
  prng,
  rawRequest,
  type Json,
  type RawRequest,
} from '../helpers/junk';
import { SHOPPER } from '../helpers/orders';
import { startStrapi, type RunningStrapi } from '../helpers/strapi-process';

/*
 * Sends thousands of junk requests to every endpoint of docs/api.md, anonymously and as staff, and fails on any
 * 5xx, any dropped connection, any error answer without a {message}, and any oversized JSON body not refused
 * with 413. Runs on a second Strapi process on the same database with the rate limits raised (so the shared
 * process keeps its real budgets for the files that test them); everything the fuzz creates or changes (its own
 * product and order, orders and products a valid-looking body happened to create, the site content, the staff
 * profile) is deleted or restored afterwards.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** public: anyone; token: any signed-in user; admin: staff only. */
type Auth = 'public' | 'token' | 'admin';

interface Fixtures {
  productId: string;
  orderId: string;
  orderNumber: string;
  /** A message of the outbox (the fixture order's receipt). */
  emailId: string;
  content: Json;
  admin: { username: string; email: string };
}

interface Endpoint {
  method: Method;
  /** As in docs/api.md, with named placeholders filled from the fixtures: {productId}, {orderId}, {orderNumber}, {emailId}. */
  path: string;
  auth: Auth;
  /** Documented query parameters (junk goes to each); endpoints without them get junk in an unknown one. */
  query?: readonly string[];
  /** A valid body whose every field (and key) is replaced by junk in turn. */
  body?: (f: Fixtures) => Json;
  /** Multipart upload route: junk forms instead of junk JSON fields. */
  multipart?: true;
  /** The route deletes what the path names: only junk ids are ever sent to it. */
  destructive?: true;
  /** Signing out would end the staff token the fuzz (and the later test files) use: sent without it. */
  endsSession?: true;
}

const PRODUCT_QUERY = ['limit', 'page', 'category', 'sizes', 'sortBy', 'sortOrder', 'searchTerm', 'status'] as const;

const productBody = (): Json => ({
  title: 'Conjunto de la fuzz',
  description: 'Creado por la prueba de datos basura',
  price: 12000,
  discount: 10,
  category: 'conjuntos',
  stockBySize: { S: 5, M: 5 },
  size: ['S', 'M'],
  status: true,
  thumbnails: ['/images/products/fuzz.webp', 'https://example.com/a.jpg'],
  colors: [{ name: 'Negro', value: '#000000' }],
});

/** Every endpoint of docs/api.md (a test below checks the two lists match): adding an endpoint is one line. */
const ENDPOINTS: readonly Endpoint[] = [
  { method: 'POST', path: '/auth/login', auth: 'public', body: () => ({ email: 'nadie@example.com', password: 'no-es-la-clave' }) },
  { method: 'POST', path: '/auth/invitation', auth: 'public', body: () => ({ token: '1.no-es-un-token', password: 'Una-clave-propia-1' }) },
  { method: 'GET', path: '/auth/check', auth: 'token' },
  { method: 'POST', path: '/auth/renew', auth: 'token' },
  { method: 'POST', path: '/auth/logout', auth: 'token', endsSession: true },
  { method: 'PUT', path: '/users/profile', auth: 'admin', body: (f) => ({ username: f.admin.username, email: f.admin.email }) },
  {
    method: 'PUT',
    path: '/users/password',
    auth: 'admin',
    body: () => ({ currentPassword: 'no-es-la-clave-actual', newPassword: 'Otra-Clave-123' }),
  },
  { method: 'POST', path: '/auth/2fa/verify', auth: 'public', body: () => ({ challenge: '1.no-es-un-desafio', code: '123456' }) },
  { method: 'POST', path: '/auth/2fa/setup', auth: 'admin', body: () => ({}) },
  { method: 'POST', path: '/auth/2fa/enable', auth: 'admin', body: () => ({ code: '000000' }) },
  { method: 'POST', path: '/auth/2fa/disable', auth: 'admin', body: () => ({ password: 'no-es-la-clave', code: '000000' }) },
  { method: 'GET', path: '/staff', auth: 'admin' },
  { method: 'GET', path: '/activity', auth: 'admin', query: ['page', 'limit', 'kind', 'staffId'] },
  {
    method: 'POST',
    path: '/staff',
    auth: 'admin',
    body: () => ({ name: 'Cuenta de la fuzz', email: 'fuzz-staff@example.com', role: 'catalog' }),
  },
  // Never the signed-in owner: a fuzzed body must not demote or deactivate the account the suite uses.
  {
    method: 'PUT',
    path: '/staff/{staffId}',
    auth: 'admin',
    destructive: true,
    body: () => ({ name: 'Otra', role: 'sales', active: true }),
  },
  { method: 'DELETE', path: '/staff/{staffId}', auth: 'admin', destructive: true },
  { method: 'GET', path: '/products', auth: 'public', query: PRODUCT_QUERY },
  { method: 'GET', path: '/products/count', auth: 'public' },
  { method: 'GET', path: '/products/best-sellers', auth: 'public', query: ['limit'] },
  { method: 'GET', path: '/products/{productId}', auth: 'public' },
  {
    method: 'POST',
    path: '/products/{productId}/stock-alerts',
    auth: 'public',
    body: () => ({ size: 'M', email: 'fuzz-aviso@example.com', phone: '299 555 0000' }),
  },
  { method: 'POST', path: '/stock-alerts/unsubscribe', auth: 'public', body: () => ({ token: 'abcdefabcdef.firma-falsa' }) },
  { method: 'GET', path: '/stock-alerts', auth: 'admin', query: ['productId'] },
  { method: 'DELETE', path: '/stock-alerts/{alertId}', auth: 'admin', destructive: true },
  { method: 'GET', path: '/stock-movements', auth: 'admin', query: ['sku', 'productId', 'reason', 'from', 'to', 'page'] },
  { method: 'GET', path: '/stock-check', auth: 'admin' },
  // An unknown SKU: the adjustment is refused (404) whatever the junk, so the fuzz never moves real units.
  { method: 'POST', path: '/stock-adjustments', auth: 'admin', body: () => ({ sku: 'FUZZ-NO-EXISTE', quantity: 1, reason: 'conteo' }) },
  // The counter: ids no register or session has, so the fuzz never opens, moves or closes a real one.
  { method: 'GET', path: '/registers', auth: 'admin' },
  { method: 'POST', path: '/registers', auth: 'admin', body: () => ({ name: 'Caja fuzz' }) },
  { method: 'POST', path: '/registers/{registerId}/sessions', auth: 'admin', body: () => ({ openingCash: 1000 }) },
  { method: 'GET', path: '/cash-sessions/{sessionId}', auth: 'admin' },
  {
    method: 'POST',
    path: '/cash-sessions/{sessionId}/movements',
    auth: 'admin',
    body: () => ({ type: 'expense', amount: 100, reason: 'Fuzz' }),
  },
  {
    method: 'POST',
    path: '/cash-sessions/{sessionId}/close',
    auth: 'admin',
    body: () => ({ counted: { cash: 0, card: 0, qr: 0, transfer: 0 } }),
  },
  { method: 'POST', path: '/cash-sessions/{sessionId}/reopen', auth: 'admin', body: () => ({ reason: 'Fuzz' }) },
  { method: 'GET', path: '/cash-sessions/{sessionId}/report.pdf', auth: 'admin' },
  { method: 'GET', path: '/cash-sessions.csv', auth: 'admin' },
  // Card and QR parts: ids no part or register has, and the fixture order (not a counter sale: a 400), so the fuzz
  // never sends a charge to Mercado Pago nor sets a device.
  { method: 'GET', path: '/counter-payments/{counterPaymentId}', auth: 'admin' },
  { method: 'DELETE', path: '/counter-payments/{counterPaymentId}', auth: 'admin', destructive: true },
  { method: 'POST', path: '/orders/{orderId}/counter-payments', auth: 'admin', body: () => ({ method: 'cash', amount: 1 }) },
  { method: 'PATCH', path: '/registers/{registerId}', auth: 'admin', body: () => ({ qrPosId: 'FUZZ1' }) },
  // A counter sale's ticket: the fixtures' web order (not taken at a register: 404) and junk numbers (400).
  { method: 'GET', path: '/cash-sessions/tickets/{orderNumber}', auth: 'admin' },
  // "Ingreso de mercadería": unknown purchase and supplier ids, and a supplier id that does not exist in every valid
  // purchase body, so the fuzz never creates a purchase nor moves units.
  { method: 'GET', path: '/suppliers', auth: 'admin' },
  {
    method: 'POST',
    path: '/suppliers',
    auth: 'admin',
    body: () => ({ name: 'Proveedor de la fuzz', cuit: '20-12345678-6', contact: 'fuzz' }),
  },
  { method: 'PUT', path: '/suppliers/{supplierId}', auth: 'admin', body: () => ({ name: 'Proveedor de la fuzz', cuit: '', contact: '' }) },
  { method: 'GET', path: '/purchases', auth: 'admin', query: ['page'] },
  {
    method: 'POST',
    path: '/purchases',
    auth: 'admin',
    body: () => ({ supplierId: 999_999_999, lines: [{ sku: 'FUZZ-NO-EXISTE', quantity: 1, unitCost: 100 }] }),
  },
  { method: 'GET', path: '/purchases/{purchaseId}', auth: 'admin' },
  {
    method: 'PUT',
    path: '/purchases/{purchaseId}',
    auth: 'admin',
    body: () => ({ supplierId: 999_999_999, lines: [{ sku: 'FUZZ-NO-EXISTE', quantity: 1, unitCost: 100 }] }),
  },
  {
    method: 'POST',
    path: '/purchases/{purchaseId}/receive',
    auth: 'admin',
    body: () => ({ lines: [{ sku: 'FUZZ-NO-EXISTE', quantity: 1 }] }),
  },
  { method: 'POST', path: '/purchases/{purchaseId}/reverse', auth: 'admin' },
  { method: 'GET', path: '/variant-costs', auth: 'admin', query: ['productId'] },
  {
    method: 'PUT',
    path: '/variant-costs',
    auth: 'admin',
    body: () => ({ productId: 'fuzzNoExiste', costs: [{ variantId: 'negro~m', cost: 100 }] }),
  },
  { method: 'GET', path: '/purchase-settings', auth: 'admin' },
  // A method that does not exist, and junk in its place: a valid body would change the shared shop's cost method
  // under purchases.test.ts, which sets it and receives purchases (CI saw "last" where it had just set "average").
  { method: 'PUT', path: '/purchase-settings', auth: 'admin', body: () => ({ costMethod: 'fifo' }) },
  { method: 'GET', path: '/insight/waited-sizes', auth: 'admin', query: ['limit'] },
  { method: 'GET', path: '/insight/search-misses', auth: 'admin', query: ['days'] },
  { method: 'POST', path: '/products', auth: 'admin', body: productBody },
  {
    method: 'PUT',
    path: '/products/{productId}',
    auth: 'admin',
    body: () => ({ ...(productBody() as Record<string, Json>), stockBySize: { S: 100_000, M: 100_000 } }),
  },
  { method: 'DELETE', path: '/products/{productId}', auth: 'admin', destructive: true },
  {
    method: 'POST',
    path: '/orders',
    auth: 'public',
    body: (f) => ({
      items: [{ productId: f.productId, quantity: 1, size: 'M', color: 'Negro', title: 'x', price: 1, image: '/a.png' }],
      shippingInfo: { ...SHOPPER },
      paymentMethod: 'cash',
      deliveryType: 'delivery',
      notes: 'Pedido de la fuzz',
      transferProofUrl: '/uploads/comprobante.png',
      subtotal: 1,
      shippingCost: 0,
      total: 1,
    }),
  },
  {
    method: 'POST',
    path: '/checkout/quote',
    auth: 'public',
    body: (f) => ({
      items: [{ productId: f.productId, quantity: 1, size: 'M', color: 'Negro' }],
      paymentMethod: 'cash',
      deliveryType: 'delivery',
      zoneId: 'neuquen-centro',
      barrio: 'Centro',
      postalCode: '8300',
      meetingPointId: 'centro',
      couponCode: 'HOTSALE',
    }),
  },
  // Abandoned checkouts: a well-formed token no draft has (the fuzz never learns a real one).
  {
    method: 'PUT',
    path: '/checkouts/{token}',
    auth: 'public',
    body: (f) => ({ items: [{ productId: f.productId, quantity: 1, size: 'M' }], email: 'fuzz@example.com' }),
  },
  { method: 'GET', path: '/checkouts/{token}', auth: 'public' },
  { method: 'POST', path: '/checkouts/unsubscribe', auth: 'public', body: () => ({ token: 'fuzz-token-que-no-existe-000' }) },
  { method: 'GET', path: '/checkouts/abandoned', auth: 'admin', query: ['page', 'pageSize'] },
  { method: 'GET', path: '/checkouts/stats', auth: 'admin', query: ['days'] },
  { method: 'GET', path: '/orders/{orderId}', auth: 'public' },
  { method: 'GET', path: '/orders/by-number/{orderNumber}', auth: 'public', query: ['contact'] },
  {
    method: 'GET',
    path: '/orders',
    auth: 'admin',
    query: ['page', 'limit', 'status', 'date', 'zone', 'meetingPoint', 'fulfillment', 'channel', 'search'],
  },
  // A sale taken by staff: junk bodies are 400, a valid one takes a unit (never a 5xx).
  {
    method: 'POST',
    path: '/orders/manual',
    auth: 'admin',
    body: (f) => ({
      items: [{ productId: f.productId, quantity: 1, size: 'M', color: 'Negro' }],
      paymentMethod: 'cash',
      deliveryType: 'store',
      channel: 'whatsapp',
      shippingInfo: { fullName: 'Venta de la fuzz', phone: '299 555 0000' },
      manualDiscount: { percent: 5, reason: 'Fuzz' },
    }),
  },
  // The fixture order is a cash order: a payment link is always refused (400), junk ids are 404.
  { method: 'POST', path: '/orders/{orderId}/payment-link', auth: 'admin' },
  { method: 'GET', path: '/orders/dispatch', auth: 'admin', query: ['type', 'date', 'page', 'limit'] },
  {
    method: 'PUT',
    path: '/orders/{orderId}/status',
    auth: 'admin',
    body: () => ({ status: 'pending_manual', adminNotes: 'Nota de la fuzz' }),
  },
  { method: 'PATCH', path: '/orders/{orderId}/confirm', auth: 'admin' },
  // The fixture order is a pickup: packing it is allowed once, then a repeat is a no-op (never a 5xx).
  { method: 'PUT', path: '/orders/{orderId}/fulfillment', auth: 'admin', body: () => ({ step: 'packed' }) },
  {
    method: 'POST',
    path: '/returns',
    auth: 'public',
    body: (f) => ({
      orderNumber: f.orderNumber,
      contact: SHOPPER.email,
      lines: [{ lineIndex: 0, quantity: 1, kind: 'exchange', variantId: 'v1', reason: 'size_small', reasonText: 'Me quedó chico' }],
      photoUrl: '/uploads/foto.png',
    }),
  },
  { method: 'GET', path: '/returns', auth: 'admin', query: ['status'] },
  { method: 'GET', path: '/returns/{orderId}', auth: 'admin' },
  {
    method: 'PUT',
    path: '/returns/{orderId}/status',
    auth: 'admin',
    body: () => ({ status: 'received', message: 'Recibido', unsellable: [0], refundMethod: 'coupon' }),
  },
  {
    method: 'POST',
    path: '/withdrawals',
    auth: 'public',
    body: (f) => ({ orderNumber: f.orderNumber, contact: SHOPPER.email, lines: [{ lineIndex: 0, quantity: 1 }], comment: 'Me arrepentí' }),
  },
  { method: 'GET', path: '/withdrawals/{orderId}', auth: 'public', query: ['contact'] },
  { method: 'GET', path: '/withdrawals', auth: 'admin', query: ['status', 'window'] },
  { method: 'PUT', path: '/withdrawals/{orderId}', auth: 'admin', body: () => ({ status: 'rejected', reason: 'Fuzz' }) },
  { method: 'POST', path: '/withdrawals/{orderId}/return-shipment', auth: 'admin' },
  { method: 'GET', path: '/withdrawals/{orderId}/return-shipment/label', auth: 'admin' },
  // WhatsApp: the webhook (its junk is unsigned: 401), the owner's settings and test, the conversations.
  { method: 'GET', path: '/whatsapp/webhook', auth: 'public', query: ['hub.mode', 'hub.verify_token', 'hub.challenge'] },
  { method: 'POST', path: '/whatsapp/webhook', auth: 'public', body: () => ({ object: 'whatsapp_business_account', entry: [] }) },
  { method: 'GET', path: '/whatsapp/settings', auth: 'admin' },
  { method: 'PUT', path: '/whatsapp/settings', auth: 'admin', body: () => ({ enabled: false }) },
  { method: 'GET', path: '/whatsapp/templates', auth: 'admin' },
  { method: 'POST', path: '/whatsapp/test', auth: 'admin', body: () => ({ to: '0800 333 1234' }) },
  { method: 'GET', path: '/whatsapp/conversations', auth: 'admin' },
  { method: 'GET', path: '/whatsapp/conversations/{phone}', auth: 'admin' },
  { method: 'POST', path: '/whatsapp/conversations/{phone}/messages', auth: 'admin', body: () => ({ text: 'Hola desde la fuzz' }) },
  { method: 'GET', path: '/orders/{orderId}/whatsapp', auth: 'admin' },
  // Reviews: a forged invitation token (400 whatever the junk), an unknown review id.
  { method: 'GET', path: '/products/{productId}/reviews', auth: 'public', query: ['fit', 'size', 'page'] },
  { method: 'GET', path: '/reviews/invitation/{token}', auth: 'public' },
  {
    method: 'POST',
    path: '/reviews',
    auth: 'public',
    multipart: true,
    body: () => ({ token: 'abc-1-firma', orderLine: 0, stars: 5, fit: 'true' }),
  },
  { method: 'POST', path: '/reviews/unsubscribe', auth: 'public', body: () => ({ token: 'abc-1-firma' }) },
  { method: 'GET', path: '/reviews', auth: 'admin', query: ['status', 'product', 'stars', 'page'] },
  { method: 'PUT', path: '/reviews/{reviewId}', auth: 'admin', destructive: true, body: () => ({ status: 'approved' }) },
  { method: 'GET', path: '/reviews/settings', auth: 'admin' },
  { method: 'GET', path: '/reviews/products/{productId}/stats', auth: 'admin' },
  { method: 'PUT', path: '/reviews/settings', auth: 'admin', body: () => ({ invitationDelayDays: 7 }) },
  // Her account: the code and the sign-in take junk (400/202/401/429); the rest answer 401 without her cookie.
  { method: 'POST', path: '/account/code', auth: 'public', body: () => ({ email: 'fuzz.cuenta@example.com' }) },
  { method: 'POST', path: '/account/session', auth: 'public', body: () => ({ email: 'fuzz.cuenta@example.com', code: '000000' }) },
  { method: 'DELETE', path: '/account/session', auth: 'public' },
  { method: 'DELETE', path: '/account/sessions', auth: 'public' },
  { method: 'GET', path: '/account', auth: 'public' },
  { method: 'PUT', path: '/account/preferences', auth: 'public', body: () => ({ cartRecovery: true, stockAlerts: true, news: true }) },
  { method: 'GET', path: '/account/orders', auth: 'public', query: ['page'] },
  { method: 'GET', path: '/account/addresses', auth: 'public' },
  { method: 'PUT', path: '/account/addresses', auth: 'public', body: () => ({ addresses: [] }) },
  { method: 'GET', path: '/account/measurements', auth: 'public' },
  { method: 'PUT', path: '/account/measurements', auth: 'public', body: () => ({ measurements: { busto: 90 } }) },
  { method: 'GET', path: '/account/favorites', auth: 'public' },
  { method: 'PUT', path: '/account/favorites', auth: 'public', body: () => ({ productIds: [] }) },
  { method: 'GET', path: '/account/alerts', auth: 'public' },
  { method: 'DELETE', path: '/account/alerts/{alertId}', auth: 'public', destructive: true },
  { method: 'GET', path: '/account/export', auth: 'public' },
  { method: 'DELETE', path: '/account', auth: 'public' },
  { method: 'POST', path: '/orders/fulfillment', auth: 'admin', body: (f) => ({ ids: [f.orderId], step: 'packed' }) },
  { method: 'GET', path: '/orders/{orderId}/invoice', auth: 'admin' },
  { method: 'GET', path: '/orders/{orderId}/invoice.pdf', auth: 'admin', query: ['kind', 'format'] },
  { method: 'POST', path: '/orders/{orderId}/invoice', auth: 'admin', body: () => ({ buyerCuit: '20-12345678-6' }) },
  { method: 'POST', path: '/orders/{orderId}/credit-note', auth: 'admin', body: () => ({ amount: 100 }) },
  {
    method: 'POST',
    path: '/orders/tracking/invoice.pdf',
    auth: 'public',
    body: () => ({ orderNumber: 'JL-20990101-0001', contact: 'nadie@example.com' }),
  },
  // National shipping: the shared shop has no carrier enabled, so a valid quote calls no carrier and changes nothing;
  // the settings get a postal code that does not exist (a valid body would change the shared shop's carriers).
  { method: 'GET', path: '/shipping/settings', auth: 'admin' },
  { method: 'PUT', path: '/shipping/settings', auth: 'admin', body: () => ({ originPostalCode: 'no es un código' }) },
  {
    method: 'POST',
    path: '/shipping/quote',
    auth: 'public',
    body: () => ({ address: { postalCode: '5000', province: 'AR-X' }, parcels: [{ weight: 500, length: 30, width: 20, height: 10 }] }),
  },
  { method: 'GET', path: '/shipping/branches', auth: 'public', query: ['carrier', 'postalCode', 'province'] },
  { method: 'GET', path: '/shipping/availability', auth: 'public' },
  // Carrier shipments: the fixture order is a pickup (and the shared shop has no carrier): refused with a 409/404,
  // never a carrier call.
  { method: 'GET', path: '/orders/{orderId}/shipment', auth: 'admin' },
  { method: 'POST', path: '/orders/{orderId}/shipment', auth: 'admin' },
  { method: 'DELETE', path: '/orders/{orderId}/shipment', auth: 'admin' },
  { method: 'POST', path: '/orders/{orderId}/shipment/dispatch', auth: 'admin' },
  { method: 'GET', path: '/orders/{orderId}/shipment/label', auth: 'admin', query: ['format'] },
  { method: 'POST', path: '/shipments/labels', auth: 'admin', body: (f) => ({ orderIds: [f.orderId], format: 'a4' }) },
  { method: 'GET', path: '/invoicing/settings', auth: 'admin' },
  {
    method: 'PUT',
    path: '/invoicing/settings',
    auth: 'admin',
    body: () => ({ cuit: '20-12345678-6', taxCondition: 'monotributo', pointOfSale: 1 }),
  },
  { method: 'POST', path: '/invoicing/csr', auth: 'admin', body: () => ({}) },
  { method: 'PUT', path: '/invoicing/certificate', auth: 'admin', body: () => ({ certificate: 'no es un certificado' }) },
  { method: 'POST', path: '/invoicing/test', auth: 'admin', body: () => ({}) },
  { method: 'GET', path: '/invoicing/libro-iva.csv', auth: 'admin', query: ['month'] },
  // The fixture order is a cash order: a refund is always refused (400), junk ids are 404.
  { method: 'POST', path: '/orders/{orderId}/refund', auth: 'admin' },
  // The fuzz process has no webhook secret: every call is unverified (401), never a 5xx.
  {
    method: 'POST',
    path: '/payments/mercadopago/webhook',
    auth: 'public',
    query: ['data.id', 'type'],
    body: () => ({ action: 'payment.updated', type: 'payment', data: { id: '123' } }),
  },
  // Mercado Libre: the fuzz process has no Mercado Libre app and no account connected; the settings' body always
  // names a listing type that does not exist, so it never changes them; the callback's states are never issued.
  { method: 'GET', path: '/channels/mercadolibre', auth: 'admin' },
  { method: 'POST', path: '/channels/mercadolibre/connect', auth: 'admin', body: () => ({}) },
  { method: 'POST', path: '/channels/mercadolibre/check', auth: 'admin', body: () => ({}) },
  {
    method: 'PUT',
    path: '/channels/mercadolibre/settings',
    auth: 'admin',
    body: () => ({ priceRule: { kind: 'percent', percent: 10 }, listingType: 'no-existe', safetyBuffer: 0 }),
  },
  { method: 'DELETE', path: '/channels/mercadolibre', auth: 'admin' },
  { method: 'GET', path: '/channels/mercadolibre/callback', auth: 'public', query: ['code', 'state', 'error'] },
  // The shared shop has no Mercado Libre account: a notice is answered 200 and ignored, the questions refused.
  {
    method: 'POST',
    path: '/channels/mercadolibre/notifications',
    auth: 'public',
    body: () => ({ resource: '/orders/2000000000001', user_id: 1, topic: 'orders_v2', application_id: 1, attempts: 1 }),
  },
  // Listings: with no account connected they are refused (409) before Mercado Libre is asked.
  { method: 'GET', path: '/channels/mercadolibre/categories', auth: 'admin', query: ['title'] },
  { method: 'GET', path: '/channels/mercadolibre/categories/{productId}/attributes', auth: 'admin' },
  { method: 'GET', path: '/channels/mercadolibre/listings', auth: 'admin' },
  {
    method: 'POST',
    path: '/channels/mercadolibre/listings',
    auth: 'admin',
    body: (f) => ({ productId: f.productId, categoryId: 'MLA109283', attributes: { BRAND: 'Jazmín' } }),
  },
  { method: 'PUT', path: '/channels/mercadolibre/listings/{productId}', auth: 'admin', body: () => ({ status: 'paused' }) },
  { method: 'GET', path: '/channels/mercadolibre/questions', auth: 'admin' },
  { method: 'POST', path: '/channels/mercadolibre/questions/{orderId}/answer', auth: 'admin', body: () => ({ text: 'Sí, hay talle 95' }) },
  { method: 'GET', path: '/orders/{orderId}/history', auth: 'admin' },
  { method: 'DELETE', path: '/orders/{orderId}', auth: 'admin', destructive: true },
  { method: 'GET', path: '/orders/summary', auth: 'admin' },
  {
    method: 'GET',
    path: '/orders/export.csv',
    auth: 'admin',
    query: ['status', 'paymentMethod', 'search', 'date', 'from', 'to', 'fulfillment'],
  },
  { method: 'GET', path: '/products/export.csv', auth: 'admin' },
  { method: 'GET', path: '/products/stock.csv', auth: 'admin' },
  { method: 'POST', path: '/products/stock.csv', auth: 'admin', query: ['apply'] },
  { method: 'POST', path: '/purchases/sheet', auth: 'admin' },
  { method: 'GET', path: '/insight/daily-sales', auth: 'admin', query: ['days'] },
  { method: 'GET', path: '/insight/low-stock', auth: 'admin' },
  // The default threshold: a valid-looking junk body leaves the shared shop as it was.
  { method: 'PUT', path: '/insight/low-stock-threshold', auth: 'admin', body: () => ({ threshold: 3 }) },
  { method: 'GET', path: '/insight/discounts', auth: 'admin', query: ['days'] },
  { method: 'GET', path: '/reports/fit', auth: 'admin', query: ['productId'] },
  { method: 'GET', path: '/reports/size-curve', auth: 'admin', query: ['category', 'from', 'to', 'units'] },
  { method: 'GET', path: '/reports/size-curve.csv', auth: 'admin', query: ['category', 'from', 'to', 'units'] },
  { method: 'GET', path: '/reports/stock', auth: 'admin', query: ['view', 'days', 'leadDays', 'category', 'page'] },
  { method: 'GET', path: '/reports/sales', auth: 'admin', query: ['groupBy', 'from', 'to'] },
  { method: 'GET', path: '/reports/sales.csv', auth: 'admin', query: ['groupBy', 'from', 'to'] },
  { method: 'GET', path: '/reports/stock.csv', auth: 'admin', query: ['view', 'days', 'leadDays', 'category', 'page'] },
  { method: 'GET', path: '/promotions/live', auth: 'public' },
  { method: 'GET', path: '/coupons', auth: 'admin' },
  {
    method: 'POST',
    path: '/coupons',
    auth: 'admin',
    body: () => ({ code: 'FUZZ10', type: 'percent', value: 10, maxUses: 5, categories: ['conjuntos'] }),
  },
  {
    method: 'PUT',
    path: '/coupons/{couponId}',
    auth: 'admin',
    destructive: true,
    body: () => ({ code: 'FUZZ10', type: 'fixed', value: 500, active: false }),
  },
  { method: 'DELETE', path: '/coupons/{couponId}', auth: 'admin', destructive: true },
  { method: 'GET', path: '/promotions', auth: 'admin' },
  // A category no product has: whatever the fuzz makes of it, no other test's prices change.
  {
    method: 'POST',
    path: '/promotions',
    auth: 'admin',
    body: () => ({ name: 'Promo de la fuzz', type: 'buy_x_pay_y', category: 'fuzz-sin-productos', buy: 3, pay: 2 }),
  },
  {
    method: 'PUT',
    path: '/promotions/{promotionId}',
    auth: 'admin',
    destructive: true,
    body: () => ({ name: 'Promo de la fuzz', type: 'category_percent', category: 'fuzz-sin-productos', percent: 10 }),
  },
  { method: 'DELETE', path: '/promotions/{promotionId}', auth: 'admin', destructive: true },
  { method: 'GET', path: '/content', auth: 'public' },
  { method: 'PUT', path: '/content', auth: 'admin', body: (f) => f.content },
  {
    method: 'POST',
    path: '/interactions',
    auth: 'public',
    body: () => ({
      type: 'product_view',
      data: {
        productId: 'fuzz-prod',
        productTitle: 'Fuzz',
        productPrice: 100,
        productCategory: 'fuzz',
        category: 'fuzz',
        searchTerm: 'fuzz',
      },
    }),
  },
  { method: 'GET', path: '/interactions/summary', auth: 'admin' },
  { method: 'GET', path: '/interactions/most-viewed-products', auth: 'admin', query: ['limit'] },
  { method: 'GET', path: '/interactions/most-viewed-categories', auth: 'admin', query: ['limit'] },
  // Deletes every interaction: harmless for the other files (interactions.test.ts resets before its own data).
  { method: 'DELETE', path: '/interactions/reset', auth: 'admin' },
  { method: 'POST', path: '/upload/proof', auth: 'public', multipart: true },
  {
    method: 'POST',
    path: '/contact',
    auth: 'public',
    body: () => ({ name: 'Fuzz', email: 'fuzz@example.com', phone: '299 555-0000', subject: 'Prueba', message: 'Mensaje de la fuzz' }),
  },
  { method: 'GET', path: '/health', auth: 'public' },
  { method: 'GET', path: '/health/checklist', auth: 'admin' },
  // Valid calls queue a test message to the owner's own address: 5 per hour, then 429 (never a 5xx).
  { method: 'POST', path: '/health/test-email', auth: 'admin', body: () => ({}) },
  { method: 'GET', path: '/customers', auth: 'admin', query: ['search', 'sort', 'direction', 'page', 'pageSize'] },
  { method: 'GET', path: '/customers/{customerId}', auth: 'admin' },
  { method: 'GET', path: '/customers/export.csv', auth: 'admin' },
  { method: 'GET', path: '/emails', auth: 'admin', query: ['page', 'limit', 'status', 'order'] },
  { method: 'POST', path: '/emails/{emailId}/resend', auth: 'admin' },
];

const BODY_METHODS: ReadonlySet<Method> = new Set(['POST', 'PUT', 'PATCH']);
const SEED = 0x5eed_f022;

interface Case {
  endpoint: Endpoint;
  kind: string;
  method: Method;
  /** Path under /api with query, as sent. */
  target: string;
  contentType?: string;
  body?: string | Buffer;
  /** admin: the owner; sales / catalog: staff whose role may lack the route's permission. */
  as: 'anonymous' | 'admin' | 'garbage-token' | 'sales' | 'catalog';
}

// ---------- building the junk ----------

type JsonPath = (string | number)[];

/** Every position in a JSON value (containers and leaves), root excluded. */
function pathsOf(value: Json, prefix: JsonPath = []): JsonPath[] {
  if (value === null || typeof value !== 'object') return [];
  const entries: [string | number, Json][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...prefix, key], ...pathsOf(child, [...prefix, key])]);
}

function objectPathsOf(value: Json, prefix: JsonPath = []): JsonPath[] {
  if (value === null || typeof value !== 'object') return [];
  const own = Array.isArray(value) ? [] : [prefix];
  const entries: [string | number, Json][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  return [...own, ...entries.flatMap(([key, child]) => objectPathsOf(child, [...prefix, key]))];
}

function childOf(value: Json, step: string | number): Json {
  if (Array.isArray(value)) return value[Number(step)] ?? null;
  if (value !== null && typeof value === 'object') return value[String(step)] ?? null;
  return null;
}

/** Sets an own property, even for a key like '__proto__' (as JSON.parse on the server makes it). */
function setOwn(target: { [key: string]: Json }, key: string, value: Json): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A copy of `base` with the value at `at` replaced by `junk`. */
function withValue(base: Json, at: JsonPath, junk: Json): Json {
  const copy = structuredClone(base);
  const parent = at.slice(0, -1).reduce(childOf, copy);
  const key = at[at.length - 1];
  if (Array.isArray(parent)) parent[Number(key)] = junk;
  else if (parent !== null && typeof parent === 'object') setOwn(parent, String(key), junk);
  return copy;
}

/** A copy of `base` with an extra `key` in the object at `at`. */
function withKey(base: Json, at: JsonPath, key: string): Json {
  const copy = structuredClone(base);
  const holder = at.reduce(childOf, copy);
  if (holder !== null && typeof holder === 'object' && !Array.isArray(holder)) setOwn(holder, key, 'basura');
  return copy;
}

function multipart(parts: { name: string; filename?: string; type?: string; content: string | Buffer }[]): {
  contentType: string;
  body: Buffer;
} {
  const boundary = 'fuzzboundary7d3a';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(
      Buffer.from(head, 'utf8'),
      Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(chunks) };
}

/** Junk forms for the upload route (never a real image, so nothing is stored). */
const JUNK_FORMS: readonly { kind: string; form: ReturnType<typeof multipart> }[] = [
  { kind: 'form-no-file', form: multipart([{ name: 'otro', content: 'x' }]) },
  { kind: 'form-nul-field-name', form: multipart([{ name: 'fi\u0000le', filename: 'a.png', type: 'image/png', content: 'x' }]) },
  { kind: 'form-nul-filename', form: multipart([{ name: 'file', filename: 'a\u0000.png', type: 'image/png', content: 'no es imagen' }]) },
  {
    kind: 'form-10k-filename',
    form: multipart([{ name: 'file', filename: `${'n'.repeat(10_000)}.png`, type: 'image/png', content: 'x' }]),
  },
  {
    kind: 'form-mojibake-filename',
    form: multipart([{ name: 'file', filename: Buffer.from([0xed, 0xa0, 0x80]).toString('latin1'), type: 'image/png', content: 'x' }]),
  },
  { kind: 'form-nul-content', form: multipart([{ name: 'file', filename: 'a.png', type: 'image/png', content: Buffer.alloc(2048) }]) },
  { kind: 'form-empty-file', form: multipart([{ name: 'file', filename: 'a.png', type: 'image/png', content: '' }]) },
  { kind: 'form-nul-type', form: multipart([{ name: 'file', filename: 'a.png', type: 'image/\u0000png', content: 'x' }]) },
  {
    kind: 'form-two-files',
    form: multipart([
      { name: 'file', filename: 'a.png', type: 'image/png', content: 'x' },
      { name: 'file', filename: 'b.png', type: 'image/png', content: 'y' },
    ]),
  },
  {
    kind: 'form-text-fields-junk',
    form: multipart([
      { name: 'file', content: NUL_TEXT },
      { name: 'nota', content: 'ñ'.repeat(10_000) },
    ]),
  },
  {
    kind: 'form-truncated',
    form: {
      contentType: 'multipart/form-data; boundary=fuzzboundary7d3a',
      body: Buffer.from('--fuzzboundary7d3a\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nxx'),
    },
  },
];

function fillPath(template: string, f: Fixtures, junkSegment?: string): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (junkSegment !== undefined) return junkSegment;
    const named: Record<string, string> = {
      productId: f.productId,
      orderId: f.orderId,
      orderNumber: f.orderNumber,
      emailId: f.emailId,
      token: 'fuzz-token-de-un-carrito-000',
      customerId: customerIdOf('e:maria.gomez@example.com'),
      registerId: '999999',
      sessionId: '999999',
      counterPaymentId: '999999',
      // No purchase or supplier has this id: the fuzz never receives, reverses or edits a real one.
      purchaseId: '999999999',
      supplierId: '999999999',
      // No conversation has this number: a reply is refused (404 or 409) whatever the junk.
      phone: '5490000000001',
      reviewId: '999999999',
      alertId: '999999999',
    };
    const value = named[name] ?? '';
    return encodeURIComponent(value);
  });
}

/** A path that the destructive routes can never match to a real row. */
const NO_SUCH_ID = 'fuzz-no-existe-0000000000';

function buildCases(f: Fixtures): Case[] {
  const random = prng(SEED);
  const cases: Case[] = [];
  const add = (endpoint: Endpoint, kind: string, c: Pick<Case, 'target' | 'contentType' | 'body'>) => {
    // Who sends it: admin routes mostly as staff (so the handler sees the junk), public ones half and half,
    // and now and then a garbage token.
    const n = cases.length;
    const as: Case['as'] =
      n % 11 === 0 || (endpoint.endsSession && n % 2 === 0)
        ? 'garbage-token'
        : endpoint.auth === 'admin'
          ? n % 4 === 0
            ? 'anonymous'
            : n % 8 === 1
              ? 'sales'
              : n % 8 === 5
                ? 'catalog'
                : 'admin'
          : n % 2 === 0 && !endpoint.endsSession
            ? 'admin'
            : 'anonymous';
    cases.push({ endpoint, kind, method: endpoint.method, target: c.target, contentType: c.contentType, body: c.body, as });
  };

  for (const endpoint of ENDPOINTS) {
    const basePath = endpoint.destructive ? endpoint.path.replace(/\{\w+\}/g, NO_SUCH_ID) : fillPath(endpoint.path, f);
    const base = endpoint.body?.(f);
    const jsonOf = (value: Json) => ({ contentType: 'application/json', body: JSON.stringify(value) });
    const baseBody = base === undefined ? {} : jsonOf(base);

    // Path segments: every placeholder (or an extra segment) replaced by junk, plus junk glued to the path.
    for (const segment of JUNK_SEGMENTS) {
      const target = /\{\w+\}/.test(endpoint.path) ? fillPath(endpoint.path, f, segment) : `${endpoint.path}/${segment}`;
      add(endpoint, `path:${segment.slice(0, 20)}`, { target, ...baseBody });
    }
    for (const suffix of ['%00', '%ff', '%E0%A4%A', '%ED%A0%80'])
      add(endpoint, `path-suffix:${suffix}`, { target: `${basePath}${suffix}`, ...baseBody });

    // Query values: junk in every documented parameter (or an unknown one), and odd shapes qs makes of them.
    const params = endpoint.query ?? ['extra'];
    for (const param of params) {
      const values = endpoint.query ? JUNK_QUERY_VALUES : JUNK_QUERY_VALUES.filter((_, i) => i % 3 === 0);
      for (const value of values)
        add(endpoint, `query:${param}=${value.slice(0, 20)}`, { target: `${basePath}?${param}=${value}`, ...baseBody });
      const shapes = [
        `${param}%00=1`,
        `${param}[]=a&${param}[]=%00`,
        `${param}[$ne]=x`,
        `${param}${'[a]'.repeat(30)}=1`,
        Array.from({ length: 150 }, (_, i) => `${param}=${i}`).join('&'),
        `${param}[0]=1&${param}[200]=2`,
        `${param}=%00&${param}=%ff`,
        `${param}`,
      ];
      for (const shape of shapes) add(endpoint, `query-shape:${shape.slice(0, 30)}`, { target: `${basePath}?${shape}` });
    }

    // Whole bodies that are not the expected JSON object (also sent to routes that take no body).
    for (const junk of JUNK_BODIES)
      add(endpoint, `body:${junk.kind}`, { target: basePath, contentType: junk.contentType, body: junk.body });

    if (endpoint.multipart) {
      for (const { kind, form } of JUNK_FORMS) add(endpoint, kind, { target: basePath, contentType: form.contentType, body: form.body });
    }

    if (base !== undefined) {
      // NUL in every field, one at a time (nested ones too), and a junk key in every object.
      const paths = pathsOf(base);
      for (const at of paths) add(endpoint, `field-nul:${at.join('.')}`, { target: basePath, ...jsonOf(withValue(base, at, NUL_TEXT)) });
      objectPathsOf(base).forEach((at, i) => {
        const key = JUNK_KEYS[i % JUNK_KEYS.length];
        if (key === undefined) return;
        add(endpoint, `key:${at.join('.') || '(root)'}:${key.slice(0, 10)}`, { target: basePath, ...jsonOf(withKey(base, at, key)) });
      });
      // Every junk value in every field (in a sample of fields for the big site content), and a 10k-character,
      // 256-character or lone-surrogate text in every field of it.
      const small = paths.length <= 40;
      for (const junk of JUNK_VALUES) {
        for (const at of small ? paths : [pick(random, paths), pick(random, paths), pick(random, paths)]) {
          add(endpoint, `field-${junk.kind}:${at.join('.')}`, { target: basePath, ...jsonOf(withValue(base, at, junk.value)) });
        }
      }
      if (!small) {
        const longOnes = JUNK_VALUES.filter((j) => j.kind === '10k-chars' || j.kind === '256-chars' || j.kind === 'lone-high-surrogate');
        for (const at of paths) {
          const junk = pick(random, longOnes);
          add(endpoint, `field-${junk.kind}:${at.join('.')}`, { target: basePath, ...jsonOf(withValue(base, at, junk.value)) });
        }
      }
    }
  }
  return cases;
}

// ---------- running it ----------

let fuzzStrapi: RunningStrapi;
let fixtures: Fixtures;
let token: string;
/** Tokens of invited staff (roles with fewer permissions than the owner). */
const roleTokens: Partial<Record<'sales' | 'catalog', string>> = {};
const createdProducts = new Set<string>();
const createdOrders = new Set<string>();

function idFromAnswer(text: string, key: 'product' | 'order'): string | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || !(key in parsed)) return null;
    const inner: unknown = Reflect.get(parsed, key);
    const id: unknown = typeof inner === 'object' && inner !== null ? Reflect.get(inner, '_id') : null;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

/** A second Strapi on the shared process's database, with raised limits and its own rate-limit keys. */
function startFuzzStrapi(): Promise<RunningStrapi> {
  const database = { kind: inject('databaseKind'), env: inject('databaseEnv'), drop: async () => undefined };
  return startStrapi(database, {
    RATE_LIMIT_ORDERS_MAX: '100000',
    RATE_LIMIT_UPLOADS_MAX: '100000',
    RATE_LIMIT_LOGIN_MAX: '100000',
    RATE_LIMIT_CONTACT_MAX: '100000',
    RATE_LIMIT_QUOTE_MAX: '100000',
    RATE_LIMIT_PREFIX: `fuzz-${process.pid}-${Date.now()}`,
  });
}

const serverDown = () => fuzzStrapi.process.exitCode !== null || fuzzStrapi.process.signalCode !== null;
/** Crashes seen (each one restarted the fuzz server so that the rest of the junk still gets an answer). */
const crashes: string[] = [];
const MAX_RESTARTS = 10;
let restarting: Promise<void> | null = null;

async function restartIfDown(): Promise<void> {
  if (!serverDown() || crashes.length >= MAX_RESTARTS) return;
  restarting ??= (async () => {
    const { exitCode, signalCode } = fuzzStrapi.process;
    crashes.push(`exit ${exitCode ?? signalCode}: ${fuzzStrapi.logs().slice(-1500)}`);
    fuzzStrapi = await startFuzzStrapi();
    restarting = null;
  })();
  await restarting;
}

beforeAll(async () => {
  fuzzStrapi = await startFuzzStrapi();
  token = await adminToken();
  const baseUrl = fuzzStrapi.url;
  roleTokens.sales = await inviteStaff(token, 'sales', baseUrl);
  roleTokens.catalog = await inviteStaff(token, 'catalog', baseUrl);
  const me = await api('/auth/check', { token, baseUrl });
  expect(me.status).toBe(200);
  const content = await api('/content', { baseUrl });
  expect(content.status).toBe(200);
  const product = await api('/products', { body: productBody(), token, baseUrl });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  const productId: string = product.body.product._id;
  createdProducts.add(productId);
  await api(`/products/${productId}`, { method: 'PUT', body: { stockBySize: { S: 100_000, M: 100_000 } }, token, baseUrl });
  const order = await api('/orders', {
    body: { items: [{ productId, quantity: 1, size: 'M' }], shippingInfo: { ...SHOPPER }, paymentMethod: 'cash' },
    baseUrl,
  });
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  createdOrders.add(order.body.order._id);
  const emails = await api(`/emails?order=${order.body.order._id}`, { token, baseUrl });
  expect(emails.status, JSON.stringify(emails.body)).toBe(200);
  fixtures = {
    emailId: String(emails.body.emails[0].id),
    productId,
    orderId: order.body.order._id,
    orderNumber: order.body.orderNumber,
    content: content.body.content,
    admin: { username: me.body.user.username, email: me.body.user.email },
  };
});

afterAll(async () => {
  if (!fuzzStrapi) return;
  const baseUrl = fuzzStrapi.url;
  if (fixtures) {
    await api('/content', { method: 'PUT', body: fixtures.content, token, baseUrl });
    await api('/users/profile', { method: 'PUT', body: fixtures.admin, token, baseUrl });
  }
  // Orders first: deleting an active order gives its units back, and a product with active orders cannot go.
  for (const id of createdOrders) await api(`/orders/${id}`, { method: 'DELETE', token, baseUrl });
  for (const id of createdProducts) await api(`/products/${id}`, { method: 'DELETE', token, baseUrl });
  await fuzzStrapi.stop();
});

interface Failure {
  route: string;
  request: string;
  kind: string;
  as: string;
  problem: string;
}

/** Whether this role holds the permission of this staff route (docs' `{id}` placeholders are the routes' `:id`). */
function allowedFor(role: 'sales' | 'catalog', endpoint: Endpoint): boolean {
  if (endpoint.auth !== 'admin') return true;
  const pattern = new RegExp(`^${endpoint.method} ${endpoint.path.replace(/\{\w+\}/g, ':\\w+').replace(/\./g, '\\.')}$`);
  const key = Object.keys(ROUTE_PERMISSIONS).find((route) => pattern.test(route));
  const permission = key === undefined ? undefined : ROUTE_PERMISSIONS[key];
  return permission !== undefined && staffCan(role, permission);
}

function describeCase(c: Case): string {
  const body =
    c.body === undefined ? '' : ` ${c.contentType} ${(Buffer.isBuffer(c.body) ? c.body.toString('latin1') : c.body).slice(0, 120)}`;
  return `${c.method} /api${c.target.slice(0, 120)}${body}`;
}

async function send(c: Case): Promise<Failure | null> {
  const headers: Record<string, string> = {};
  if (c.contentType !== undefined) headers['content-type'] = c.contentType;
  if (c.as === 'admin') headers.authorization = `Bearer ${token}`;
  if (c.as === 'garbage-token') headers.authorization = `Bearer ${GARBAGE_TOKEN}`;
  if (c.as === 'sales' || c.as === 'catalog') headers.authorization = `Bearer ${roleTokens[c.as] ?? ''}`;
  const request: RawRequest = { method: c.method, path: `/api${c.target}`, headers, body: c.body };
  await restartIfDown();
  const answer = await rawRequest(fuzzStrapi.url, request);
  const fail = (problem: string): Failure => ({
    route: `${c.endpoint.method} ${c.endpoint.path}`,
    request: describeCase(c),
    kind: c.kind,
    as: c.as,
    problem,
  });
  if (!answer.ok) {
    // Give a crashed process a moment to be seen as exited, so that the next cases go to a fresh one.
    if (!serverDown()) await new Promise((resolve) => setTimeout(resolve, 300));
    return fail(serverDown() ? `${answer.error} (the server process died)` : answer.error);
  }
  if (answer.status >= 500) return fail(`${answer.status} ${answer.text.slice(0, 200)}`);
  // A staff route must never do the work of a role that lacks its permission, whatever the junk.
  if ((c.as === 'sales' || c.as === 'catalog') && answer.status < 300 && !allowedFor(c.as, c.endpoint)) {
    return fail(`${answer.status} to ${c.as}, whose role lacks the route's permission`);
  }
  if (c.kind === 'body:oversized-json' && BODY_METHODS.has(c.method) && answer.status !== 413)
    return fail(`expected 413, got ${answer.status}`);
  // Node's own 431 (a URL over its header limit) comes before Strapi and carries no body.
  if (answer.status >= 400 && answer.status !== 431 && messageOf(answer.text) === null) {
    return fail(`${answer.status} without {message}: ${answer.text.slice(0, 200)}`);
  }
  if (answer.status === 201 && c.endpoint.path === '/products') {
    const id = idFromAnswer(answer.text, 'product');
    if (id) createdProducts.add(id);
  }
  if (answer.status === 201 && c.endpoint.path === '/orders') {
    const id = idFromAnswer(answer.text, 'order');
    if (id) createdOrders.add(id);
  }
  return null;
}

/** Runs the cases with a few requests in flight at once; failures come back in case order. */
async function runAll(cases: Case[], concurrency: number): Promise<Failure[]> {
  const results: (Failure | null)[] = new Array(cases.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const index = next;
      next += 1;
      const testCase = cases[index];
      if (testCase) results[index] = await send(testCase);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results.filter((r): r is Failure => r !== null);
}

describe('fuzz: junk requests to every endpoint', () => {
  it('covers exactly the endpoints of docs/api.md, with the same auth', () => {
    const doc = readFileSync(path.resolve(__dirname, '..', '..', '..', 'docs', 'api.md'), 'utf8');
    const normalize = (p: string) => p.replace(/\{\w+\}/g, '{}');
    const documented = [...doc.matchAll(/^\| (GET|POST|PUT|PATCH|DELETE) \| (\/\S*) \| ([^|]+) \|/gm)].map(
      ([, method, route = '', auth = '']) => `${method} ${normalize(route)} ${auth.trim().startsWith('admin') ? 'admin' : 'not-admin'}`,
    );
    const fuzzed = ENDPOINTS.map((e) => `${e.method} ${normalize(e.path)} ${e.auth === 'admin' ? 'admin' : 'not-admin'}`);
    expect(documented.length).toBeGreaterThan(20);
    expect([...fuzzed].sort()).toEqual([...documented].sort());
  });

  // About 15,000 requests: 100–170 s on a 2-core machine with the other database's suite running beside it. The
  // timeout only catches a hang, so it leaves room for a slower machine (a CI run timed out at 170 s).
  it('never answers 5xx nor drops the connection, and the server stays healthy', { timeout: 420_000 }, async () => {
    const cases = buildCases(fixtures);
    expect(cases.length).toBeGreaterThanOrEqual(1000);
    const started = Date.now();
    const failures = await runAll(cases, 4);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const senders = ['anonymous', 'admin', 'sales', 'catalog', 'garbage-token']
      .map((as) => `${cases.filter((c) => c.as === as).length} ${as}`)
      .join(', ');
    console.log(
      `[fuzz] ${inject('databaseKind')}: ${cases.length} junk requests (${senders}) in ${seconds} s, ${failures.length} failures, ${crashes.length} crashes`,
    );
    const byEndpoint = new Map<string, number>();
    for (const f of failures) byEndpoint.set(f.route, (byEndpoint.get(f.route) ?? 0) + 1);
    const counts = [...byEndpoint].map(([route, n]) => `  ${n} × ${route}`).join('\n');
    const report = failures
      .slice(0, 100)
      .map((f) => `${f.problem}\n    ${f.as}: ${f.request}\n    (${f.kind})`)
      .join('\n');
    const died =
      crashes.length > 0
        ? `\nThe fuzz server crashed ${crashes.length} time(s); last output before each crash:\n${crashes.join('\n---\n')}`
        : '';
    expect(failures.length, `${failures.length} bad answers out of ${cases.length}, by route:\n${counts}\n${report}${died}`).toBe(0);
    // The mapping of database "data exception" errors to 400 is a last resort: validation must have caught all.
    const refusedByDatabase = fuzzStrapi
      .logs()
      .split('\n')
      .filter((line) => line.includes('the database refused data'));
    expect(refusedByDatabase, 'junk that only the database refused').toEqual([]);
    for (const url of [fuzzStrapi.url, inject('baseUrl')]) {
      const health = await api('/health', { baseUrl: url });
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ status: 'ok', database: 'ok' });
    }
  });
});
