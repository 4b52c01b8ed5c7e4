// Payment links of sales taken by staff: a fresh Mercado Pago preference for an unpaid order, and its WhatsApp message.
import { MANUAL_ORDER_MESSAGES, offeredInstallments, paymentLinkWhatsapp } from '@shop/shared';
import { table, writeTransaction } from '../../utils/db-write';
import { badRequest } from '../../utils/http';
import { getOrder, lockOrder, ORDERS_TABLE, type OrderAnswer } from '../orders';
import { badGateway, checkoutUrlFor } from './mercadopago-checkout';
import { MercadoPagoError } from './mercadopago-client';

export interface PaymentLink {
  order: OrderAnswer;
  paymentUrl: string;
  whatsappUrl: string | null;
}

export const STAFF_LINK_DOWN = 'No pudimos conectar con Mercado Pago para crear el link de pago: probá de nuevo en unos minutos.';

/** Why an order cannot get a payment link (Spanish, for a 400), or null when it can. */
export function paymentLinkRefusal(order: Pick<OrderAnswer, 'paymentMethod' | 'status' | 'paidAt'>): string | null {
  if (order.status === 'cancelled') return MANUAL_ORDER_MESSAGES.linkCancelled;
  if (order.paidAt || order.status === 'paid' || order.status === 'refunded' || order.status === 'confirmado')
    return MANUAL_ORDER_MESSAGES.linkPaid;
  if (order.paymentMethod !== 'mercadopago' || order.status !== 'pending_payment') return MANUAL_ORDER_MESSAGES.linkMethod;
  return null;
}

async function maxInstallments(): Promise<number> {
  const content = await strapi.service('api::site-content.site-content').getContent();
  return offeredInstallments(content.checkout.paymentInfo.mercadoPago);
}

/** The link of a new Mercado Pago sale (the order's own preference) with its WhatsApp message; MercadoPagoError passes through. */
export async function firstPaymentLink(order: OrderAnswer, origin: string | null): Promise<PaymentLink> {
  const paymentUrl = await checkoutUrlFor(order, null, origin, { maxInstallments: await maxInstallments() });
  const fresh = await getOrder(order._id);
  return { order: fresh, paymentUrl, whatsappUrl: paymentLinkWhatsapp(fresh, paymentUrl) };
}

/**
 * A fresh link for an unpaid Mercado Pago order: the hold starts again (the shop's Mercado Pago reservation from now)
 * and a new preference replaces the old one; payments of either are applied by the same signed webhook.
 */
export async function freshPaymentLink(documentId: string, origin: string | null): Promise<PaymentLink> {
  const content = await strapi.service('api::site-content.site-content').getContent();
  const minutes = content.checkout.paymentInfo.mercadoPago.reservationMinutes;
  const holdUntil = new Date(Date.now() + minutes * 60_000);
  await writeTransaction(async (trx) => {
    await lockOrder(trx, documentId);
    const order = await getOrder(documentId);
    const refusal = paymentLinkRefusal(order);
    if (refusal) throw badRequest(refusal);
    await table(trx, ORDERS_TABLE).where('document_id', documentId).update({ reserved_until: holdUntil });
  });
  const order = await getOrder(documentId);
  const unlinked: OrderAnswer = { ...order, payment: order.payment ? { ...order.payment, checkoutUrl: null } : null };
  try {
    const paymentUrl = await checkoutUrlFor(unlinked, `link-${Date.now()}`, origin, { maxInstallments: await maxInstallments() });
    const fresh = await getOrder(documentId);
    return { order: fresh, paymentUrl, whatsappUrl: paymentLinkWhatsapp(fresh, paymentUrl) };
  } catch (err) {
    if (err instanceof MercadoPagoError) throw badGateway(STAFF_LINK_DOWN);
    throw err;
  }
}
