import type { Order, ReturnLine, ReturnStatusUpdate } from '@shop/shared';
import { ORDERS_TABLE, insertOrder, numberOrder, recordStatusChange, type Actor } from '../orders';
import { createStoreCredit } from '../promotions';
import { table, type Trx } from '../../utils/db-write';
import type { Row } from './return-store';

export type RefundChoice = Pick<ReturnStatusUpdate, 'refundMethod'>;

/**
 * The exchange of a received request becomes an order of its own (the day's next number), with the new variants
 * at the price paid for the ones returned: an exchange of the same product is even, so its total is 0 and it is
 * paid. Its units are the ones the request held, so nothing is taken again; it is packed and delivered like any order.
 */
export async function createExchangeOrder(
  trx: Trx,
  original: Order,
  returnNumber: string,
  lines: readonly ReturnLine[],
): Promise<{ orderNumber: string; documentId: string }> {
  const now = new Date();
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
      orderStatus: 'paid',
      reservedUntil: null,
      subtotal,
      shippingCost: 0,
      cashFee: 0,
      discountTotal: subtotal,
      total: 0,
      notes: `Cambio ${returnNumber} del pedido ${original.orderNumber}`,
      transferProofUrl: null,
    },
    now,
  );
  const documentId = String(created.documentId);
  const orderNumber = await numberOrder(trx, Number(created.id));
  await table(trx, ORDERS_TABLE).where('id', Number(created.id)).update({ paid_at: now });
  await recordStatusChange({
    orderDocumentId: documentId,
    from: null,
    to: 'paid',
    by: { kind: 'system', id: null, name: 'Tienda' },
    note: `Orden de cambio ${returnNumber} del pedido ${original.orderNumber}`,
    at: now,
  });
  return { orderNumber, documentId };
}

/**
 * What the shop gives back when the garments arrive (once: only the caller that moved the request to received gets
 * here): store credit as a one-use coupon of that amount (default), or a transfer recorded as done by staff.
 */
export async function settleRefund(trx: Trx, row: Row, choice: RefundChoice & { message?: string | null }, by: Actor): Promise<Row | null> {
  const amount = Number(row.refund_due) || 0;
  if (amount <= 0) return null;
  const at = new Date().toISOString();
  if (choice.refundMethod === 'transfer') {
    return {
      method: 'transfer',
      amount,
      couponCode: null,
      reference: choice.message?.trim() || `Transferencia registrada por ${by.name}`,
      at,
    };
  }
  const code = `CREDITO-${String(row.return_number)}`;
  await createStoreCredit(trx, code, amount);
  return { method: 'coupon', amount, couponCode: code, reference: null, at };
}
