import { isOrderChannel } from '@shop/shared';
import { badRequest } from '../../utils/http';

type Where = Record<string, unknown>;

export const CHANNEL_FILTER_MESSAGE = 'El canal debe ser web, whatsapp, instagram, local, phone, other o mercadolibre';

/** The query-engine condition of one channel (the export's): web also matches the orders older than channels. */
export function channelCondition(channel: string): Where {
  if (!isOrderChannel(channel)) throw badRequest(CHANNEL_FILTER_MESSAGE);
  return channel === 'web' ? { $or: [{ channel: 'web' }, { channel: { $null: true } }] } : { channel };
}
