import {
  checkoutOptionsOf,
  initialOrderStatus,
  priceQuote,
  QuoteRefusal,
  reservedUntil,
  type PaymentMethod,
  type Quote,
  type QuoteInput,
  type QuoteProduct,
  type PricingContext,
  quoteSchema,
  COUPON_REFUSALS,
  CHECKOUT_REFUSALS,
  BUYER_DOCUMENT_MESSAGES,
  WHATSAPP_MSG,
  buyerDocumentRequired,
  formatPrice,
  netOfTotal,
  vatRateFor,
} from '@shop/shared';
import { newDocumentId, isRecord, holdWrites, HELD_NUMBER, type Trx } from '../../utils/db-write';
import { ApiError, badRequest, conflict } from '../../utils/http';
import { claimKey, KeyTakenError, previousOrderId, type Idempotency } from './order-idempotency';
import { nextOrderNumber } from './order-number';
import { getOrder } from './order-read';
import { NEW_ORDER, orderStockSource, takeStock } from './order-stock';
import { toOrderAnswer, type OrderAnswer } from './order-view';
import { insertOrder, numberOrder } from './order-insert';
import { checkoutTransaction } from './checkout-slots';
import { pricedProducts } from './order-products';
import { emit } from '../../utils/events';
import { claimCouponUse, couponDiscountOf, currentPromotions, pricingContext } from '../promotions';
import type { PlacedOrderInput, StaffSale } from './order-sale';
import { mercadoPagoReady } from '../platform';
import { whatsappNumber } from '../notifications';
import { goodsSubtotalOf, nationalShippingOf, orderOption, planCarrierOrder, shippingDetailsOf } from './order-shipping';

export { quoteProductOf } from './order-products';

/**
 * A refusal of the pricing as the API answers it: a size the product does not offer is a conflict with the
 * catalogue at checkout (409, as before zones), everything else a 400.
 */
export function refusalError(err: QuoteRefusal, sizeStatus: 400 | 409): ApiError {
  return err.kind === 'size' && sizeStatus === 409 ? conflict(err.message) : badRequest(err.message);
}

/**
 * The delivery place of an order: the top-level zone id, barrio or postal code (as the quote takes them) or, from
 * clients that send none, the postal code of the shipping details.
 */
export function pricingInputOf(input: PlacedOrderInput): QuoteInput {
  const place = input.zoneId || input.barrio || input.postalCode ? input : { ...input, postalCode: input.shippingInfo.postalCode ?? null };
  return {
    items: input.items,
    paymentMethod: input.paymentMethod,
    deliveryType: input.deliveryType ?? 'pickup',
    zoneId: place.zoneId ?? null,
    barrio: place.barrio ?? null,
    postalCode: place.postalCode ?? null,
    meetingPointId: input.meetingPointId ?? null,
    couponCode: input.couponCode ?? null,
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

/** The order's figures from the one pricing function; its refusals become the API's 400/409 answers. */
function priceOrder(
  input: QuoteInput,
  products: ReadonlyMap<string, QuoteProduct>,
  options: ReturnType<typeof checkoutOptionsOf>,
  context: PricingContext,
): Quote {
  try {
    return priceQuote(input, products, options, context);
  } catch (err) {
    if (err instanceof QuoteRefusal) throw refusalError(err, 409);
    throw err;
  }
}

/**
 * The 409 of an order whose coupon does not apply (any more): the reason and the new quote, so the shopper sees
 * what the order would cost and is never charged more without being told.
 */
export function couponConflict(quote: Quote, message: string): ApiError {
  return conflict(message, { quote: quoteSchema.parse(quote) });
}

/** Amounts are stored in 32-bit integer columns. */
const MAX_ORDER_TOTAL = 2_147_483_647;
const blankToNull = (value: string | undefined | null): string | null => (value && value.trim() !== '' ? value.trim() : null);

/** Work written with a new order in its own transaction, once the order is complete (its mails: order-notices.ts). */
export type WithNewOrder = (trx: Trx, order: OrderAnswer) => Promise<void>;
/**
 * Makes that work before the transaction, once the current content has been read (what it reads from the database
 * must be read outside the transaction; null: nothing to write with the order).
 */
export type PrepareWithOrder = () => Promise<WithNewOrder | null>;

export interface CreatedOrder {
  order: OrderAnswer;
  orderNumber: string;
  /** True when an Idempotency-Key had already created this order (nothing was written this time). */
  replayed: boolean;
  /** A Mercado Pago order: where the shopper pays. */
  payment?: { provider: 'mercadopago'; checkoutUrl: string };
}

async function replayOf(documentId: string): Promise<CreatedOrder> {
  const order = await getOrder(documentId);
  return { order, orderNumber: order.orderNumber, replayed: true };
}

/**
 * Creates an order once per Idempotency-Key: an order already made with the key and the same body is answered
 * again; a request racing another one with the same key waits for it inside the database and answers its order.
 */
export async function createOrder(
  input: PlacedOrderInput,
  idem: Idempotency | null = null,
  sale: StaffSale | null = null,
  prepare: PrepareWithOrder | null = null,
): Promise<CreatedOrder> {
  // No look-up of the key first: a new order (the usual case) would pay a round trip for nothing. A key already
  // used is found taken by the claim, the transaction's first statement, and answered from here.
  try {
    return { ...(await createNewOrder(input, idem, sale, prepare)), replayed: false };
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
async function createNewOrder(
  input: PlacedOrderInput,
  idem: Idempotency | null,
  sale: StaffSale | null,
  prepare: PrepareWithOrder | null,
): Promise<{ order: OrderAnswer; orderNumber: string }> {
  const deliveryType = input.deliveryType ?? 'pickup';
  // The cached content once the shared version row says it is current (an owner's change, in any process, counts at
  // once): reading and checking the whole content on every order cost much CPU.
  const content = await strapi.service('api::site-content.site-content').currentContent();
  const options = checkoutOptionsOf(content, mercadoPagoReady());
  const pricing = pricingInputOf(input);
  const transferProofUrl = proofPathFor(input.paymentMethod, input.transferProofUrl);
  const productIds = [...new Set(input.items.map((item) => item.productId))];
  const promotions = await currentPromotions();
  // National shipping: the parcels and a branch option's branch, asked before the transaction (never a carrier inside it).
  const carrierPlan = deliveryType === 'carrier' ? await planCarrierOrder(input) : null;
  const withOrder = prepare ? await prepare() : null;

  // SQLite has one writer at a time, and the transaction holds the write lock from its start (config/database.ts):
  // the day's number is taken at once and written with the order, with no update afterwards. PostgreSQL locks rows:
  // the rows every checkout competes for (the day's number, the products' stock) are locked last, just before the
  // commit, so one order holds them for a few statements rather than for its whole transaction.
  const numberFirst = strapi.db.dialect.client !== 'postgres';
  const doc = await checkoutTransaction(async (trx) => {
    const documentId = newDocumentId();
    // Claiming the key makes a second request with it wait here (PostgreSQL) or find it taken (SQLite's write lock).
    // The key names the order at once: both are committed together or not at all.
    if (idem && !(await claimKey(trx, idem, documentId))) throw new KeyTakenError();
    const early = numberFirst ? await nextOrderNumber(trx) : null;
    const products = await pricedProducts(trx, productIds);
    const context = await pricingContext(pricing.couponCode, input.shippingInfo.email, { trx, promotions });
    const goods = priceOrder(pricing, products, options, context);
    // The chosen option read back for this cart (its goods' subtotal, parcels and postal code) and priced as quoted.
    const option = carrierPlan ? orderOption(carrierPlan, goodsSubtotalOf(goods)) : null;
    const priced: QuoteInput = option ? { ...pricing, carrierShipping: { price: option.price } } : pricing;
    const quote = option ? priceOrder(priced, products, options, context) : goods;
    if (quote.coupon && !quote.coupon.applied) throw couponConflict(quote, quote.coupon.message ?? COUPON_REFUSALS.unknown);
    const items = quote.items.map((line) => ({
      productId: line.productId,
      title: line.title,
      image: line.image,
      quantity: line.quantity,
      price: line.unitPrice,
      size: line.size,
      color: line.color,
      variantId: line.variantId ?? null,
      sku: line.sku ?? null,
    }));
    const charged = sale ? sale.adjust(quote) : quote;
    const totals = {
      subtotal: quote.subtotal,
      shippingCost: quote.shippingCost,
      cashFee: quote.cashFee,
      discountTotal: charged.discountTotal,
      total: charged.total,
      // "Precio sin impuestos nacionales" (Ley 27.743), kept for the confirmation, the receipt and the counter ticket.
      netTotal: netOfTotal(
        quote.items.map((line) => ({
          amount: line.unitPrice * line.quantity,
          rate: vatRateFor(products.get(line.productId)?.category ?? '', content.taxes),
        })),
        charged.total,
      ),
    };
    // No preference of $0 is ever asked of Mercado Pago (it refuses them): the order is refused and nothing is written.
    if (input.paymentMethod === 'mercadopago' && totals.total <= 0) throw badRequest(CHECKOUT_REFUSALS.mercadopagoZero);
    if (totals.total > MAX_ORDER_TOTAL)
      throw badRequest('El total de la orden supera el máximo permitido; divide la compra en varias órdenes');
    const threshold = options.invoiceIdentificationThreshold ?? 0;
    if (!input.buyerDocument && buyerDocumentRequired(totals.total, threshold))
      throw badRequest(BUYER_DOCUMENT_MESSAGES.required(formatPrice(threshold)));
    const info = carrierPlan ? { ...input.shippingInfo, ...shippingDetailsOf(carrierPlan.address) } : input.shippingInfo;
    if (input.whatsappOptIn && whatsappNumber(info.phone) === null) throw badRequest(WHATSAPP_MSG.badPhone);
    const status = sale?.paidNow ? 'paid' : initialOrderStatus(input.paymentMethod, transferProofUrl !== null);
    // An unpaid order keeps its units until then; the sweep (config/cron-tasks.ts) cancels it afterwards.
    const holdUntil = reservedUntil(input.paymentMethod, status, options.reservationMinutes[input.paymentMethod], new Date());
    const created = await insertOrder(trx, {
      documentId,
      orderNumber: early,
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
      nationalShipping: carrierPlan && option ? nationalShippingOf(carrierPlan, option) : null,
      // What the delivery was priced with, kept as it was: a later edit of the zones never changes this order.
      zoneId: quote.zone?.id ?? null,
      zone: quote.zone ? { id: quote.zone.id, name: quote.zone.name, cost: quote.zone.cost } : null,
      meetingPointId: quote.meetingPoint?.id ?? null,
      meetingPoint: quote.meetingPoint ?? null,
      // The discounts as applied: a later change of a promotion or coupon never changes this order.
      discounts: charged.discounts,
      couponCode: quote.coupon?.applied ? quote.coupon.code : null,
      orderStatus: status,
      reservedUntil: holdUntil,
      ...totals,
      notes: blankToNull(input.notes),
      transferProofUrl,
      buyerDocument: input.buyerDocument ?? null,
      whatsappOptIn: input.whatsappOptIn === true,
      ...(sale ? sale.columns(new Date()) : {}),
    });
    if (sale) await sale.recordCreation(trx, documentId, status);
    // The contended rows, last: units taken with the product rows locked, then the day's number (consecutive numbers;
    // SQLite took it first, with the write lock). The ledger names the order (its number if known) and the staff member.
    const stockSource = orderStockSource(sale?.stock.reason ?? 'web_order', { documentId, orderNumber: early }, sale?.stock.by);
    // PostgreSQL: the stock's writes and the mails go with the number's statement, which numbers the mails too.
    const held = !early && holdWrites(trx);
    await takeStock(trx, items, NEW_ORDER, stockSource);
    const answer = toOrderAnswer({ ...created, orderNumber: early ?? HELD_NUMBER });
    if (held && withOrder) await withOrder(trx, answer);
    const orderNumber = early ?? (await numberOrder(trx, Number(created.id)));
    if (sale?.recordNumbered) await sale.recordNumbered(trx, { documentId, orderNumber, total: totals.total });
    // A sale paid on the spot (POST /orders/manual with paidNow) is paid from its first moment: its invoice is queued
    // (invoicing's in-transaction subscriber).
    if (status === 'paid') await emit('order.paid', { trx, documentId, orderNumber, total: totals.total });
    if (transferProofUrl) await strapi.service('api::upload-proof.transfer-proof').claim(trx, transferProofUrl, orderNumber);
    if (quote.coupon?.applied) {
      const coupon = context.coupon?.coupon;
      const claimed = await claimCouponUse(trx, {
        code: quote.coupon.code,
        email: info.email,
        onePerCustomer: coupon?.onePerCustomer ?? false,
        orderDocumentId: documentId,
        orderNumber,
        orderTotal: quote.total,
        discount: couponDiscountOf(quote),
      });
      // Another order took the last use (or this customer's one) since the coupon was read: nothing is written.
      if (!claimed) {
        const used = { ...context, coupon: context.coupon ? { ...context.coupon, usedUp: true } : null };
        throw couponConflict(priceOrder(priced, products, options, used), COUPON_REFUSALS.used);
      }
    }
    const order: OrderAnswer = { ...answer, orderNumber };
    if (withOrder && !held) await withOrder(trx, order);
    return order;
  });
  if (!isRecord(doc)) throw new Error('order was not created');
  return { order: doc, orderNumber: doc.orderNumber };
}
