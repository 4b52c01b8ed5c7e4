import {
  checkoutOptionsOf,
  checkoutRefusal,
  computeOrderTotals,
  initialOrderStatus,
  linePrice,
  lineSize,
  normalizeSizes,
  reservedUntil,
  type OrderInput,
  type PaymentMethod,
} from '@shop/shared';
import { writeTransaction } from '../../../utils/db-write';
import { badRequest, conflict } from '../../../utils/http';
import { claimKey, KeyTakenError, previousOrderId, recordOrder, type Idempotency } from './order-idempotency';
import { nextOrderNumber } from './order-number';
import { ORDER_UID, getOrder } from './order-read';
import { missingSizeMessage, takeStock } from './order-stock';
import { isRecord, ORDER_POPULATE, toOrderAnswer, type OrderAnswer } from './order-view';

const PRODUCT_UID = 'api::product.product';

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
  const chosen = lineSize(product.sizes, item.size);
  if (!chosen.ok && chosen.problem === 'missing') throw badRequest(`Elige una talla para "${product.title}"`);
  if (!chosen.ok) throw conflict(missingSizeMessage(product.title, chosen.size));
  return {
    productId: product.documentId,
    title: product.title,
    image: product.image,
    quantity: item.quantity,
    price: linePrice(product),
    size: chosen.size,
    color: item.color?.trim() || null,
  };
}

/**
 * The `/uploads/…` path of the transfer proof, or null (no proof; a cash order ignores the field). Only the URL is
 * checked here; the order's transaction then claims the recorded, unused proof (see claimProof).
 */
function proofPathFor(paymentMethod: PaymentMethod, value: string | null | undefined): string | null {
  if (paymentMethod !== 'transfer' || !value) return null;
  return strapi.service('api::upload-proof.transfer-proof').proofPath(value);
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

export interface CreatedOrder {
  order: OrderAnswer;
  orderNumber: string;
  /** True when an Idempotency-Key had already created this order (nothing was written this time). */
  replayed: boolean;
}

async function replayOf(documentId: string): Promise<CreatedOrder> {
  const order = await getOrder(documentId);
  return { order, orderNumber: order.orderNumber, replayed: true };
}

/**
 * Creates an order once per Idempotency-Key: an order already made with the key and the same body is answered
 * again; a request racing another one with the same key waits for it inside the database and answers its order.
 */
export async function createOrder(input: OrderInput, idem: Idempotency | null = null): Promise<CreatedOrder> {
  if (idem) {
    const previous = await previousOrderId(idem);
    if (previous) return replayOf(previous);
  }
  try {
    return { ...(await createNewOrder(input, idem)), replayed: false };
  } catch (err) {
    if (!(err instanceof KeyTakenError) || !idem) throw err;
    const winner = await previousOrderId(idem);
    if (!winner) throw err;
    return replayOf(winner);
  }
}

/**
 * Creates an order in one transaction: the day's order number, prices from the database, totals from the shared
 * rules and the site content, stock taken with conditional updates. Any failure writes nothing (nor keeps the
 * Idempotency-Key, so the same key can be retried).
 */
async function createNewOrder(input: OrderInput, idem: Idempotency | null): Promise<{ order: OrderAnswer; orderNumber: string }> {
  const deliveryType = input.deliveryType ?? 'pickup';
  const rules = checkoutOptionsOf(await strapi.service('api::site-content.site-content').getContent());
  // Every option the owner switched off in site content is refused, pickup included (no delivery type = pickup).
  const refusal = checkoutRefusal(rules, deliveryType, input.paymentMethod);
  if (refusal) throw badRequest(refusal);
  const transferProofUrl = proofPathFor(input.paymentMethod, input.transferProofUrl);
  const productIds = [...new Set(input.items.map((item) => item.productId))];

  const doc = await writeTransaction(async (trx) => {
    // The first statements are writes: claiming the key makes a second request with it wait here (PostgreSQL) or
    // find it taken (SQLite's write lock); the day's number serialises order creation and keeps numbers consecutive.
    if (idem && !(await claimKey(trx, idem))) throw new KeyTakenError();
    const orderNumber = await nextOrderNumber(trx);
    if (transferProofUrl) await strapi.service('api::upload-proof.transfer-proof').claim(trx, transferProofUrl, orderNumber);
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
    if (totals.total > MAX_ORDER_TOTAL)
      throw badRequest('El total de la orden supera el máximo permitido; divide la compra en varias órdenes');
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
    if (idem) {
      if (!isRecord(created) || typeof created.documentId !== 'string') throw new Error('order was not created');
      await recordOrder(trx, idem, created.documentId);
    }
    return created;
  });
  if (!isRecord(doc)) throw new Error('order was not created');
  const order = toOrderAnswer(doc);
  return { order, orderNumber: order.orderNumber };
}
