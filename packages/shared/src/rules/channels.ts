/**
 * Where a sale was made. Web orders come from the storefront; Mercado Libre's sales are recorded from its
 * notifications (docs/api.md "Sales channels"); the others are taken by staff in the back office
 * (POST /api/orders/manual). Orders written before channels existed have none and count as web.
 */
export const ORDER_CHANNELS = ['web', 'whatsapp', 'instagram', 'local', 'phone', 'other', 'mercadolibre'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];

/** The channels a staff member may choose for a sale taken by hand. */
export const MANUAL_ORDER_CHANNELS = ['whatsapp', 'instagram', 'local', 'phone', 'other'] as const satisfies readonly OrderChannel[];
export type ManualOrderChannel = (typeof MANUAL_ORDER_CHANNELS)[number];

export const ORDER_CHANNEL_LABELS: Record<OrderChannel, string> = {
  web: 'Web',
  whatsapp: 'WhatsApp',
  instagram: 'Instagram',
  local: 'Local',
  phone: 'Teléfono',
  other: 'Otro',
  mercadolibre: 'Mercado Libre',
};

export function isOrderChannel(value: unknown): value is OrderChannel {
  return typeof value === 'string' && (ORDER_CHANNELS as readonly string[]).includes(value);
}

/** An order's channel as stored: a missing or unknown value (orders before channels) is web. */
export function channelOf(value: unknown): OrderChannel {
  return isOrderChannel(value) ? value : 'web';
}
