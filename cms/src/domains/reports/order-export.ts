import { LIMITS, exportTimeRange, keysetPages, orderExportCells, type CsvValue, type OrderExportFilters } from '@shop/shared';
import { channelCondition, fulfillmentStepsOf, ORDER_POPULATE, ORDER_UID } from '../orders';
import { refundedByOrder } from '../returns';
import { isRecord } from '../../utils/db-write';

type Where = Record<string, unknown>;

/** The query-engine conditions of the export's filters (the orders list's plus payment method, search and range). */
function whereOf(filters: OrderExportFilters): Where[] {
  const where: Where[] = [];
  if (filters.status) where.push({ orderStatus: filters.status });
  if (filters.paymentMethod) where.push({ paymentMethod: filters.paymentMethod });
  if (filters.fulfillment) where.push({ fulfillment: filters.fulfillment });
  if (filters.channel) where.push(channelCondition(filters.channel));
  const { start, end } = exportTimeRange(filters);
  if (start) where.push({ createdAt: { $gte: start } });
  if (end) where.push({ createdAt: { $lt: end } });
  if (filters.search) {
    const term = filters.search.toLowerCase();
    where.push({
      $or: [
        { orderNumber: { $containsi: term } },
        { shippingInfo: { fullName: { $containsi: term } } },
        { shippingInfo: { email: { $containsi: term } } },
      ],
    });
  }
  return where;
}

const num = (v: unknown) => (typeof v === 'number' ? v : Number(v) || 0);
const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** A stored order as the export's row builder reads it. */
function exportedOrder(doc: Record<string, unknown>, returned: ReadonlyMap<string, number>) {
  const info = isRecord(doc.shippingInfo) ? doc.shippingInfo : null;
  return orderExportCells({
    orderNumber: str(doc.orderNumber) ?? '',
    createdAt: (doc.createdAt as string | null) ?? null,
    status: str(doc.orderStatus) ?? '',
    paymentMethod: str(doc.paymentMethod) ?? '',
    deliveryType: str(doc.deliveryType),
    zoneName: isRecord(doc.zone) ? str(doc.zone.name) : null,
    meetingPointTitle: isRecord(doc.meetingPoint) ? str(doc.meetingPoint.title) : null,
    shippingInfo: info
      ? { fullName: str(info.fullName), email: str(info.email), phone: str(info.phone), address: str(info.address), city: str(info.city) }
      : null,
    items: (Array.isArray(doc.items) ? doc.items : []).filter(isRecord).map((i) => ({
      title: str(i.title),
      quantity: num(i.quantity),
      size: str(i.size),
      color: str(i.color),
      sku: str(i.sku),
    })),
    subtotal: num(doc.subtotal),
    shippingCost: num(doc.shippingCost),
    cashFee: num(doc.cashFee),
    total: num(doc.total),
    paidAt: (doc.paidAt as string | null) ?? null,
    discountTotal: num(doc.discountTotal),
    discounts: (Array.isArray(doc.discounts) ? doc.discounts : [])
      .filter(isRecord)
      .map((d) => ({ label: str(d.label) ?? '', amount: num(d.amount) })),
    couponCode: str(doc.couponCode),
    fulfillment: str(doc.fulfillment),
    deliveredAt: fulfillmentStepsOf(doc.fulfillmentSteps).find((e) => e.step === 'delivered')?.at ?? null,
    channel: str(doc.channel),
    createdByName: str(doc.takenByName),
    returned: returned.get(String(doc.documentId)) ?? 0,
  });
}

/**
 * The export's rows, newest first, read in batches of LIMITS.exportBatchSize by id (keyset: `id < last id`, never
 * OFFSET), each batch with its items and shipping details: one batch in memory at a time.
 */
export async function* orderExportBatches(
  filters: OrderExportFilters,
  batchSize: number = LIMITS.exportBatchSize,
): AsyncGenerator<CsvValue[][]> {
  const where = whereOf(filters);
  const fetchPage = async (before: number | null, size: number) => {
    const docs: unknown[] = await strapi.db.query(ORDER_UID).findMany({
      where: { $and: before === null ? where : [...where, { id: { $lt: before } }] },
      orderBy: [{ id: 'desc' }],
      limit: size,
      populate: ORDER_POPULATE,
    });
    return docs.filter(isRecord).map((doc) => ({ ...doc, id: num(doc.id), documentId: String(doc.documentId ?? '') }));
  };
  for await (const page of keysetPages(fetchPage, batchSize)) {
    const returned = await refundedByOrder(page.map((doc) => doc.documentId));
    yield page.map((doc) => exportedOrder(doc, returned));
  }
}
