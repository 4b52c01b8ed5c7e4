import { formatPrice, initialOrderStatus, type Order, type ReturnLine, type ReturnStatusUpdate } from '@shop/shared';
import { ORDERS_TABLE, insertOrder, numberOrder, recordStatusChange, type Actor } from '../orders';
import { queueCreditNoteForOrder } from '../invoicing';
import { recordReturnRefund } from '../payments';
import { createStoreCredit } from '../promotions';
import { table, type Trx } from '../../utils/db-write';
import { emit } from '../../utils/events';
import type { RefundPlan } from './return-refund';
import type { Row } from './return-store';

export type RefundChoice = Pick<ReturnStatusUpdate, 'refundMethod'>;

/**
 * The exchange of a received request becomes an order of its own (the day's next number), with the new variants
 * at the price paid for the ones returned: an exchange of the same product is even, so its total is 0 and it is
 * paid. When the shopper pays the exchange's delivery (`chargeDue`, see the request), that is its shipping cost and
 * its total, and it waits for her payment as a new order of its method does (a Mercado Pago link from the order's
 * page, a transfer proof from tracking, cash on delivery). Its units are the ones the request held, so nothing is
 * taken again (and no hold expires them); it is packed and delivered like any order.
 */
export async function createExchangeOrder(
  trx: Trx,
  original: Order,
  returnNumber: string,
  lines: readonly ReturnLine[],
  chargeDue = 0,
): Promise<{ orderNumber: string; documentId: string }> {
  const now = new Date();
  const status = chargeDue > 0 ? initialOrderStatus(original.paymentMethod, false) : 'paid';
  const items = lines.map((line) => ({
    productId: line.productId,
    title: line.title,
    image: original.items[line.lineIndex]?.image ?? '',
    quantity: line.quantity,
    price: line.price,
    size: line.to?.size ?? null,
    color: line.to?.color ?? null,
    variantId: line.to?.variantId ?? null,
    sku: line.to?.sku ?? null,
  }));
  const subtotal = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  const info = original.shippingInfo;
  const created = await insertOrder(
    trx,
    {
      orderNumber: null,
      items: items as Parameters<typeof insertOrder>[1]['items'],
      shippingInfo: {
        fullName: info.fullName,
        email: info.email,
        phone: info.phone,
        address: info.address ?? null,
        city: info.city ?? null,
        postalCode: info.postalCode ?? null,
        notes: info.notes ?? null,
      },
      paymentMethod: original.paymentMethod,
      deliveryType: original.deliveryType,
      zoneId: original.zone?.id ?? null,
      zone: original.zone,
      meetingPointId: original.meetingPoint?.id ?? null,
      meetingPoint: original.meetingPoint,
      discounts: [{ kind: 'promotion', label: `Cambio de ${original.orderNumber}`, amount: subtotal }],
      couponCode: null,
      orderStatus: status,
      reservedUntil: null,
      subtotal,
      shippingCost: chargeDue,
      cashFee: 0,
      discountTotal: subtotal,
      total: chargeDue,
      notes: `Cambio ${returnNumber} del pedido ${original.orderNumber}`,
      transferProofUrl: null,
    },
    now,
  );
  const documentId = String(created.documentId);
  const orderNumber = await numberOrder(trx, Number(created.id));
  if (status === 'paid') await table(trx, ORDERS_TABLE).where('id', Number(created.id)).update({ paid_at: now });
  const charge = chargeDue > 0 ? ` (envío del cambio a cargo de la clienta: ${formatPrice(chargeDue)})` : '';
  await recordStatusChange({
    orderDocumentId: documentId,
    from: null,
    to: status,
    by: { kind: 'system', id: null, name: 'Tienda' },
    note: `Orden de cambio ${returnNumber} del pedido ${original.orderNumber}${charge}`,
    at: now,
  });
  return { orderNumber, documentId };
}

/**
 * What the shop gives back when the garments arrive, recorded once (only the caller that moved the request to
 * received gets here): the partial refund Mercado Pago already made (also added to the order's stored payment, so
 * its later "refunded" notice changes nothing), store credit as a one-use coupon of that amount, a transfer
 * recorded as done by staff, or cash out of a register's open session (event `return.cashRefund`).
 */
export async function settleRefund(
  trx: Trx,
  row: Row,
  plan: RefundPlan,
  message: string | null | undefined,
  by: Actor,
): Promise<Row | null> {
  const amount = Number(row.refund_due) || 0;
  if (amount <= 0 || !plan) return null;
  const at = new Date().toISOString();
  // The money given back is credited on the order's invoice (a Nota de crédito queued for the invoice sweep).
  await queueCreditNoteForOrder(trx, String(row.order_document_id), String(row.order_number ?? ''), String(row.return_number), amount);
  if (plan.method === 'mercadopago') {
    await recordReturnRefund(trx, String(row.order_document_id), amount);
    const reference = `Reembolso ${plan.refundId} del pago ${plan.paymentId} de Mercado Pago`;
    return { method: 'mercadopago', amount, couponCode: null, reference, at };
  }
  if (plan.method === 'cash') {
    // The counter writes the refund in the register's open session, or refuses (409) and nothing is received.
    await emit('return.cashRefund', {
      trx,
      registerId: plan.registerId,
      amount,
      returnNumber: String(row.return_number),
      orderNumber: String(row.order_number ?? ''),
      by: { id: by.id, name: by.name },
    });
    return { method: 'cash', amount, couponCode: null, reference: `Efectivo de la caja, entregado por ${by.name}`, at };
  }
  if (plan.method === 'transfer') {
    return { method: 'transfer', amount, couponCode: null, reference: message?.trim() || `Transferencia registrada por ${by.name}`, at };
  }
  const code = `CREDITO-${String(row.return_number)}`;
  await createStoreCredit(trx, code, amount);
  return { method: 'coupon', amount, couponCode: code, reference: null, at };
}
