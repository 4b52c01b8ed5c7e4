// Starting a Mercado Pago payment: the preference's items and idempotency key, the checkout link, and discarding an order whose payment could not start.
import { affectedRows, table, writeTransaction } from '../../utils/db-write';
import { ApiError } from '../../utils/http';
import { shopBaseUrl, trackingUrl } from '../../utils/public-url';
import { lockOrder } from '../orders';
import { type OrderAnswer } from '../orders';
import { createPreference, type PreferenceItem } from './mercadopago-client';
import { storedPaymentOf, storePayment } from './mercadopago-payments';
import { mercadoPagoConfig } from '../platform';

export const MERCADOPAGO_DOWN_MESSAGE =
  'No pudimos conectar con Mercado Pago para iniciar el pago. Tu pedido no se registró y no se reservó stock: ' +
  'probá de nuevo en unos minutos o elegí transferencia o efectivo.';

/** The answer when Mercado Pago fails: 502, the shop works, the payment service does not. */
export const badGateway = (message: string) => new ApiError(502, message);

/**
 * The preference's items: the order's own lines at the prices the server charged, and the shipping as a line. When
 * discounts make the lines add up to more than what is charged for them, one line with the order's figure stands for
 * them all (Mercado Pago takes no negative prices), so the amount paid is always the order's total.
 */
export function preferenceItemsOf(order: OrderAnswer): PreferenceItem[] {
  // Discounts are in the goods' share (a free-shipping coupon too): when they leave nothing to charge for the goods,
  // the whole order is one line, so that the items always add up to the total.
  const goods = order.total - order.shippingCost;
  if (goods <= 0)
    return [{ id: order.orderNumber, title: `Pedido ${order.orderNumber}`, quantity: 1, unit_price: order.total, currency_id: 'ARS' }];
  const lines: PreferenceItem[] = order.items.map((item, index) => ({
    id: item.productId ?? `linea-${index + 1}`,
    title: [item.title, item.size ? `talle ${item.size}` : '', item.color ?? ''].filter(Boolean).join(' · ').slice(0, 250),
    quantity: item.quantity,
    unit_price: item.price,
    currency_id: 'ARS',
    ...(item.image && /^https?:\/\//.test(item.image) ? { picture_url: item.image } : {}),
  }));
  const sum = lines.reduce((total, line) => total + line.quantity * line.unit_price, 0);
  const units = order.items.reduce((total, item) => total + item.quantity, 0);
  const goodsLines: PreferenceItem[] =
    sum === goods
      ? lines
      : [
          {
            id: order.orderNumber,
            title: `Pedido ${order.orderNumber} (${units} productos)`,
            quantity: 1,
            unit_price: goods,
            currency_id: 'ARS',
          },
        ];
  // Shipping is one more line (not `shipments`), so that the payment's transaction_amount is the order's total.
  if (order.shippingCost <= 0) return goodsLines;
  const place = order.zone?.name ? ` (${order.zone.name})` : '';
  return [
    ...goodsLines,
    { id: 'envio', title: `Envío a domicilio${place}`, quantity: 1, unit_price: order.shippingCost, currency_id: 'ARS' },
  ];
}

/**
 * The X-Idempotency-Key of an order's preference: the checkout's Idempotency-Key joined to the order number (never
 * the key alone: after a failed attempt the key is free again for a new order with a new number, and Mercado Pago
 * must not answer that order with a preference made for the discarded one), else the order's documentId.
 */
export function preferenceKey(order: OrderAnswer, idempotencyKey: string | null): string {
  return idempotencyKey ? `${idempotencyKey}-${order.orderNumber}` : `order-${order._id}`;
}

/**
 * Where the shopper pays a new Mercado Pago order: a Checkout Pro preference with the server's figures, the order
 * number as external_reference, this shop's webhook and the tracking page as the way back. The same order (and
 * Idempotency-Key) always gets the same preference: Mercado Pago answers a repeated X-Idempotency-Key with the first one.
 */
export async function checkoutUrlFor(
  order: OrderAnswer,
  idempotencyKey: string | null,
  origin: string | null,
  options: { maxInstallments: number },
): Promise<string> {
  if (order.payment?.checkoutUrl) return order.payment.checkoutUrl;
  const config = mercadoPagoConfig();
  const base = shopBaseUrl(origin);
  const back = trackingUrl(origin, order.orderNumber);
  const preference = await createPreference(
    config,
    {
      items: preferenceItemsOf(order),
      payer: { name: order.shippingInfo.fullName, email: order.shippingInfo.email },
      external_reference: order.orderNumber,
      notification_url: `${base}/api/payments/mercadopago/webhook`,
      back_urls: { success: back, pending: back, failure: back },
      auto_return: 'approved',
      // Cash tickets (Rapipago, Pago Fácil) and ATM payments take days: longer than an order is held.
      payment_methods: { installments: options.maxInstallments, excluded_payment_types: [{ id: 'ticket' }, { id: 'atm' }] },
      expires: order.reservedUntil !== null,
      ...(order.reservedUntil ? { expiration_date_to: order.reservedUntil } : {}),
      statement_descriptor: 'JAZMIN LENCERIA',
    },
    preferenceKey(order, idempotencyKey),
  );
  // Under the order's lock, merged onto what a notice may have stored meanwhile.
  await writeTransaction(async (trx) => {
    const locked = await lockOrder(trx, order._id);
    await storePayment(trx, locked.id, await storedPaymentOf(trx, locked.id), {
      preferenceId: preference.id,
      checkoutUrl: preference.init_point,
    });
  });
  return preference.init_point;
}

/**
 * Removes a Mercado Pago order whose payment could not start: its units go back and its Idempotency-Key is freed.
 * An order that meanwhile got its link (a retry with the same key, answered while this attempt waited for Mercado
 * Pago) is kept, and its link is answered instead (the shopper may be paying it).
 */
export async function discardOrder(documentId: string): Promise<string | null> {
  return writeTransaction(async (trx) => {
    const order = await lockOrder(trx, documentId);
    const stored = await storedPaymentOf(trx, order.id);
    if (stored.checkoutUrl) return stored.checkoutUrl;
    await strapi.service('api::order.order').remove(documentId);
    affectedRows(await table(trx, 'order_idempotency_keys').where('order_document_id', documentId).delete());
    return null;
  });
}
