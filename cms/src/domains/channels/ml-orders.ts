import { catalogueVariantsOfSkus, type CatalogueVariant } from '../catalogue';
import { cancelChannelSale, recordChannelSale, type Actor, type NewOrderItem } from '../orders';
import { insertDocumentOnce, isRecord, table, writeTransaction, type Trx } from '../../utils/db-write';
import { withAccessToken } from './access-token';
import { MERCADOLIBRE, readAccount } from './channel-account';
import { MercadoLibreCallError } from './mercadolibre-client';
import { fetchOrder, fetchShipment, type Body } from './ml-sales-client';

/**
 * Mercado Libre's sales as the shop's orders. A notified order is fetched with the account's token (nothing of the
 * notification is trusted but the resource) and applied in one transaction on its row in `channel_orders` (unique on
 * Mercado Libre's order id, locked first): paid and new → a paid order with channel `mercadolibre`, its units taken
 * (never below 0: "Vendido sin stock"); cancelled after being recorded → the order cancelled, only the units it took
 * given back, once. However many notifications, in whatever order: the state fetched decides, and the row says what
 * was done already.
 */
export const CHANNEL_ORDERS_TABLE = 'channel_orders';
export const ORDER_RESOURCE_RE = /^\/orders\/(\d{1,20})$/;
const MERCADOLIBRE_ACTOR: Actor = { kind: 'system', id: null, name: 'Mercado Libre' };

const record = (value: unknown): Body => (isRecord(value) ? value : {});
const list = (value: unknown): Body[] => (Array.isArray(value) ? value.filter(isRecord) : []);
const idText = (value: unknown): string | null =>
  (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && /^\d{1,20}$/.test(value)) ? String(value) : null;
const str = (value: unknown, max = 200): string => (typeof value === 'string' ? value.slice(0, max) : '');
const pesos = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : 0);

/** The line's SKU: the item's `seller_sku`, else the variation's SELLER_SKU attribute. */
export function skuOfLine(line: Body): string | null {
  const item = record(line.item);
  if (typeof item.seller_sku === 'string' && item.seller_sku.trim()) return item.seller_sku.trim();
  const attribute = list(item.variation_attributes).find((a) => a.id === 'SELLER_SKU');
  const value = attribute ? (attribute.value_name ?? attribute.value) : null;
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

function orderLines(order: Body, variants: Map<string, CatalogueVariant>): NewOrderItem[] {
  return list(order.order_items).map((line) => {
    const item = record(line.item);
    const sku = skuOfLine(line);
    const found = sku ? variants.get(sku) : undefined;
    const quantity = Math.max(1, Math.floor(Number(line.quantity) || 1));
    return {
      productId: found?.productId ?? '',
      title: found?.title ?? (str(item.title) || `Artículo ${str(item.id, 40)}`),
      image: null,
      quantity,
      price: pesos(line.unit_price),
      size: found?.variant.size ?? null,
      color: found?.variant.color ?? null,
      variantId: found?.variant.id ?? null,
      sku: sku ?? null,
    };
  });
}

/**
 * The variants of the sale's SKUs that can give it units (a variant switched off takes none: the order is flagged),
 * looked up by SKU, not by reading the catalogue.
 */
async function variantsOfSale(order: Body): Promise<Map<string, CatalogueVariant>> {
  const skus = list(order.order_items).flatMap((line) => skuOfLine(line) ?? []);
  const found = await catalogueVariantsOfSkus(skus);
  for (const [sku, entry] of found) if (!entry.variant.active) found.delete(sku);
  return found;
}

interface ChannelOrderRow {
  id: number;
  orderDocumentId: string | null;
  status: string | null;
}

/** The sale's row, written if new and locked (PostgreSQL's row lock; SQLite's write lock) for this transaction. */
async function lockRow(trx: Trx, externalOrderId: string): Promise<ChannelOrderRow> {
  await insertDocumentOnce(
    trx,
    CHANNEL_ORDERS_TABLE,
    { channel: MERCADOLIBRE, external_order_id: externalOrderId, status: 'new' },
    'external_order_id',
  );
  await table(trx, CHANNEL_ORDERS_TABLE).where('external_order_id', externalOrderId).update({ updated_at: new Date() });
  const row: unknown = await table(trx, CHANNEL_ORDERS_TABLE).where('external_order_id', externalOrderId).first();
  if (!isRecord(row)) throw new Error('channel order row missing');
  return {
    id: Number(row.id),
    orderDocumentId: typeof row.order_document_id === 'string' ? row.order_document_id : null,
    status: typeof row.status === 'string' ? row.status : null,
  };
}

/** The shipment's address (best effort: the sale is recorded without it when Mercado Libre does not give it). */
async function shipmentAddress(shipmentId: string | null) {
  if (!shipmentId) return { address: null, city: null, postalCode: null };
  const shipment = await withAccessToken((token) => fetchShipment(token, shipmentId));
  const address = record(shipment.receiver_address);
  return {
    address: str(address.address_line) || null,
    city: str(record(address.city).name) || null,
    postalCode: str(address.zip_code, 20) || null,
  };
}

/** Applies what Mercado Libre says of one order now. */
export async function syncOrder(resource: string): Promise<void> {
  const id = ORDER_RESOURCE_RE.exec(resource)?.[1];
  if (!id) return;
  const order = await withAccessToken((token) => fetchOrder(token, id));
  const account = await readAccount();
  const sellerId = idText(record(order.seller).id);
  if (!account?.externalUserId || sellerId !== String(account.externalUserId)) {
    strapi.log.warn(`[channels] Mercado Libre order ${id} is not of the connected account: ignored`);
    return;
  }
  const status = str(order.status, 40);
  const packId = idText(order.pack_id);
  const shipmentId = idText(record(order.shipping).id);
  const paid = status === 'paid';
  const variants = paid ? await variantsOfSale(order) : new Map<string, CatalogueVariant>();
  const place = paid ? await shipmentAddress(shipmentId) : null;
  await writeTransaction(async (trx) => {
    const row = await lockRow(trx, id);
    if (paid && !row.orderDocumentId && row.status !== 'cancelled') {
      const buyer = record(order.buyer);
      const items = orderLines(order, variants);
      const subtotal = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
      // Mercado Libre's own figures are the sale's: its items' total (after its coupons and campaigns) and what the
      // buyer paid (with the shipping she paid). The lines keep the unit prices; what Mercado Libre took off them is
      // the order's discount, so subtotal - discount + shipping = total, Mercado Libre's to the peso.
      const totalAmount = pesos(order.total_amount);
      const paidAmount = pesos(order.paid_amount);
      const itemsTotal = totalAmount > 0 ? totalAmount : subtotal;
      const discountTotal = Math.max(0, subtotal - itemsTotal);
      const shippingCost = Math.max(0, paidAmount - totalAmount);
      const saleFee = Math.round(
        list(order.order_items).reduce((sum, line) => sum + (Number(line.sale_fee) || 0) * (Number(line.quantity) || 1), 0),
      );
      const payment = list(order.payments)[0];
      const nickname = str(buyer.nickname, 100);
      const recorded = await recordChannelSale(trx, {
        channel: MERCADOLIBRE,
        external: {
          orderId: id,
          packId,
          shipmentId,
          paymentStatus: str(payment?.status, 40) || null,
          saleFee,
          buyerNickname: nickname || null,
          totalAmount: totalAmount || null,
          paidAmount: paidAmount || null,
        },
        buyer: {
          fullName: `${str(buyer.first_name, 100)} ${str(buyer.last_name, 100)}`.trim() || nickname || 'Compradora de Mercado Libre',
          email: '',
          phone: '',
          ...(place ?? { address: null, city: null, postalCode: null }),
          notes: nickname ? `Mercado Libre: ${nickname}` : null,
        },
        items,
        subtotal,
        shippingCost,
        discountTotal,
        total: subtotal - discountTotal + shippingCost,
        note: `Venta de Mercado Libre n.º ${id}${packId ? ` (carrito ${packId})` : ''}`,
        by: MERCADOLIBRE_ACTOR,
      });
      await table(trx, CHANNEL_ORDERS_TABLE)
        .where('id', row.id)
        .update({ order_document_id: recorded.documentId, status: 'paid', pack_id: packId });
      strapi.log.info(`[channels] Mercado Libre sale ${id} recorded as order ${recorded.orderNumber}`);
      return;
    }
    if (status === 'cancelled' && row.status !== 'cancelled') {
      if (row.orderDocumentId) {
        await cancelChannelSale(trx, row.orderDocumentId, MERCADOLIBRE_ACTOR, `Mercado Libre canceló la venta n.º ${id}`);
      }
      await table(trx, CHANNEL_ORDERS_TABLE).where('id', row.id).update({ status: 'cancelled' });
      return;
    }
    // Not paid yet (payment_required, in process…): nothing taken until it is.
    if (!row.orderDocumentId && row.status !== 'cancelled' && row.status !== status) {
      await table(trx, CHANNEL_ORDERS_TABLE)
        .where('id', row.id)
        .update({ status: status || 'unknown' });
    }
  });
}

/** The channel's sale recorded as this shop order, if any (the fiscal document's pack, and whether it was uploaded). */
export async function channelOrderOf(
  orderDocumentId: string,
): Promise<{ externalOrderId: string; packId: string | null; status: string; invoiceUploaded: boolean } | null> {
  const row: unknown = await table(strapi.db.connection, CHANNEL_ORDERS_TABLE).where('order_document_id', orderDocumentId).first();
  if (!isRecord(row)) return null;
  return {
    externalOrderId: String(row.external_order_id),
    packId: typeof row.pack_id === 'string' ? row.pack_id : null,
    status: String(row.status),
    invoiceUploaded: row.invoice_uploaded_at !== null && row.invoice_uploaded_at !== undefined,
  };
}

/** The `order` job: a notified sale applied; an order Mercado Libre refuses to show (another seller's, unknown) is dropped. */
export async function runOrderJob(resource: string): Promise<void> {
  try {
    await syncOrder(resource);
  } catch (error) {
    if (error instanceof MercadoLibreCallError && error.kind === 'refused' && (error.status === 403 || error.status === 404)) {
      strapi.log.warn(`[channels] Mercado Libre ${resource}: answered ${error.status}, ignored`);
      return;
    }
    throw error;
  }
}
