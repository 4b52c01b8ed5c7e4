import type { Modules } from '@strapi/strapi';
import { isOrderChannel } from '@shop/shared';
import { badRequest } from '../../utils/http';
import type { OrderListQuery } from './order-admin';

type Where = Record<string, unknown>;
/** A condition of the Document Service's filters on orders. */
export type OrderFilter = Modules.Documents.Params.Filters.Any<'api::order.order'>;

export const CHANNEL_FILTER_MESSAGE = 'El canal debe ser web, whatsapp, instagram, local, phone u other';

/** The query-engine condition of one channel: web also matches the orders older than channels (no channel stored). */
export function channelCondition(channel: string): Where {
  if (!isOrderChannel(channel)) throw badRequest(CHANNEL_FILTER_MESSAGE);
  return channel === 'web' ? { $or: [{ channel: 'web' }, { channel: { $null: true } }] } : { channel };
}

/** The list's `channel` and `search` (order number, name, e-mail or phone) filters, as query-engine conditions. */
export function listSearchFilters(query: Pick<OrderListQuery, 'channel' | 'search'>): OrderFilter[] {
  const where: Where[] = [];
  if (query.channel !== undefined) where.push(channelCondition(query.channel));
  const term = query.search?.trim();
  if (term) {
    if (term.length > 100) throw badRequest('La búsqueda no puede superar 100 caracteres');
    where.push({
      $or: [
        { orderNumber: { $containsi: term } },
        { shippingInfo: { fullName: { $containsi: term } } },
        { shippingInfo: { email: { $containsi: term } } },
        { shippingInfo: { phone: { $containsi: term } } },
      ],
    });
  }
  // The same conditions as the export's (query-engine notation, which the Document Service's filters take).
  return where as OrderFilter[];
}
