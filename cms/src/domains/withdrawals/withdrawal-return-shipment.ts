import {
  CARRIER_LABELS,
  DEFAULT_PARCEL,
  SHOP_BRAND,
  WITHDRAWAL_MESSAGES,
  provinceCodeSchema,
  type Parcel,
  type StaffWithdrawal,
} from '@shop/shared';
import { getOrder, recordStatusChange, type Actor, type OrderAnswer } from '../orders';
import { carrierLabel, createCarrierShipment, parcelsOfItems, shippingReturnAddress } from '../shipping';
import { affectedRows, table, writeTransaction } from '../../utils/db-write';
import { ApiError, conflict, notFound } from '../../utils/http';
import { changeWithdrawalStatus } from './withdrawal-status';
import {
  WITHDRAWALS_TABLE,
  findStaffWithdrawal,
  findWithdrawal,
  linesOf,
  returnShipmentOf,
  statusOf,
  type Row,
  type StoredReturnShipment,
} from './withdrawal-store';

/**
 * A national order's withdrawal: the goods are collected by the shop at its expense (issue 59 §1, Res. 424/2020), so
 * staff make a return shipment with the order's own carrier, from her address to the shop's return address
 * (Configuración › Envíos), paid by the shop's account. Made once per request: the row is claimed before the carrier
 * is asked (two clicks make one shipment; a claim left by a process that died is taken again after a minute) and the
 * carrier's reference is the request's code, so a retry after a lost answer finds the same shipment there. A request
 * still "Recibido" moves to "Retiro coordinado", whose e-mail gives her the carrier and the number.
 */

/** A claim older than this (a process that died while asking the carrier) may be taken again. */
const STALE_CLAIM_MS = 60_000;

/** The steps at which the goods are still with her: a return shipment is made only then. */
const BEFORE_RECEPTION = new Set(['received', 'pickup_arranged']);

interface ReturnPlan {
  row: Row;
  order: OrderAnswer;
  carrier: StoredReturnShipment['carrier'];
}

/** The request and its order, checked: open and before reception, sent by a carrier. */
async function planOf(documentId: string): Promise<ReturnPlan> {
  const row = await findWithdrawal(strapi.db.connection, documentId);
  if (!row) throw notFound(WITHDRAWAL_MESSAGES.notFoundStaff);
  const order = await getOrder(String(row.order_document_id));
  const carrier = order.deliveryType === 'carrier' ? order.nationalShipping?.carrier : undefined;
  if (!carrier || !order.nationalShipping) throw conflict(WITHDRAWAL_MESSAGES.returnNotCarrier);
  return { row, order, carrier };
}

/** The lines she withdraws, packed as the quote packs them (the owner's default parcel when a product is gone). */
async function parcelsOf(row: Row): Promise<Parcel[]> {
  const items = linesOf(row).flatMap((line) => (line.productId ? [{ productId: line.productId, quantity: line.quantity }] : []));
  if (items.length === 0) return [DEFAULT_PARCEL];
  return parcelsOfItems(items).catch(() => [DEFAULT_PARCEL]);
}

/** Claims the request's one return shipment: true when this call may ask the carrier. */
async function claim(row: Row): Promise<boolean> {
  const now = new Date();
  return writeTransaction(async (trx) => {
    const taken = affectedRows(
      await table(trx, WITHDRAWALS_TABLE)
        .where('id', Number(row.id))
        .whereNull('return_shipment')
        .andWhere((q) => {
          void q
            .whereNull('return_shipment_claimed_at')
            .orWhere('return_shipment_claimed_at', '<', new Date(now.getTime() - STALE_CLAIM_MS));
        })
        .update({ return_shipment_claimed_at: now, updated_at: now }),
    );
    return taken === 1;
  });
}

async function release(row: Row): Promise<void> {
  await writeTransaction(async (trx) => {
    await table(trx, WITHDRAWALS_TABLE)
      .where('id', Number(row.id))
      .whereNull('return_shipment')
      .update({ return_shipment_claimed_at: null });
  });
}

/**
 * POST /withdrawals/{id}/return-shipment: the return shipment, made now or the one already made. 409 (Spanish) when
 * the order did not go by a carrier, the goods are already back or the request was settled, the shop's return
 * address is missing, or another click is making it; the carrier's failures as the order's shipments answer them.
 */
export async function createWithdrawalReturnShipment(documentId: string, by: Actor, origin: string | null): Promise<StaffWithdrawal> {
  const { row, order, carrier } = await planOf(documentId);
  if (returnShipmentOf(row)) return (await findStaffWithdrawal(documentId))!;
  if (!BEFORE_RECEPTION.has(statusOf(row))) throw conflict(WITHDRAWAL_MESSAGES.returnStep);
  const shop = await shippingReturnAddress();
  if (!shop) throw conflict(WITHDRAWAL_MESSAGES.returnNoAddress);
  if (!(await claim(row))) throw new ApiError(409, WITHDRAWAL_MESSAGES.returnCreating);
  const national = order.nationalShipping!;
  const province = provinceCodeSchema.safeParse(national.address.province);
  const shopper = { name: order.shippingInfo.fullName, email: order.shippingInfo.email ?? '', phone: order.shippingInfo.phone ?? '' };
  let stored: StoredReturnShipment;
  try {
    const { phone, ...shopAddress } = shop;
    const made = await createCarrierShipment(carrier, {
      // The request's code: unique, and a retry after a lost answer finds the same shipment at the carrier.
      reference: String(row.code),
      serviceCode: national.type === 'door' ? national.serviceCode : carrier === 'andreani' ? 'estandar' : 'CP',
      type: 'door',
      branchId: null,
      recipient: { name: SHOP_BRAND, email: '', phone },
      address: shopAddress,
      pickup: { ...national.address, province: province.success ? province.data : 'AR-Q' },
      parcels: await parcelsOf(row),
      declaredValue: Number(row.refund_due) || 0,
      sender: shopper,
    });
    stored = { carrier, trackingNumber: made.trackingNumber, carrierRef: made.carrierRef, createdAt: new Date().toISOString() };
  } catch (error) {
    await release(row);
    throw error;
  }
  const now = new Date();
  await writeTransaction(async (trx) => {
    await table(trx, WITHDRAWALS_TABLE)
      .where('id', Number(row.id))
      .update({ return_shipment: JSON.stringify(stored), return_shipment_claimed_at: null, updated_at: now });
    await recordStatusChange({
      orderDocumentId: order._id,
      from: order.status,
      to: order.status,
      by,
      note: `Arrepentimiento ${String(row.code)}: envío de devolución por ${CARRIER_LABELS[carrier]}, seguimiento ${stored.trackingNumber}, a cargo de la tienda`,
      at: now,
    });
  });
  // Still "Recibido": the pickup is arranged now, and its e-mail tells her the carrier and the number.
  if (statusOf(row) === 'received') return changeWithdrawalStatus(documentId, { status: 'pickup_arranged' }, by, origin);
  return (await findStaffWithdrawal(documentId))!;
}

/** GET /withdrawals/{id}/return-shipment/label: the carrier's label (PDF) of the request's return shipment. */
export async function withdrawalReturnLabel(documentId: string): Promise<{ pdf: Buffer; filename: string }> {
  const row = await findWithdrawal(strapi.db.connection, documentId);
  if (!row) throw notFound(WITHDRAWAL_MESSAGES.notFoundStaff);
  const shipment = returnShipmentOf(row);
  if (!shipment) throw conflict(WITHDRAWAL_MESSAGES.returnNone);
  const pdf = await carrierLabel(shipment.carrier, { trackingNumber: shipment.trackingNumber, carrierRef: shipment.carrierRef });
  return { pdf, filename: `devolucion-${String(row.code)}.pdf` };
}
