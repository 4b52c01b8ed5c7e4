import {
  computeOrderTotals,
  finalPrice,
  initialOrderStatus,
  normalizeSizes,
  reservedUntil,
  type OrderInput,
  type PaymentMethod,
} from '@shop/shared';
import { writeTransaction } from '../../../utils/db-write';
import { badRequest, notFound } from '../../../utils/http';
import { PROOF_NOT_FROM_SHOP, claimProof, proofPathOf, shopPublicUrl } from '../../upload-proof/services/transfer-proofs';
import { loadCheckoutRules } from './checkout-rules';
import { nextOrderNumber } from './order-number';
import { takeStock } from './order-stock';
import { isRecord, ORDER_POPULATE, toOrderAnswer, toTrackedOrder, type OrderAnswer, type TrackedOrder } from './order-view';

export const ORDER_UID = 'api::order.order';
export const PRODUCT_UID = 'api::product.product';

export const ORDER_NOT_FOUND = 'Orden no encontrada';
export const TRACKING_NOT_FOUND = 'Pedido no encontrado. Verifica el número e intenta de nuevo';

interface StoredProduct {
  documentId: string;
  title: string;
  price: number;
  discount: number;
  active: boolean;
  sizes: string[];
  image: string | null;
}

interface PricedItem {
  productId: string;
  title: string;
  image: string | null;
  quantity: number;
  price: number;
  size: string | null;
  color: string | null;
}

function productOf(row: unknown): StoredProduct | null {
  if (!isRecord(row) || typeof row.documentId !== 'string') return null;
  const thumbnails = Array.isArray(row.thumbnails) ? row.thumbnails : [];
  const image = thumbnails.find((t): t is string => typeof t === 'string' && t.trim() !== '') ?? null;
  return {
    documentId: row.documentId,
    title: typeof row.title === 'string' ? row.title : row.documentId,
    price: typeof row.price === 'number' ? row.price : Number(row.price ?? 0),
    discount: typeof row.discount === 'number' ? row.discount : Number(row.discount ?? 0),
    active: row.status === true || row.status === 1,
    sizes: normalizeSizes(row.size),
    image,
  };
}

/** How the shopper named a product we cannot find (the cart's title when it sent one, else the id). */
function requestedName(item: OrderInput['items'][number]): string {
  return typeof item.title === 'string' && item.title.trim() !== '' ? item.title.trim().slice(0, 200) : item.productId;
}

/** One order line priced from the database; refuses unknown/inactive products and sizes the product lacks. */
function priceItem(item: OrderInput['items'][number], product: StoredProduct | undefined): PricedItem {
  if (!product || !product.active) throw badRequest(`El producto "${requestedName(item)}" no existe o ya no está disponible`);
  const requested = (item.size ?? '').trim().toUpperCase();
  let size: string | null = requested || null;
  if (product.sizes.length > 0) {
    if (!requested) throw badRequest(`Elige una talla para "${product.title}"`);
    if (!product.sizes.includes(requested)) throw badRequest(`La talla "${item.size ?? ''}" no está disponible para "${product.title}"`);
    size = requested;
  }
  return {
    productId: product.documentId,
    title: product.title,
    image: product.image,
    quantity: item.quantity,
    price: finalPrice(product.price, product.discount),
    size,
    color: item.color?.trim() || null,
  };
}

/**
 * The `/uploads/…` path of the transfer proof, or null (no proof; a cash order ignores the field). Only the URL is
 * checked here; the order's transaction then claims the recorded, unused proof (see claimProof).
 */
function proofPathFor(paymentMethod: PaymentMethod, value: string | null | undefined): string | null {
  if (paymentMethod !== 'transfer' || !value) return null;
  const path = proofPathOf(value, shopPublicUrl());
  if (!path) throw badRequest(PROOF_NOT_FROM_SHOP);
  return path;
}

/** One order takes at most `cap` units of a product, all its sizes and colours together. */
function checkUnitsPerProduct(items: readonly PricedItem[], cap: number): void {
  const units = new Map<string, { title: string; quantity: number }>();
  for (const item of items) {
    const seen = units.get(item.productId);
    units.set(item.productId, { title: item.title, quantity: (seen?.quantity ?? 0) + item.quantity });
  }
  for (const { title, quantity } of units.values()) {
    if (quantity > cap) {
      throw badRequest(`Puedes llevar hasta ${cap} ${cap === 1 ? 'unidad' : 'unidades'} de "${title}" por pedido (pediste ${quantity})`);
    }
  }
}

/** Amounts are stored in 32-bit integer columns. */
const MAX_ORDER_TOTAL = 2_147_483_647;

const blankToNull = (value: string | undefined | null): string | null => (value && value.trim() !== '' ? value.trim() : null);

/**
 * Creates an order in one transaction: the day's order number, prices from the database, totals from the shared
 * rules and the site content, stock taken with conditional updates. Any failure writes nothing.
 */
export async function createOrder(input: OrderInput): Promise<{ order: OrderAnswer; orderNumber: string }> {
  const deliveryType = input.deliveryType ?? 'pickup';
  const rules = await loadCheckoutRules();
  if (deliveryType === 'delivery' && !rules.homeDeliveryEnabled) throw badRequest('El envío a domicilio no está disponible en este momento');
  if (input.paymentMethod === 'cash' && !rules.cashEnabled) throw badRequest('El pago en efectivo no está disponible en este momento');
  if (input.paymentMethod === 'transfer' && !rules.transferEnabled) throw badRequest('El pago por transferencia no está disponible en este momento');
  const transferProofUrl = proofPathFor(input.paymentMethod, input.transferProofUrl);
  const productIds = [...new Set(input.items.map((item) => item.productId))];

  const doc = await writeTransaction(async (trx) => {
    // First statement is a write: it serialises order creation for the day and gives consecutive numbers.
    const orderNumber = await nextOrderNumber(trx);
    if (transferProofUrl) await claimProof(trx, transferProofUrl, orderNumber);
    const rows: unknown[] = await strapi.db.query(PRODUCT_UID).findMany({ where: { documentId: { $in: productIds } } });
    const products = new Map<string, StoredProduct>();
    for (const row of rows) {
      const product = productOf(row);
      if (product) products.set(product.documentId, product);
    }
    const items = input.items.map((item) => priceItem(item, products.get(item.productId)));
    checkUnitsPerProduct(items, rules.maxUnitsPerProduct);
    await takeStock(trx, items);
    const totals = computeOrderTotals({
      lines: items,
      deliveryType,
      paymentMethod: input.paymentMethod,
      shipping: rules.shipping,
      cashFee: rules.cashFee,
    });
    if (totals.total > MAX_ORDER_TOTAL) throw badRequest('El total de la orden supera el máximo permitido; divide la compra en varias órdenes');
    const info = input.shippingInfo;
    const status = initialOrderStatus(input.paymentMethod, transferProofUrl !== null);
    // An unpaid order keeps its units until then; the sweep (config/cron-tasks.ts) cancels it afterwards.
    const holdUntil = reservedUntil(input.paymentMethod, status, rules.reservationMinutes[input.paymentMethod], new Date());
    const created: unknown = await strapi.documents(ORDER_UID).create({
      data: {
        orderNumber,
        items,
        shippingInfo: {
          fullName: info.fullName,
          email: info.email,
          phone: info.phone,
          address: blankToNull(info.address),
          city: blankToNull(info.city),
          postalCode: blankToNull(info.postalCode),
          notes: blankToNull(info.notes),
        },
        paymentMethod: input.paymentMethod,
        deliveryType,
        status,
        reservedUntil: holdUntil,
        ...totals,
        notes: blankToNull(input.notes),
        transferProofUrl,
        stockReturned: false,
      },
      populate: ORDER_POPULATE,
    });
    return created;
  });
  if (!isRecord(doc)) throw new Error('order was not created');
  const order = toOrderAnswer(doc);
  return { order, orderNumber: order.orderNumber };
}

const DOCUMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A stored order with its lines and shipping data, or null. */
export async function findOrderDocument(documentId: string): Promise<Record<string, unknown> | null> {
  if (!DOCUMENT_ID.test(documentId)) return null;
  const doc: unknown = await strapi.documents(ORDER_UID).findOne({ documentId, populate: ORDER_POPULATE });
  return isRecord(doc) ? doc : null;
}

export async function getOrder(documentId: string): Promise<OrderAnswer> {
  const doc = await findOrderDocument(documentId);
  if (!doc) throw notFound(ORDER_NOT_FOUND);
  return toOrderAnswer(doc);
}

export async function trackOrder(orderNumber: string): Promise<TrackedOrder> {
  const normalized = orderNumber.trim().toUpperCase();
  if (!normalized || normalized.length > 40) throw notFound(TRACKING_NOT_FOUND);
  const doc: unknown = await strapi.documents(ORDER_UID).findFirst({ filters: { orderNumber: normalized }, populate: ORDER_POPULATE });
  if (!isRecord(doc)) throw notFound(TRACKING_NOT_FOUND);
  return toTrackedOrder(doc);
}

export default { createOrder, getOrder, trackOrder, findOrderDocument };
